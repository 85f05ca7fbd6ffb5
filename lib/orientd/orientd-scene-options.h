/* orientd-scene-options.h: how an app window registers.
 * SPDX-License-Identifier: MIT */
#pragma once

#if !defined(__ORIENTD_H_INSIDE__) && !defined(ORIENTD_COMPILATION)
#error "Only <orientd.h> can be included directly."
#endif

#include <glib-object.h>
#include "orientd-enums.h"

G_BEGIN_DECLS

#define ORIENTD_TYPE_SCENE_OPTIONS (orientd_scene_options_get_type ())
G_DECLARE_FINAL_TYPE (OrientdSceneOptions, orientd_scene_options, ORIENTD, SCENE_OPTIONS, GObject)

OrientdSceneOptions *orientd_scene_options_new (const char *app_id);
void orientd_scene_options_set_idiom (OrientdSceneOptions *self, OrientdIdiom idiom);
void orientd_scene_options_set_supported_orientations (OrientdSceneOptions *self, OrientdOrientationMask mask);
void orientd_scene_options_set_window_orientations (OrientdSceneOptions *self,
                                                    OrientdOrientationMask scene_delegate,
                                                    OrientdOrientationMask app_delegate);
void orientd_scene_options_set_size (OrientdSceneOptions *self, guint width, guint height);
void orientd_scene_options_set_display (OrientdSceneOptions *self, const char *display);
void orientd_scene_options_set_detached (OrientdSceneOptions *self, gboolean detached);

G_END_DECLS

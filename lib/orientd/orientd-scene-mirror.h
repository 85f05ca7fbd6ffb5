/* orientd-scene-mirror.h: the app's own copy of a scene's controllers, to register again.
 * SPDX-License-Identifier: MIT */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _OrientdSceneMirror OrientdSceneMirror;

/* One call of the replay: a Scene method and its parameters. */
typedef struct
{
  const char *method;
  GVariant *parameters;
} OrientdReplayCall;

OrientdSceneMirror *orientd_scene_mirror_new (void);
void orientd_scene_mirror_free (OrientdSceneMirror *mirror);
void orientd_scene_mirror_set_root (OrientdSceneMirror *mirror, const char *id, const char *kind, GVariant *properties);
void orientd_scene_mirror_add_child (OrientdSceneMirror *mirror, const char *container, const char *id,
                                     const char *kind, GVariant *properties);
void orientd_scene_mirror_pop (OrientdSceneMirror *mirror, const char *navigation);
void orientd_scene_mirror_select_tab (OrientdSceneMirror *mirror, const char *tab, const char *child);
void orientd_scene_mirror_present (OrientdSceneMirror *mirror, const char *presenter, const char *id,
                                   const char *kind, GVariant *properties);
void orientd_scene_mirror_dismiss (OrientdSceneMirror *mirror, const char *id);
void orientd_scene_mirror_set_properties (OrientdSceneMirror *mirror, const char *id, GVariant *properties);
void orientd_scene_mirror_set_mode (OrientdSceneMirror *mirror, const char *id, const char *mode);
GArray *orientd_scene_mirror_replay (OrientdSceneMirror *mirror);

G_END_DECLS

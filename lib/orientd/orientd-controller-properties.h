/* orientd-controller-properties.h: what a view controller declares.
 * SPDX-License-Identifier: MIT */
#pragma once

#if !defined(__ORIENTD_H_INSIDE__) && !defined(ORIENTD_COMPILATION)
#error "Only <orientd.h> can be included directly."
#endif

#include <glib-object.h>
#include "orientd-enums.h"

G_BEGIN_DECLS

#define ORIENTD_TYPE_CONTROLLER_PROPERTIES (orientd_controller_properties_get_type ())
G_DECLARE_FINAL_TYPE (OrientdControllerProperties, orientd_controller_properties, ORIENTD, CONTROLLER_PROPERTIES, GObject)

OrientdControllerProperties *orientd_controller_properties_new (void);
void orientd_controller_properties_set_supported_orientations (OrientdControllerProperties *self,
                                                               OrientdOrientationMask mask);
void orientd_controller_properties_set_preferred_orientation (OrientdControllerProperties *self,
                                                              OrientdInterfaceOrientation orientation);
void orientd_controller_properties_set_should_autorotate (OrientdControllerProperties *self, gboolean autorotate);
void orientd_controller_properties_set_fills_window (OrientdControllerProperties *self, gboolean fills);
void orientd_controller_properties_set_forwards_orientation (OrientdControllerProperties *self, gboolean forwards);
void orientd_controller_properties_set_prefers_orientation_locked (OrientdControllerProperties *self,
                                                                   gboolean prefers_locked);
gboolean orientd_controller_properties_get_prefers_orientation_locked (OrientdControllerProperties *self);

G_END_DECLS

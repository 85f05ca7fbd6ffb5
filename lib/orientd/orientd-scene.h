/* orientd-scene.h: one app window and its view controllers.
 * SPDX-License-Identifier: MIT */
#pragma once

#if !defined(__ORIENTD_H_INSIDE__) && !defined(ORIENTD_COMPILATION)
#error "Only <orientd.h> can be included directly."
#endif

#include <gio/gio.h>
#include "orientd-enums.h"
#include "orientd-client.h"
#include "orientd-controller-properties.h"

G_BEGIN_DECLS

#define ORIENTD_TYPE_SCENE (orientd_scene_get_type ())
G_DECLARE_FINAL_TYPE (OrientdScene, orientd_scene, ORIENTD, SCENE, GObject)

OrientdClient *orientd_scene_get_client (OrientdScene *self);
const char *orientd_scene_get_object_path (OrientdScene *self);
gboolean orientd_scene_get_registered (OrientdScene *self);
char *orientd_scene_dup_app_id (OrientdScene *self);
OrientdIdiom orientd_scene_get_idiom (OrientdScene *self);
char *orientd_scene_dup_display (OrientdScene *self);
gboolean orientd_scene_get_detached (OrientdScene *self);
gboolean orientd_scene_get_observed (OrientdScene *self);
OrientdInterfaceOrientation orientd_scene_get_interface_orientation (OrientdScene *self);
OrientdOrientationMask orientd_scene_get_supported_orientations (OrientdScene *self);
char *orientd_scene_dup_deciding_controller (OrientdScene *self);
guint orientd_scene_get_width (OrientdScene *self);
guint orientd_scene_get_height (OrientdScene *self);
gboolean orientd_scene_get_split_view (OrientdScene *self);
OrientdActivationState orientd_scene_get_activation_state (OrientdScene *self);
gboolean orientd_scene_get_status_bar_hidden (OrientdScene *self);
gboolean orientd_scene_get_orientation_locked (OrientdScene *self);

/* Controllers */
void orientd_scene_set_root_controller (OrientdScene *self, const char *id, OrientdControllerKind kind,
                                        OrientdControllerProperties *properties, GCancellable *cancellable,
                                        GAsyncReadyCallback callback, gpointer user_data);
gboolean orientd_scene_set_root_controller_finish (OrientdScene *self, GAsyncResult *result, GError **error);
gboolean orientd_scene_set_root_controller_sync (OrientdScene *self, const char *id, OrientdControllerKind kind,
                                                 OrientdControllerProperties *properties,
                                                 GCancellable *cancellable, GError **error);
void orientd_scene_push_controller (OrientdScene *self, const char *navigation, const char *id,
                                    OrientdControllerKind kind, OrientdControllerProperties *properties,
                                    GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data);
gboolean orientd_scene_push_controller_finish (OrientdScene *self, GAsyncResult *result, GError **error);
gboolean orientd_scene_push_controller_sync (OrientdScene *self, const char *navigation, const char *id,
                                             OrientdControllerKind kind, OrientdControllerProperties *properties,
                                             GCancellable *cancellable, GError **error);
void orientd_scene_pop_controller (OrientdScene *self, const char *navigation, GCancellable *cancellable,
                                   GAsyncReadyCallback callback, gpointer user_data);
char *orientd_scene_pop_controller_finish (OrientdScene *self, GAsyncResult *result, GError **error);
char *orientd_scene_pop_controller_sync (OrientdScene *self, const char *navigation, GCancellable *cancellable,
                                         GError **error);
void orientd_scene_add_tab (OrientdScene *self, const char *tab, const char *id, OrientdControllerKind kind,
                            OrientdControllerProperties *properties, GCancellable *cancellable,
                            GAsyncReadyCallback callback, gpointer user_data);
gboolean orientd_scene_add_tab_finish (OrientdScene *self, GAsyncResult *result, GError **error);
gboolean orientd_scene_add_tab_sync (OrientdScene *self, const char *tab, const char *id, OrientdControllerKind kind,
                                     OrientdControllerProperties *properties, GCancellable *cancellable,
                                     GError **error);
void orientd_scene_select_tab (OrientdScene *self, const char *tab, const char *child, GCancellable *cancellable,
                               GAsyncReadyCallback callback, gpointer user_data);
gboolean orientd_scene_select_tab_finish (OrientdScene *self, GAsyncResult *result, GError **error);
gboolean orientd_scene_select_tab_sync (OrientdScene *self, const char *tab, const char *child,
                                        GCancellable *cancellable, GError **error);
void orientd_scene_present_controller (OrientdScene *self, const char *presenter, const char *id,
                                       OrientdControllerKind kind, OrientdControllerProperties *properties,
                                       GCancellable *cancellable, GAsyncReadyCallback callback,
                                       gpointer user_data);
gboolean orientd_scene_present_controller_finish (OrientdScene *self, GAsyncResult *result, GError **error);
gboolean orientd_scene_present_controller_sync (OrientdScene *self, const char *presenter, const char *id,
                                                OrientdControllerKind kind,
                                                OrientdControllerProperties *properties, GCancellable *cancellable,
                                                GError **error);
void orientd_scene_dismiss_controller (OrientdScene *self, const char *id, GCancellable *cancellable,
                                       GAsyncReadyCallback callback, gpointer user_data);
gboolean orientd_scene_dismiss_controller_finish (OrientdScene *self, GAsyncResult *result, GError **error);
gboolean orientd_scene_dismiss_controller_sync (OrientdScene *self, const char *id, GCancellable *cancellable,
                                                GError **error);
void orientd_scene_set_controller_properties (OrientdScene *self, const char *id,
                                              OrientdControllerProperties *properties, GCancellable *cancellable,
                                              GAsyncReadyCallback callback, gpointer user_data);
gboolean orientd_scene_set_controller_properties_finish (OrientdScene *self, GAsyncResult *result, GError **error);
gboolean orientd_scene_set_controller_properties_sync (OrientdScene *self, const char *id,
                                                       OrientdControllerProperties *properties,
                                                       GCancellable *cancellable, GError **error);
void orientd_scene_set_orientation_mode (OrientdScene *self, const char *id, OrientdOrientationMode mode,
                                         GCancellable *cancellable, GAsyncReadyCallback callback,
                                         gpointer user_data);
gboolean orientd_scene_set_orientation_mode_finish (OrientdScene *self, GAsyncResult *result, GError **error);
gboolean orientd_scene_set_orientation_mode_sync (OrientdScene *self, const char *id, OrientdOrientationMode mode,
                                                  GCancellable *cancellable, GError **error);

/* The scene's orientation */
void orientd_scene_update_orientation (OrientdScene *self, GCancellable *cancellable,
                                       GAsyncReadyCallback callback, gpointer user_data);
OrientdInterfaceOrientation orientd_scene_update_orientation_finish (OrientdScene *self, GAsyncResult *result,
                                                                     GError **error);
OrientdInterfaceOrientation orientd_scene_update_orientation_sync (OrientdScene *self, GCancellable *cancellable,
                                                                   GError **error);
void orientd_scene_request_orientation (OrientdScene *self, OrientdInterfaceOrientation orientation,
                                        GCancellable *cancellable, GAsyncReadyCallback callback,
                                        gpointer user_data);
OrientdInterfaceOrientation orientd_scene_request_orientation_finish (OrientdScene *self, GAsyncResult *result,
                                                                      GError **error);
OrientdInterfaceOrientation orientd_scene_request_orientation_sync (OrientdScene *self,
                                                                    OrientdInterfaceOrientation orientation,
                                                                    GCancellable *cancellable, GError **error);
void orientd_scene_set_window_orientations (OrientdScene *self, OrientdOrientationMask scene_delegate,
                                            OrientdOrientationMask app_delegate, GCancellable *cancellable,
                                            GAsyncReadyCallback callback, gpointer user_data);
gboolean orientd_scene_set_window_orientations_finish (OrientdScene *self, GAsyncResult *result, GError **error);
gboolean orientd_scene_set_window_orientations_sync (OrientdScene *self, OrientdOrientationMask scene_delegate,
                                                     OrientdOrientationMask app_delegate,
                                                     GCancellable *cancellable, GError **error);
void orientd_scene_set_geometry (OrientdScene *self, guint width, guint height, GCancellable *cancellable,
                                 GAsyncReadyCallback callback, gpointer user_data);
gboolean orientd_scene_set_geometry_finish (OrientdScene *self, GAsyncResult *result, GError **error);
gboolean orientd_scene_set_geometry_sync (OrientdScene *self, guint width, guint height, GCancellable *cancellable,
                                          GError **error);
void orientd_scene_set_activation_state (OrientdScene *self, OrientdActivationState state,
                                         GCancellable *cancellable, GAsyncReadyCallback callback,
                                         gpointer user_data);
gboolean orientd_scene_set_activation_state_finish (OrientdScene *self, GAsyncResult *result, GError **error);
gboolean orientd_scene_set_activation_state_sync (OrientdScene *self, OrientdActivationState state,
                                                  GCancellable *cancellable, GError **error);
void orientd_scene_explain (OrientdScene *self, GCancellable *cancellable, GAsyncReadyCallback callback,
                            gpointer user_data);
GList *orientd_scene_explain_finish (OrientdScene *self, GAsyncResult *result, GError **error);
GList *orientd_scene_explain_sync (OrientdScene *self, GCancellable *cancellable, GError **error);
void orientd_scene_get_controllers (OrientdScene *self, GCancellable *cancellable, GAsyncReadyCallback callback,
                                    gpointer user_data);
GVariant *orientd_scene_get_controllers_finish (OrientdScene *self, GAsyncResult *result, GError **error);
GVariant *orientd_scene_get_controllers_sync (OrientdScene *self, GCancellable *cancellable, GError **error);
void orientd_scene_unregister (OrientdScene *self, GCancellable *cancellable, GAsyncReadyCallback callback,
                               gpointer user_data);
gboolean orientd_scene_unregister_finish (OrientdScene *self, GAsyncResult *result, GError **error);
gboolean orientd_scene_unregister_sync (OrientdScene *self, GCancellable *cancellable, GError **error);

G_END_DECLS

/* orientd-client.h: a connection to orientd's manager.
 * SPDX-License-Identifier: MIT */
#pragma once

#if !defined(__ORIENTD_H_INSIDE__) && !defined(ORIENTD_COMPILATION)
#error "Only <orientd.h> can be included directly."
#endif

#include <gio/gio.h>
#include "orientd-enums.h"
#include "orientd-scene-options.h"

G_BEGIN_DECLS

typedef struct _OrientdScene OrientdScene;

#define ORIENTD_TYPE_CLIENT (orientd_client_get_type ())
G_DECLARE_FINAL_TYPE (OrientdClient, orientd_client, ORIENTD, CLIENT, GObject)

void orientd_client_new (GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data);
OrientdClient *orientd_client_new_finish (GAsyncResult *result, GError **error);
OrientdClient *orientd_client_new_sync (GCancellable *cancellable, GError **error);
void orientd_client_new_for_connection (GDBusConnection *connection, GCancellable *cancellable,
                                        GAsyncReadyCallback callback, gpointer user_data);
OrientdClient *orientd_client_new_for_connection_finish (GAsyncResult *result, GError **error);
OrientdClient *orientd_client_new_for_connection_sync (GDBusConnection *connection, GCancellable *cancellable,
                                                       GError **error);

GDBusConnection *orientd_client_get_connection (OrientdClient *self);
const char *orientd_client_get_name_owner (OrientdClient *self);

/* Scenes */
void orientd_client_register_scene (OrientdClient *self, const char *app_id, OrientdOrientationMask supported,
                                    GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data);
OrientdScene *orientd_client_register_scene_finish (OrientdClient *self, GAsyncResult *result, GError **error);
OrientdScene *orientd_client_register_scene_sync (OrientdClient *self, const char *app_id,
                                                  OrientdOrientationMask supported, GCancellable *cancellable,
                                                  GError **error);
void orientd_client_register_scene_with_options (OrientdClient *self, OrientdSceneOptions *options,
                                                 GCancellable *cancellable, GAsyncReadyCallback callback,
                                                 gpointer user_data);
OrientdScene *orientd_client_register_scene_with_options_finish (OrientdClient *self, GAsyncResult *result,
                                                                 GError **error);
OrientdScene *orientd_client_register_scene_with_options_sync (OrientdClient *self, OrientdSceneOptions *options,
                                                               GCancellable *cancellable, GError **error);

/* The manager's methods */
void orientd_client_set_device_orientation (OrientdClient *self, OrientdDeviceOrientation orientation,
                                            GCancellable *cancellable, GAsyncReadyCallback callback,
                                            gpointer user_data);
gboolean orientd_client_set_device_orientation_finish (OrientdClient *self, GAsyncResult *result, GError **error);
gboolean orientd_client_set_device_orientation_sync (OrientdClient *self, OrientdDeviceOrientation orientation,
                                                     GCancellable *cancellable, GError **error);
void orientd_client_set_rotation_locked (OrientdClient *self, gboolean locked, GCancellable *cancellable,
                                         GAsyncReadyCallback callback, gpointer user_data);
gboolean orientd_client_set_rotation_locked_finish (OrientdClient *self, GAsyncResult *result, GError **error);
gboolean orientd_client_set_rotation_locked_sync (OrientdClient *self, gboolean locked, GCancellable *cancellable,
                                                  GError **error);
void orientd_client_set_kiosk_mode (OrientdClient *self, gboolean enabled, OrientdInterfaceOrientation orientation,
                                    GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data);
gboolean orientd_client_set_kiosk_mode_finish (OrientdClient *self, GAsyncResult *result, GError **error);
gboolean orientd_client_set_kiosk_mode_sync (OrientdClient *self, gboolean enabled,
                                             OrientdInterfaceOrientation orientation, GCancellable *cancellable,
                                             GError **error);
void orientd_client_set_split_view_threshold (OrientdClient *self, guint points, GCancellable *cancellable,
                                              GAsyncReadyCallback callback, gpointer user_data);
gboolean orientd_client_set_split_view_threshold_finish (OrientdClient *self, GAsyncResult *result, GError **error);
gboolean orientd_client_set_split_view_threshold_sync (OrientdClient *self, guint points,
                                                       GCancellable *cancellable, GError **error);
void orientd_client_set_settle_time (OrientdClient *self, guint milliseconds, GCancellable *cancellable,
                                     GAsyncReadyCallback callback, gpointer user_data);
gboolean orientd_client_set_settle_time_finish (OrientdClient *self, GAsyncResult *result, GError **error);
gboolean orientd_client_set_settle_time_sync (OrientdClient *self, guint milliseconds, GCancellable *cancellable,
                                              GError **error);
void orientd_client_set_app_policy (OrientdClient *self, const char *app_id, GVariant *policy,
                                    GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data);
gboolean orientd_client_set_app_policy_finish (OrientdClient *self, GAsyncResult *result, GError **error);
gboolean orientd_client_set_app_policy_sync (OrientdClient *self, const char *app_id, GVariant *policy,
                                             GCancellable *cancellable, GError **error);
void orientd_client_get_app_policies (OrientdClient *self, GCancellable *cancellable,
                                      GAsyncReadyCallback callback, gpointer user_data);
GVariant *orientd_client_get_app_policies_finish (OrientdClient *self, GAsyncResult *result, GError **error);
GVariant *orientd_client_get_app_policies_sync (OrientdClient *self, GCancellable *cancellable, GError **error);
void orientd_client_reset_setting (OrientdClient *self, const char *key, GCancellable *cancellable,
                                   GAsyncReadyCallback callback, gpointer user_data);
gboolean orientd_client_reset_setting_finish (OrientdClient *self, GAsyncResult *result, GError **error);
gboolean orientd_client_reset_setting_sync (OrientdClient *self, const char *key, GCancellable *cancellable,
                                            GError **error);
void orientd_client_reload (OrientdClient *self, GCancellable *cancellable, GAsyncReadyCallback callback,
                            gpointer user_data);
gboolean orientd_client_reload_finish (OrientdClient *self, GAsyncResult *result, GError **error);
gboolean orientd_client_reload_sync (OrientdClient *self, GCancellable *cancellable, GError **error);
void orientd_client_get_history (OrientdClient *self, guint limit, GCancellable *cancellable,
                                 GAsyncReadyCallback callback, gpointer user_data);
GVariant *orientd_client_get_history_finish (OrientdClient *self, GAsyncResult *result, GError **error);
GVariant *orientd_client_get_history_sync (OrientdClient *self, guint limit, GCancellable *cancellable,
                                           GError **error);
void orientd_client_explain_panel (OrientdClient *self, const char *app_id, GCancellable *cancellable,
                                   GAsyncReadyCallback callback, gpointer user_data);
GList *orientd_client_explain_panel_finish (OrientdClient *self, GAsyncResult *result, GError **error);
void orientd_client_set_app_locks_allowed (OrientdClient *self, gboolean allowed, GCancellable *cancellable,
                                           GAsyncReadyCallback callback, gpointer user_data);
gboolean orientd_client_set_app_locks_allowed_finish (OrientdClient *self, GAsyncResult *result, GError **error);
gboolean orientd_client_set_app_locks_allowed_sync (OrientdClient *self, gboolean allowed, GCancellable *cancellable,
                                                    GError **error);
GList *orientd_client_explain_panel_sync (OrientdClient *self, const char *app_id, GCancellable *cancellable,
                                              GError **error);

/* The manager's properties */
guint orientd_client_get_version (OrientdClient *self);
OrientdDeviceOrientation orientd_client_get_device_orientation (OrientdClient *self);
gboolean orientd_client_get_rotation_locked (OrientdClient *self);
gboolean orientd_client_get_kiosk_mode (OrientdClient *self);
OrientdInterfaceOrientation orientd_client_get_kiosk_orientation (OrientdClient *self);
guint orientd_client_get_split_view_threshold (OrientdClient *self);
guint orientd_client_get_settle_time (OrientdClient *self);
char **orientd_client_dup_config_files (OrientdClient *self);
char **orientd_client_dup_locked_settings (OrientdClient *self);
gboolean orientd_client_get_sensor_available (OrientdClient *self);
char *orientd_client_dup_sensor_source (OrientdClient *self);
char *orientd_client_dup_output_backend (OrientdClient *self);
char *orientd_client_dup_output_name (OrientdClient *self);
OrientdInterfaceOrientation orientd_client_get_output_orientation (OrientdClient *self);
char *orientd_client_dup_output_status (OrientdClient *self);
char *orientd_client_dup_front_scene (OrientdClient *self);
char *orientd_client_dup_window_tracking (OrientdClient *self);
guint orientd_client_get_tracked_windows (OrientdClient *self);
char *orientd_client_dup_front_app (OrientdClient *self);
OrientdOrientationMask orientd_client_get_undeclared_app_orientations (OrientdClient *self);
char *orientd_client_dup_window_tracking_status (OrientdClient *self);
GVariant *orientd_client_dup_setting_sources (OrientdClient *self);
OrientdScreenClass orientd_client_get_screen_class (OrientdClient *self);
char *orientd_client_dup_screen_class_reason (OrientdClient *self);
OrientdPosture orientd_client_get_posture (OrientdClient *self);
char *orientd_client_dup_posture_reason (OrientdClient *self);
gboolean orientd_client_get_app_locks_allowed (OrientdClient *self);

G_END_DECLS

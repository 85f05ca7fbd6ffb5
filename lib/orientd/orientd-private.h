/* orientd-private.h: what the library's files share and do not export.
 * SPDX-License-Identifier: MIT */
#pragma once

#ifndef ORIENTD_COMPILATION
#define ORIENTD_COMPILATION
#endif
#include "orientd.h"
#include "orientd-contract-manager.h"
#include "orientd-contract-scene.h"
#include "orientd-scene-ledger.h"

G_BEGIN_DECLS

#define ORIENTD_BUS_NAME "io.github.orientd.OrientationManager1"
#define ORIENTD_MANAGER_PATH "/io/github/orientd/OrientationManager1"
#define ORIENTD_MANAGER_INTERFACE "io.github.orientd.OrientationManager1"
#define ORIENTD_SCENE_INTERFACE "io.github.orientd.OrientationManager1.Scene"
#define ORIENTD_SCENE_PATH_PREFIX "/io/github/orientd/OrientationManager1/scene/"
#define ORIENTD_PROPERTIES_INTERFACE "org.freedesktop.DBus.Properties"

/* The contract's interfaces, generated from dbus/ by gdbus-codegen. */
#define ORIENTD_CONTRACT_MANAGER (&orientd_contract_orientation_manager1_interface)
#define ORIENTD_CONTRACT_SCENE (&orientd_contract_orientation_manager1_scene_interface)

GError *orientd_error_from_call (GError *error, const char *method);

/* Values on the wire (orientd-wire.c). */
const char *orientd_wire_nick (GType enum_type, int value);
gboolean orientd_wire_from_nick (GType enum_type, const char *nick, int *value);
GVariant *orientd_wire_mask_to_variant (OrientdOrientationMask mask);
OrientdOrientationMask orientd_wire_mask_from_variant (GVariant *names);
void orientd_wire_value_from_variant (GVariant *variant, GParamSpec *pspec, GValue *value);
char *orientd_wire_reply_type (const GDBusInterfaceInfo *interface, const char *method);

/* A property table: D-Bus names and the GObject properties that show them. */
typedef struct
{
  const char *dbus_name;
  GParamSpec *pspec;
} OrientdPropertyMap;

gboolean orientd_wire_apply_properties (GObject *object, const GDBusInterfaceInfo *interface,
                                        const OrientdPropertyMap *map, GVariant **values, guint n_values,
                                        GVariant *dict, gboolean strict, GError **error);

/* One call to orientd, its reply checked against the contract. */
void orientd_wire_call (GDBusConnection *connection, const char *path, const char *interface,
                        const char *method, GVariant *parameters, const char *reply_type,
                        GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data);
GVariant *orientd_wire_call_finish (GAsyncResult *result, char **sender, GError **error);
guint32 orientd_wire_call_serial (GAsyncResult *result);

/* Runs an async call to its end on a private main context, for the _sync functions. */
typedef struct
{
  GMainContext *context;
  GAsyncResult *result;
} OrientdSyncWait;

void orientd_sync_wait_begin (OrientdSyncWait *wait);
void orientd_sync_wait_done (GObject *source, GAsyncResult *result, gpointer wait);
GAsyncResult *orientd_sync_wait_end (OrientdSyncWait *wait);
void orientd_sync_wait_clear (OrientdSyncWait *wait);

/* The client's side of its scenes (orientd-client.c). */
GDBusConnection *orientd_client_get_connection_internal (OrientdClient *client);
const char *orientd_client_get_owner_internal (OrientdClient *client);
void orientd_client_add_scene (OrientdClient *client, OrientdScene *scene);
void orientd_client_remove_scene (OrientdClient *client, OrientdScene *scene);
void orientd_client_push_context (OrientdClient *client);
void orientd_client_pop_context (OrientdClient *client);
GVariant *orientd_client_take_scene_news (OrientdClient *client, const char *path, guint32 after, guint32 *serial);

/* The scene's side (orientd-scene.c). */
OrientdScene *orientd_scene_new_registered (OrientdClient *client, GVariant *options, const char *path,
                                            GVariant *properties, guint32 serial, GError **error);
const char *orientd_scene_get_path_internal (OrientdScene *scene);
void orientd_scene_handle_orientation_changed (OrientdScene *scene, const char *previous,
                                               const char *current, const char *reason, guint32 serial);
void orientd_scene_handle_properties_changed (OrientdScene *scene, GVariant *changed, guint32 serial);
void orientd_scene_register_again (OrientdScene *scene);

GVariant *orientd_controller_properties_to_variant (OrientdControllerProperties *properties);
GVariant *orientd_scene_options_to_variant (OrientdSceneOptions *options);
GList *orientd_explain_steps_from_variant (GVariant *steps);

G_END_DECLS

/* The body of a _sync function: runs the async call on a private main context. */
#define ORIENTD_SYNC_BEGIN \
  OrientdSyncWait sync_wait_; \
  orientd_sync_wait_begin (&sync_wait_);
#define ORIENTD_SYNC_CALLBACK orientd_sync_wait_done, &sync_wait_
#define ORIENTD_SYNC_RESULT orientd_sync_wait_end (&sync_wait_)
#define ORIENTD_SYNC_END orientd_sync_wait_clear (&sync_wait_);

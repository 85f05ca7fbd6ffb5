/* test-client.c: the manager's methods and properties, sync and async, on a real orientd.
 * SPDX-License-Identifier: MIT */
#include "test-common.h"

static gboolean
rotation_locked (gpointer client)
{
  return orientd_client_get_rotation_locked (client);
}

static gboolean
rotation_unlocked (gpointer client)
{
  return !orientd_client_get_rotation_locked (client);
}

static gboolean
kiosk_landscape_left (gpointer client)
{
  return orientd_client_get_kiosk_mode (client) &&
         orientd_client_get_kiosk_orientation (client) == ORIENTD_INTERFACE_ORIENTATION_LANDSCAPE_LEFT;
}

static gboolean
device_landscape_left (gpointer client)
{
  return orientd_client_get_device_orientation (client) == ORIENTD_DEVICE_ORIENTATION_LANDSCAPE_LEFT;
}

static gboolean
settle_time_zero_threshold_500 (gpointer client)
{
  return orientd_client_get_settle_time (client) == 0 && orientd_client_get_split_view_threshold (client) == 500;
}

static void
count_notify (GObject *object, GParamSpec *pspec, gpointer count)
{
  (*(guint *) count)++;
}

static void
test_properties_loaded (Fixture *fixture, gconstpointer data)
{
  OrientdClient *client = fixture->client;
  g_auto (GStrv) config = orientd_client_dup_config_files (client);
  g_autofree char *backend = orientd_client_dup_output_backend (client);
  g_autofree char *front = orientd_client_dup_front_scene (client);
  g_autoptr (GVariant) sources = orientd_client_dup_setting_sources (client);

  g_assert_cmpuint (orientd_client_get_version (client), >=, 5);
  g_assert_nonnull (orientd_client_get_name_owner (client));
  g_assert_true (g_str_has_prefix (orientd_client_get_name_owner (client), ":"));
  g_assert_cmpint (orientd_client_get_device_orientation (client), ==, ORIENTD_DEVICE_ORIENTATION_UNKNOWN);
  g_assert_false (orientd_client_get_rotation_locked (client));
  g_assert_cmpuint (orientd_client_get_settle_time (client), ==, 250);
  g_assert_cmpuint (orientd_client_get_split_view_threshold (client), ==, 768);
  g_assert_cmpint (orientd_client_get_kiosk_orientation (client), ==, ORIENTD_INTERFACE_ORIENTATION_PORTRAIT);
  g_assert_cmpint (orientd_client_get_undeclared_app_orientations (client), ==, ORIENTD_ORIENTATION_MASK_ALL);
  g_assert_nonnull (config);
  g_assert_cmpstr (backend, ==, "none");
  g_assert_cmpstr (front, ==, "/");
  g_assert_nonnull (sources);
  g_assert_true (g_variant_is_of_type (sources, G_VARIANT_TYPE ("a{ss}")));
}

/* Version 6: with no panel reported the screen is a phone's, and a phone is held. */
static void
test_screen_loaded (Fixture *fixture, gconstpointer data)
{
  OrientdClient *client = fixture->client;
  g_autofree char *class_reason = orientd_client_dup_screen_class_reason (client);
  g_autofree char *posture_reason = orientd_client_dup_posture_reason (client);

  g_assert_cmpuint (orientd_client_get_version (client), >=, 6);
  g_assert_cmpint (orientd_client_get_screen_class (client), ==, ORIENTD_SCREEN_CLASS_PHONE);
  g_assert_cmpint (orientd_client_get_posture (client), ==, ORIENTD_POSTURE_HELD);
  g_assert_true (orientd_client_get_app_locks_allowed (client));
  g_assert_nonnull (class_reason);
  g_assert_cmpstr (class_reason, !=, "");
  g_assert_nonnull (posture_reason);
  g_assert_cmpstr (posture_reason, !=, "");
  g_assert_cmpstr (nick (ORIENTD_TYPE_SCREEN_CLASS, ORIENTD_SCREEN_CLASS_LARGE), ==, "large");
  g_assert_cmpstr (nick (ORIENTD_TYPE_POSTURE, ORIENTD_POSTURE_DESK), ==, "desk");
}

static gboolean
app_locks_off (gpointer client)
{
  return !orientd_client_get_app_locks_allowed (client);
}

static gboolean
app_locks_on (gpointer client)
{
  return orientd_client_get_app_locks_allowed (client);
}

static gboolean
scene_landscape_right (gpointer scene)
{
  return orientd_scene_get_interface_orientation (scene) == ORIENTD_INTERFACE_ORIENTATION_LANDSCAPE_RIGHT;
}

static gboolean
scene_portrait (gpointer scene)
{
  return orientd_scene_get_interface_orientation (scene) == ORIENTD_INTERFACE_ORIENTATION_PORTRAIT;
}

/* The user's switch above every app (SetAppLocksAllowed): off, a portrait-only app
 * follows the device; on again (async), it is portrait again. */
static void
test_app_locks_allowed (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GAsyncResult) result = NULL;
  OrientdClient *client = fixture->client;
  g_autoptr (OrientdScene) scene = NULL;
  guint notified = 0;

  scene = orientd_client_register_scene_sync (client, "org.example.Portrait", ORIENTD_ORIENTATION_MASK_PORTRAIT,
                                              NULL, &error);
  g_assert_no_error (error);
  g_signal_connect (client, "notify::app-locks-allowed", G_CALLBACK (count_notify), &notified);
  g_assert_true (orientd_client_set_device_orientation_sync (client, ORIENTD_DEVICE_ORIENTATION_LANDSCAPE_LEFT, NULL, &error));
  g_assert_no_error (error);
  test_wait_until (device_landscape_left, client, "device-orientation");
  g_assert_cmpint (orientd_scene_get_interface_orientation (scene), ==, ORIENTD_INTERFACE_ORIENTATION_PORTRAIT);

  g_assert_true (orientd_client_set_app_locks_allowed_sync (client, FALSE, NULL, &error));
  g_assert_no_error (error);
  test_wait_until (app_locks_off, client, "app-locks-allowed false");
  g_assert_cmpuint (notified, ==, 1);
  test_wait_until (scene_landscape_right, scene, "the portrait-only scene follows the device");

  orientd_client_set_app_locks_allowed (client, TRUE, NULL, test_store_result, &result);
  g_assert_true (orientd_client_set_app_locks_allowed_finish (client, test_wait_result (&result), &error));
  g_assert_no_error (error);
  test_wait_until (app_locks_on, client, "app-locks-allowed true");
  g_assert_cmpuint (notified, ==, 2);
  test_wait_until (scene_portrait, scene, "the scene back to portrait");
}

static void
test_client_new_async (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GAsyncResult) result = NULL;
  g_autoptr (OrientdClient) client = NULL;
  g_autoptr (GDBusConnection) connection = test_connect ();

  orientd_client_new (NULL, test_store_result, &result);
  client = orientd_client_new_finish (test_wait_result (&result), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (orientd_client_get_version (client), >=, 5);
  g_clear_object (&result);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_finalize_object (g_steal_pointer (&client));
  orientd_client_new_for_connection (connection, NULL, test_store_result, &result);
  client = orientd_client_new_for_connection_finish (test_wait_result (&result), &error);
  g_assert_no_error (error);
  g_assert_true (orientd_client_get_connection (client) == connection);
  g_clear_object (&result);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_finalize_object (g_steal_pointer (&client));
  g_dbus_connection_close_sync (connection, NULL, NULL);
}

static void
test_settings_sync (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  OrientdClient *client = fixture->client;
  guint notified = 0;
  g_autoptr (GVariant) history = NULL;
  g_autoptr (GVariant) policies = NULL;
  GVariantBuilder policy;
  GList *steps;

  g_signal_connect (client, "notify::rotation-locked", G_CALLBACK (count_notify), &notified);
  g_assert_true (orientd_client_set_rotation_locked_sync (client, TRUE, NULL, &error));
  g_assert_no_error (error);
  test_wait_until (rotation_locked, client, "rotation-locked");
  g_assert_cmpuint (notified, ==, 1);
  g_assert_true (orientd_client_reset_setting_sync (client, "RotationLocked", NULL, &error));
  g_assert_no_error (error);
  test_wait_until (rotation_unlocked, client, "rotation-locked reset");
  g_assert_true (orientd_client_set_kiosk_mode_sync (client, TRUE, ORIENTD_INTERFACE_ORIENTATION_LANDSCAPE_LEFT, NULL, &error));
  g_assert_no_error (error);
  test_wait_until (kiosk_landscape_left, client, "kiosk mode");
  g_assert_true (orientd_client_set_kiosk_mode_sync (client, FALSE, ORIENTD_INTERFACE_ORIENTATION_PORTRAIT, NULL, &error));
  g_assert_true (orientd_client_set_settle_time_sync (client, 0, NULL, &error));
  g_assert_true (orientd_client_set_split_view_threshold_sync (client, 500, NULL, &error));
  g_assert_no_error (error);
  test_wait_until (settle_time_zero_threshold_500, client, "settle time and threshold");
  g_assert_false (orientd_client_set_split_view_threshold_sync (client, 200000, NULL, &error));
  g_assert_error (error, ORIENTD_ERROR, ORIENTD_ERROR_INVALID_ARGS);
  g_clear_error (&error);
  g_assert_true (orientd_client_set_device_orientation_sync (client, ORIENTD_DEVICE_ORIENTATION_LANDSCAPE_LEFT, NULL, &error));
  g_assert_no_error (error);
  test_wait_until (device_landscape_left, client, "device-orientation");
  g_variant_builder_init (&policy, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&policy, "{sv}", "allowed-orientations", g_variant_new_strv ((const char *[]) { "portrait" }, 1));
  g_assert_true (orientd_client_set_app_policy_sync (client, "org.example.Policy", g_variant_builder_end (&policy), NULL, &error));
  g_assert_no_error (error);
  policies = orientd_client_get_app_policies_sync (client, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_variant_is_of_type (policies, G_VARIANT_TYPE ("a{sa{sv}}")));
  g_assert_true (g_variant_lookup_value (policies, "org.example.Policy", NULL) != NULL);
  g_assert_true (orientd_client_reload_sync (client, NULL, &error));
  g_assert_no_error (error);
  history = orientd_client_get_history_sync (client, 10, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_variant_is_of_type (history, G_VARIANT_TYPE ("a(ostsss)")));
  steps = orientd_client_explain_panel_sync (client, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (steps);
  g_list_free_full (steps, g_object_unref);
}

static void
test_settings_async (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GAsyncResult) result = NULL;
  OrientdClient *client = fixture->client;
  g_autoptr (GVariant) value = NULL;
  GList *steps;

#define FINISH(call) \
  G_STMT_START { \
    g_assert_true (call (client, test_wait_result (&result), &error)); \
    g_assert_no_error (error); \
    g_clear_object (&result); \
  } G_STMT_END
  orientd_client_set_rotation_locked (client, TRUE, NULL, test_store_result, &result);
  FINISH (orientd_client_set_rotation_locked_finish);
  test_wait_until (rotation_locked, client, "rotation-locked");
  orientd_client_reset_setting (client, "all", NULL, test_store_result, &result);
  FINISH (orientd_client_reset_setting_finish);
  test_wait_until (rotation_unlocked, client, "reset");
  orientd_client_set_kiosk_mode (client, TRUE, ORIENTD_INTERFACE_ORIENTATION_LANDSCAPE_LEFT, NULL, test_store_result, &result);
  FINISH (orientd_client_set_kiosk_mode_finish);
  test_wait_until (kiosk_landscape_left, client, "kiosk mode");
  orientd_client_set_settle_time (client, 0, NULL, test_store_result, &result);
  FINISH (orientd_client_set_settle_time_finish);
  orientd_client_set_split_view_threshold (client, 500, NULL, test_store_result, &result);
  FINISH (orientd_client_set_split_view_threshold_finish);
  test_wait_until (settle_time_zero_threshold_500, client, "settle time and threshold");
  orientd_client_set_device_orientation (client, ORIENTD_DEVICE_ORIENTATION_LANDSCAPE_LEFT, NULL, test_store_result, &result);
  FINISH (orientd_client_set_device_orientation_finish);
  test_wait_until (device_landscape_left, client, "device-orientation");
  orientd_client_set_app_policy (client, "org.example.Policy", g_variant_new_parsed ("@a{sv} {'follow-sensor': <false>}"),
                                 NULL, test_store_result, &result);
  FINISH (orientd_client_set_app_policy_finish);
  orientd_client_reload (client, NULL, test_store_result, &result);
  FINISH (orientd_client_reload_finish);
  orientd_client_get_app_policies (client, NULL, test_store_result, &result);
  value = orientd_client_get_app_policies_finish (client, test_wait_result (&result), &error);
  g_assert_no_error (error);
  g_assert_true (g_variant_lookup_value (value, "org.example.Policy", NULL) != NULL);
  g_clear_object (&result);
  g_clear_pointer (&value, g_variant_unref);
  orientd_client_get_history (client, 5, NULL, test_store_result, &result);
  value = orientd_client_get_history_finish (client, test_wait_result (&result), &error);
  g_assert_no_error (error);
  g_assert_nonnull (value);
  g_clear_object (&result);
  orientd_client_explain_panel (client, "org.example.Policy", NULL, test_store_result, &result);
  steps = orientd_client_explain_panel_finish (client, test_wait_result (&result), &error);
  g_assert_no_error (error);
  g_assert_nonnull (steps);
  g_list_free_full (steps, g_object_unref);
#undef FINISH
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(path, function) g_test_add (path, Fixture, NULL, fixture_set_up, function, fixture_tear_down)
  ADD ("/client/properties-loaded", test_properties_loaded);
  ADD ("/client/screen-loaded", test_screen_loaded);
  ADD ("/client/app-locks-allowed", test_app_locks_allowed);
  ADD ("/client/new-async", test_client_new_async);
  ADD ("/client/settings/sync", test_settings_sync);
  ADD ("/client/settings/async", test_settings_async);
  return g_test_run ();
}

/* test-scene.c: every Scene call, sync and async, against the real orientd on a private bus.
 * SPDX-License-Identifier: MIT */
#include "test-common.h"

static OrientdControllerProperties *
declaring (OrientdOrientationMask mask, OrientdInterfaceOrientation preferred)
{
  OrientdControllerProperties *properties = orientd_controller_properties_new ();

  orientd_controller_properties_set_supported_orientations (properties, mask);
  if (preferred != ORIENTD_INTERFACE_ORIENTATION_UNKNOWN)
    orientd_controller_properties_set_preferred_orientation (properties, preferred);
  return properties;
}

static void
count_notify (GObject *object, GParamSpec *pspec, gpointer count)
{
  (*(guint *) count)++;
}

/* The reference's first example, in C: a portrait list, a landscape player presented over it. */
static void
test_video_player_sync (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrientdScene) scene = register_video_scene (fixture);
  g_autoptr (OrientdControllerProperties) listing = declaring (ORIENTD_ORIENTATION_MASK_PORTRAIT, 0);
  g_autoptr (OrientdControllerProperties) player =
    declaring (ORIENTD_ORIENTATION_MASK_LANDSCAPE, ORIENTD_INTERFACE_ORIENTATION_LANDSCAPE_RIGHT);
  const char *flow[] = { "portrait -> landscape-right (presentation)", "landscape-right -> portrait (dismissal)", NULL };
  guint notified = 0;

  /* Loaded when returned. */
  g_assert_cmpint (orientd_scene_get_interface_orientation (scene), ==, ORIENTD_INTERFACE_ORIENTATION_PORTRAIT);
  g_assert_true (orientd_scene_get_registered (scene));
  g_assert_true (g_str_has_prefix (orientd_scene_get_object_path (scene), "/io/github/orientd/OrientationManager1/scene/"));
  { g_autofree char *value = orientd_scene_dup_app_id (scene); g_assert_cmpstr (value, ==, "org.example.Video"); }
  g_assert_cmpint (orientd_scene_get_activation_state (scene), ==, ORIENTD_ACTIVATION_STATE_FOREGROUND_ACTIVE);
  g_assert_cmpint (orientd_scene_get_idiom (scene), ==, ORIENTD_IDIOM_PHONE);
  g_signal_connect (scene, "notify::interface-orientation", G_CALLBACK (count_notify), &notified);

  g_assert_true (orientd_scene_set_root_controller_sync (scene, "nav", ORIENTD_CONTROLLER_KIND_NAVIGATION, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (orientd_scene_push_controller_sync (scene, "nav", "list", ORIENTD_CONTROLLER_KIND_VIEW, listing, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (orientd_scene_present_controller_sync (scene, "list", "player", ORIENTD_CONTROLLER_KIND_VIEW, player, NULL, &error));
  g_assert_no_error (error);
  /* The call's effect is in the properties when it returns. */
  g_assert_cmpint (orientd_scene_get_interface_orientation (scene), ==, ORIENTD_INTERFACE_ORIENTATION_LANDSCAPE_RIGHT);
  g_assert_cmpuint (notified, ==, 1);
  { g_autofree char *value = orientd_scene_dup_deciding_controller (scene); g_assert_cmpstr (value, ==, "player"); }
  g_assert_true (orientd_scene_dismiss_controller_sync (scene, "player", NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (orientd_scene_get_interface_orientation (scene), ==, ORIENTD_INTERFACE_ORIENTATION_PORTRAIT);
  g_assert_cmpint (orientd_scene_request_orientation_sync (scene, ORIENTD_INTERFACE_ORIENTATION_LANDSCAPE_LEFT, NULL, &error),
                   ==, ORIENTD_INTERFACE_ORIENTATION_UNKNOWN);
  g_assert_error (error, ORIENTD_ERROR, ORIENTD_ERROR_UNSUPPORTED_ORIENTATION);
  g_assert_nonnull (strstr (error->message, "landscape-left"));
  g_assert_null (strstr (error->message, "GDBus.Error"));
  g_clear_error (&error);
  assert_changes (fixture, flow);
  g_assert_cmpuint (notified, ==, 2);
  g_assert_true (orientd_scene_unregister_sync (scene, NULL, &error));
  g_assert_no_error (error);
  g_assert_false (orientd_scene_get_registered (scene));
  g_assert_false (orientd_scene_update_orientation_sync (scene, NULL, &error));
  g_assert_error (error, ORIENTD_ERROR, ORIENTD_ERROR_NOT_REGISTERED);
}

/* The same flow through the async calls. */
static void
test_video_player_async (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GAsyncResult) result = NULL;
  g_autoptr (OrientdScene) scene = NULL;
  g_autoptr (OrientdControllerProperties) listing = declaring (ORIENTD_ORIENTATION_MASK_PORTRAIT, 0);
  g_autoptr (OrientdControllerProperties) player =
    declaring (ORIENTD_ORIENTATION_MASK_LANDSCAPE, ORIENTD_INTERFACE_ORIENTATION_LANDSCAPE_RIGHT);
  const char *flow[] = { "portrait -> landscape-right (presentation)", "landscape-right -> portrait (dismissal)",
                         "portrait -> landscape-right (update)", NULL };

  orientd_client_register_scene (fixture->client, "org.example.Video", ORIENTD_ORIENTATION_MASK_ALL_BUT_UPSIDE_DOWN,
                                 NULL, test_store_result, &result);
  scene = orientd_client_register_scene_finish (fixture->client, test_wait_result (&result), &error);
  g_assert_no_error (error);
  g_clear_object (&result);
  g_assert_cmpint (orientd_scene_get_interface_orientation (scene), ==, ORIENTD_INTERFACE_ORIENTATION_PORTRAIT);
  g_signal_connect (scene, "orientation-changed", G_CALLBACK (record_change), fixture->changes);

#define FINISH(call) \
  G_STMT_START { \
    g_assert_true (call (scene, test_wait_result (&result), &error)); \
    g_assert_no_error (error); \
    g_clear_object (&result); \
  } G_STMT_END
  orientd_scene_set_root_controller (scene, "nav", ORIENTD_CONTROLLER_KIND_NAVIGATION, NULL, NULL, test_store_result, &result);
  FINISH (orientd_scene_set_root_controller_finish);
  orientd_scene_push_controller (scene, "nav", "list", ORIENTD_CONTROLLER_KIND_VIEW, listing, NULL, test_store_result, &result);
  FINISH (orientd_scene_push_controller_finish);
  orientd_scene_present_controller (scene, "list", "player", ORIENTD_CONTROLLER_KIND_VIEW, player, NULL, test_store_result, &result);
  FINISH (orientd_scene_present_controller_finish);
  g_assert_cmpint (orientd_scene_get_interface_orientation (scene), ==, ORIENTD_INTERFACE_ORIENTATION_LANDSCAPE_RIGHT);
  orientd_scene_dismiss_controller (scene, "player", NULL, test_store_result, &result);
  FINISH (orientd_scene_dismiss_controller_finish);
  orientd_scene_request_orientation (scene, ORIENTD_INTERFACE_ORIENTATION_LANDSCAPE_LEFT, NULL, test_store_result, &result);
  g_assert_cmpint (orientd_scene_request_orientation_finish (scene, test_wait_result (&result), &error), ==,
                   ORIENTD_INTERFACE_ORIENTATION_UNKNOWN);
  g_assert_error (error, ORIENTD_ERROR, ORIENTD_ERROR_UNSUPPORTED_ORIENTATION);
  g_clear_error (&error);
  g_clear_object (&result);
  /* A mode replaces the list's mask at the next evaluation. */
  orientd_scene_set_orientation_mode (scene, "list", ORIENTD_ORIENTATION_MODE_LANDSCAPE, NULL, test_store_result, &result);
  FINISH (orientd_scene_set_orientation_mode_finish);
  g_assert_cmpint (orientd_scene_get_interface_orientation (scene), ==, ORIENTD_INTERFACE_ORIENTATION_PORTRAIT);
  orientd_scene_update_orientation (scene, NULL, test_store_result, &result);
  g_assert_cmpint (orientd_scene_update_orientation_finish (scene, test_wait_result (&result), &error), ==,
                   ORIENTD_INTERFACE_ORIENTATION_LANDSCAPE_RIGHT);
  g_assert_no_error (error);
  g_clear_object (&result);
  orientd_scene_unregister (scene, NULL, test_store_result, &result);
  FINISH (orientd_scene_unregister_finish);
  assert_changes (fixture, flow);
#undef FINISH
}

static void
test_tabs_and_stacks (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrientdScene) scene = register_video_scene (fixture);
  g_autoptr (OrientdControllerProperties) portrait = declaring (ORIENTD_ORIENTATION_MASK_PORTRAIT, 0);
  g_autoptr (OrientdControllerProperties) landscape = declaring (ORIENTD_ORIENTATION_MASK_LANDSCAPE, 0);
  g_autoptr (GVariant) controllers = NULL;
  g_autofree char *popped = NULL;
  const char *flow[] = { "portrait -> landscape-right (tab)", "landscape-right -> portrait (tab)",
                         "portrait -> landscape-right (navigation)", "landscape-right -> portrait (navigation)", NULL };

  g_assert_true (orientd_scene_set_root_controller_sync (scene, "tabs", ORIENTD_CONTROLLER_KIND_TAB, NULL, NULL, &error));
  g_assert_true (orientd_scene_add_tab_sync (scene, "tabs", "library", ORIENTD_CONTROLLER_KIND_NAVIGATION, portrait, NULL, &error));
  g_assert_true (orientd_scene_add_tab_sync (scene, "tabs", "cinema", ORIENTD_CONTROLLER_KIND_VIEW, landscape, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (orientd_scene_select_tab_sync (scene, "tabs", "cinema", NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (orientd_scene_get_interface_orientation (scene), ==, ORIENTD_INTERFACE_ORIENTATION_LANDSCAPE_RIGHT);
  g_assert_true (orientd_scene_select_tab_sync (scene, "tabs", "library", NULL, &error));
  g_assert_true (orientd_scene_push_controller_sync (scene, "library", "shelf", ORIENTD_CONTROLLER_KIND_VIEW, portrait, NULL, &error));
  g_assert_true (orientd_scene_push_controller_sync (scene, "library", "film", ORIENTD_CONTROLLER_KIND_VIEW, landscape, NULL, &error));
  g_assert_no_error (error);
  popped = orientd_scene_pop_controller_sync (scene, "library", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (popped, ==, "film");
  /* A stack keeps its root child. */
  g_assert_null (orientd_scene_pop_controller_sync (scene, "library", NULL, &error));
  g_assert_error (error, ORIENTD_ERROR, ORIENTD_ERROR_NOT_PERMITTED);
  g_clear_error (&error);
  controllers = orientd_scene_get_controllers_sync (scene, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (g_variant_get_type_string (controllers), ==, "a(sssa{sv})");
  g_assert_cmpuint (g_variant_n_children (controllers), ==, 4);
  assert_changes (fixture, flow);
}

static void
test_window_geometry_activation_explain (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrientdScene) scene = register_video_scene (fixture);
  g_autoptr (OrientdControllerProperties) changed = orientd_controller_properties_new ();
  g_autoptr (OrientdControllerProperties) landscape = declaring (ORIENTD_ORIENTATION_MASK_LANDSCAPE, 0);
  GList *steps;
  guint width = orientd_scene_get_width (scene), height = orientd_scene_get_height (scene);

  g_assert_cmpuint (width, <, height);
  g_assert_true (orientd_scene_set_geometry_sync (scene, 400, 700, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (orientd_scene_get_width (scene), ==, 400);
  g_assert_cmpuint (orientd_scene_get_height (scene), ==, 700);
  g_assert_true (orientd_scene_set_activation_state_sync (scene, ORIENTD_ACTIVATION_STATE_BACKGROUND, NULL, &error));
  g_assert_cmpint (orientd_scene_get_activation_state (scene), ==, ORIENTD_ACTIVATION_STATE_BACKGROUND);
  g_assert_true (orientd_scene_set_activation_state_sync (scene, ORIENTD_ACTIVATION_STATE_FOREGROUND_ACTIVE, NULL, &error));
  /* A scene delegate that allows only portrait, then a controller that wants landscape:
   * no orientation in common, refused, nothing changed. */
  g_assert_true (orientd_scene_set_window_orientations_sync (scene, ORIENTD_ORIENTATION_MASK_PORTRAIT, 0, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (orientd_scene_get_supported_orientations (scene), ==, ORIENTD_ORIENTATION_MASK_PORTRAIT);
  g_assert_false (orientd_scene_set_root_controller_sync (scene, "film", ORIENTD_CONTROLLER_KIND_VIEW, landscape, NULL, &error));
  g_assert_error (error, ORIENTD_ERROR, ORIENTD_ERROR_NO_SUPPORTED_ORIENTATION);
  g_clear_error (&error);
  g_assert_true (orientd_scene_set_window_orientations_sync (scene, 0, 0, NULL, &error));
  g_assert_true (orientd_scene_set_root_controller_sync (scene, "root", ORIENTD_CONTROLLER_KIND_VIEW, NULL, NULL, &error));
  orientd_controller_properties_set_should_autorotate (changed, FALSE);
  orientd_controller_properties_set_fills_window (changed, TRUE);
  orientd_controller_properties_set_forwards_orientation (changed, TRUE);
  g_assert_true (orientd_scene_set_controller_properties_sync (scene, "root", changed, NULL, &error));
  g_assert_no_error (error);
  steps = orientd_scene_explain_sync (scene, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_length (steps), >=, 3);
  g_assert_cmpstr (orientd_explain_step_get_name (steps->data), ==, "supported-orientations");
  g_assert_cmpint (orientd_explain_step_get_mask (steps->data), ==,
                   ORIENTD_ORIENTATION_MASK_PORTRAIT | ORIENTD_ORIENTATION_MASK_LANDSCAPE);
  g_assert_cmpstr (orientd_explain_step_get_name (g_list_last (steps)->data), ==, "decision");
  g_assert_nonnull (orientd_explain_step_get_sentence (steps->data));
  g_list_free_full (steps, g_object_unref);
}

static void
test_errors_in_the_domain (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrientdScene) scene = register_video_scene (fixture);
  g_autoptr (OrientdControllerProperties) portrait = declaring (ORIENTD_ORIENTATION_MASK_PORTRAIT,
                                                                ORIENTD_INTERFACE_ORIENTATION_LANDSCAPE_LEFT);
  g_autoptr (OrientdScene) bad = NULL;

  g_assert_true (orientd_scene_set_root_controller_sync (scene, "nav", ORIENTD_CONTROLLER_KIND_NAVIGATION, NULL, NULL, &error));
  g_assert_true (orientd_scene_push_controller_sync (scene, "nav", "list", ORIENTD_CONTROLLER_KIND_VIEW, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_false (orientd_scene_push_controller_sync (scene, "nowhere", "x", ORIENTD_CONTROLLER_KIND_VIEW, NULL, NULL, &error));
  g_assert_error (error, ORIENTD_ERROR, ORIENTD_ERROR_UNKNOWN_CONTROLLER);
  g_clear_error (&error);
  g_assert_false (orientd_scene_push_controller_sync (scene, "nav", "list", ORIENTD_CONTROLLER_KIND_VIEW, NULL, NULL, &error));
  g_assert_error (error, ORIENTD_ERROR, ORIENTD_ERROR_DUPLICATE_CONTROLLER);
  g_clear_error (&error);
  g_assert_false (orientd_scene_push_controller_sync (scene, "list", "x", ORIENTD_CONTROLLER_KIND_VIEW, NULL, NULL, &error));
  g_assert_error (error, ORIENTD_ERROR, ORIENTD_ERROR_WRONG_CONTROLLER_KIND);
  g_clear_error (&error);
  g_assert_false (orientd_scene_push_controller_sync (scene, "nav", "x", ORIENTD_CONTROLLER_KIND_VIEW, portrait, NULL, &error));
  g_assert_error (error, ORIENTD_ERROR, ORIENTD_ERROR_UNSUPPORTED_ORIENTATION);
  g_clear_error (&error);
  g_assert_false (orientd_scene_push_controller_sync (scene, "nav", "bell\a", ORIENTD_CONTROLLER_KIND_VIEW, NULL, NULL, &error));
  g_assert_error (error, ORIENTD_ERROR, ORIENTD_ERROR_INVALID_ARGS);
  g_clear_error (&error);
  g_assert_false (orientd_scene_dismiss_controller_sync (scene, "list", NULL, &error));
  g_assert_error (error, ORIENTD_ERROR, ORIENTD_ERROR_NOT_PERMITTED);
  g_clear_error (&error);
  g_assert_false (orientd_scene_set_geometry_sync (scene, 0, 100, NULL, &error));
  g_assert_error (error, ORIENTD_ERROR, ORIENTD_ERROR_INVALID_ARGS);
  g_assert_nonnull (strstr (error->message, "100000"));
  g_clear_error (&error);
  bad = orientd_client_register_scene_sync (fixture->client, "not an app id!", 0, NULL, &error);
  g_assert_null (bad);
  g_assert_error (error, ORIENTD_ERROR, ORIENTD_ERROR_INVALID_ARGS);
  g_clear_error (&error);
}

/* Another connection owns no scene: changing one of ours is AccessDenied in the domain. */
static void
test_access_denied (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrientdScene) scene = register_video_scene (fixture);
  g_autoptr (GDBusConnection) other = test_connect ();
  g_autoptr (OrientdClient) stranger = orientd_client_new_for_connection_sync (other, NULL, &error);
  g_autoptr (OrientdScene) theirs = NULL;

  g_assert_no_error (error);
  theirs = orientd_client_register_scene_sync (stranger, "org.example.Other", 0, NULL, &error);
  g_assert_no_error (error);
  /* A detached scene can be changed by anyone; an owned one cannot. Reach ours through a
   * raw call on the stranger's connection, as another app would. */
  g_autoptr (GVariant) reply = g_dbus_connection_call_sync (other, "io.github.orientd.OrientationManager1",
                                                            orientd_scene_get_object_path (scene),
                                                            "io.github.orientd.OrientationManager1.Scene",
                                                            "UpdateOrientation", NULL, NULL, G_DBUS_CALL_FLAGS_NONE, -1,
                                                            NULL, &error);
  g_assert_null (reply);
  g_assert_error (error, G_DBUS_ERROR, G_DBUS_ERROR_ACCESS_DENIED);
  g_clear_error (&error);
  g_assert_true (orientd_scene_unregister_sync (theirs, NULL, &error));
  g_clear_object (&theirs);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_finalize_object (g_steal_pointer (&stranger));
  g_dbus_connection_close_sync (other, NULL, NULL);
}

static void
test_cancellation (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrientdScene) scene = register_video_scene (fixture);
  g_autoptr (GCancellable) cancelled = g_cancellable_new ();
  g_autoptr (GCancellable) later = g_cancellable_new ();
  g_autoptr (GAsyncResult) result = NULL;
  g_autoptr (OrientdClient) client = NULL;

  g_cancellable_cancel (cancelled);
  g_assert_false (orientd_scene_set_root_controller_sync (scene, "nav", ORIENTD_CONTROLLER_KIND_NAVIGATION, NULL, cancelled, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  client = orientd_client_new_sync (cancelled, &error);
  g_assert_null (client);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  /* Cancelled in flight: the callback still comes, once, with CANCELLED. */
  orientd_scene_explain (scene, later, test_store_result, &result);
  g_cancellable_cancel (later);
  g_assert_null (orientd_scene_explain_finish (scene, test_wait_result (&result), &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  /* The scene goes on. */
  g_assert_true (orientd_scene_set_root_controller_sync (scene, "nav", ORIENTD_CONTROLLER_KIND_NAVIGATION, NULL, NULL, &error));
  g_assert_no_error (error);
}

/* Signals count only from orientd: another client's forged OrientationChanged and
 * PropertiesChanged, broadcast or sent straight to the app, change nothing. */
static void
marker_seen (GDBusConnection *connection, const char *sender, const char *path, const char *interface,
             const char *signal, GVariant *parameters, gpointer seen)
{
  *(gboolean *) seen = TRUE;
}

static gboolean
is_true (gpointer flag)
{
  return *(gboolean *) flag;
}

static void
test_believes_only_orientd (Fixture *fixture, gconstpointer data)
{
  g_autoptr (OrientdScene) scene = register_video_scene (fixture);
  g_autoptr (GDBusConnection) forger = test_connect ();
  GDBusConnection *ours = orientd_client_get_connection (fixture->client);
  const char *path = orientd_scene_get_object_path (scene);
  const char *destinations[] = { NULL, g_dbus_connection_get_unique_name (ours) };
  gboolean seen = FALSE;
  guint subscription;
  guint notified = 0;

  g_signal_connect (scene, "notify::interface-orientation", G_CALLBACK (count_notify), &notified);
  subscription = g_dbus_connection_signal_subscribe (ours, g_dbus_connection_get_unique_name (forger), "org.example.Test",
                                                     "Marker", "/", NULL, G_DBUS_SIGNAL_FLAGS_NONE, marker_seen, &seen, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (destinations); i++)
    {
      GVariantBuilder changed;

      g_dbus_connection_emit_signal (forger, destinations[i], path, "io.github.orientd.OrientationManager1.Scene",
                                     "OrientationChanged",
                                     g_variant_new ("(sss)", "portrait", "portrait-upside-down", "forged"), NULL);
      g_variant_builder_init (&changed, G_VARIANT_TYPE_VARDICT);
      g_variant_builder_add (&changed, "{sv}", "InterfaceOrientation", g_variant_new_string ("portrait-upside-down"));
      g_dbus_connection_emit_signal (forger, destinations[i], path, "org.freedesktop.DBus.Properties", "PropertiesChanged",
                                     g_variant_new ("(sa{sv}as)", "io.github.orientd.OrientationManager1.Scene", &changed, NULL),
                                     NULL);
    }
  /* One sender's messages arrive in order: once the marker is here, so are the forgeries. */
  g_dbus_connection_emit_signal (forger, g_dbus_connection_get_unique_name (ours), "/", "org.example.Test", "Marker", NULL, NULL);
  test_wait_until (is_true, &seen, "the forger's marker");
  g_dbus_connection_signal_unsubscribe (ours, subscription);
  g_assert_cmpuint (fixture->changes->len, ==, 0);
  g_assert_cmpuint (notified, ==, 0);
  g_assert_cmpint (orientd_scene_get_interface_orientation (scene), ==, ORIENTD_INTERFACE_ORIENTATION_PORTRAIT);
  g_dbus_connection_close_sync (forger, NULL, NULL);
}

/* Dropping the last reference unregisters the scene. */
static gboolean
no_scene_left (gpointer connection)
{
  g_autoptr (GVariant) reply =
    g_dbus_connection_call_sync (connection, "io.github.orientd.OrientationManager1", "/io/github/orientd/OrientationManager1",
                                 "org.freedesktop.DBus.ObjectManager", "GetManagedObjects", NULL,
                                 G_VARIANT_TYPE ("(a{oa{sa{sv}}})"), G_DBUS_CALL_FLAGS_NONE, -1, NULL, NULL);

  return reply != NULL && g_variant_n_children (g_variant_get_child_value (reply, 0)) == 0;
}

static void
test_last_reference_unregisters (Fixture *fixture, gconstpointer data)
{
  OrientdScene *scene = register_video_scene (fixture);
  g_autoptr (GDBusConnection) watcher = test_connect ();

  g_assert_false (no_scene_left (watcher));
  g_assert_finalize_object (scene);
  test_wait_until (no_scene_left, watcher, "the scene unregistered");
  g_dbus_connection_close_sync (watcher, NULL, NULL);
}

/* iOS 26's prefers-orientation-locked: a camera's pad scene, in front and full screen, keeps
 * its orientation while the device turns (OrientationLocked); the preference gone, applied
 * with UpdateOrientation, it follows the device at once; with apps' locks off it is not
 * honoured. */
static gboolean
device_landscape_left (gpointer client)
{
  return orientd_client_get_device_orientation (client) == ORIENTD_DEVICE_ORIENTATION_LANDSCAPE_LEFT;
}

static gboolean
app_locks_off (gpointer client)
{
  return !orientd_client_get_app_locks_allowed (client);
}

static void
test_prefers_orientation_locked (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrientdSceneOptions) options = orientd_scene_options_new ("org.example.Camera");
  g_autoptr (OrientdScene) scene = NULL;
  g_autoptr (OrientdControllerProperties) camera = declaring (ORIENTD_ORIENTATION_MASK_ALL, 0);
  g_autoptr (OrientdControllerProperties) unlocked = orientd_controller_properties_new ();
  g_autoptr (GVariant) history = NULL;
  const char *flow[] = { "portrait -> landscape-right (update)", NULL };
  guint notified = 0;

  g_assert_true (orientd_client_set_device_orientation_sync (fixture->client, ORIENTD_DEVICE_ORIENTATION_PORTRAIT,
                                                             NULL, &error));
  g_assert_no_error (error);
  orientd_scene_options_set_idiom (options, ORIENTD_IDIOM_PAD);
  orientd_scene_options_set_supported_orientations (options, ORIENTD_ORIENTATION_MASK_ALL);
  orientd_scene_options_set_size (options, 1024, 1366);
  scene = orientd_client_register_scene_with_options_sync (fixture->client, options, NULL, &error);
  g_assert_no_error (error);
  g_signal_connect (scene, "orientation-changed", G_CALLBACK (record_change), fixture->changes);
  g_signal_connect (scene, "notify::orientation-locked", G_CALLBACK (count_notify), &notified);
  g_assert_false (orientd_scene_get_orientation_locked (scene));
  g_assert_false (orientd_scene_get_split_view (scene));

  g_assert_false (orientd_controller_properties_get_prefers_orientation_locked (camera));
  orientd_controller_properties_set_prefers_orientation_locked (camera, TRUE);
  g_assert_true (orientd_controller_properties_get_prefers_orientation_locked (camera));
  g_assert_true (orientd_scene_set_root_controller_sync (scene, "camera", ORIENTD_CONTROLLER_KIND_VIEW, camera, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (orientd_scene_update_orientation_sync (scene, NULL, &error), ==, ORIENTD_INTERFACE_ORIENTATION_PORTRAIT);
  g_assert_no_error (error);
  g_assert_true (orientd_scene_get_orientation_locked (scene));
  g_assert_cmpuint (notified, ==, 1);

  /* The device turns; once the manager says so, one round trip brings any scene signal
   * sent before it: none. */
  g_assert_true (orientd_client_set_device_orientation_sync (fixture->client, ORIENTD_DEVICE_ORIENTATION_LANDSCAPE_LEFT,
                                                             NULL, &error));
  g_assert_no_error (error);
  test_wait_until (device_landscape_left, fixture->client, "device-orientation");
  history = orientd_client_get_history_sync (fixture->client, 1, NULL, &error);
  g_assert_no_error (error);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpint (orientd_scene_get_interface_orientation (scene), ==, ORIENTD_INTERFACE_ORIENTATION_PORTRAIT);
  g_assert_cmpuint (fixture->changes->len, ==, 0);
  g_assert_true (orientd_scene_get_orientation_locked (scene));

  /* The preference gone, applied: the device's orientation at once. */
  orientd_controller_properties_set_prefers_orientation_locked (unlocked, FALSE);
  g_assert_true (orientd_scene_set_controller_properties_sync (scene, "camera", unlocked, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (orientd_scene_update_orientation_sync (scene, NULL, &error), ==,
                   ORIENTD_INTERFACE_ORIENTATION_LANDSCAPE_RIGHT);
  g_assert_no_error (error);
  g_assert_false (orientd_scene_get_orientation_locked (scene));
  g_assert_cmpuint (notified, ==, 2);
  assert_changes (fixture, flow);

  /* With apps' locks off the preference is not honoured. */
  g_assert_true (orientd_client_set_app_locks_allowed_sync (fixture->client, FALSE, NULL, &error));
  g_assert_no_error (error);
  test_wait_until (app_locks_off, fixture->client, "app-locks-allowed");
  g_assert_true (orientd_scene_set_controller_properties_sync (scene, "camera", camera, NULL, &error));
  g_assert_no_error (error);
  orientd_scene_update_orientation_sync (scene, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (orientd_scene_get_orientation_locked (scene));
  g_assert_cmpuint (notified, ==, 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(path, function) g_test_add (path, Fixture, NULL, fixture_set_up, function, fixture_tear_down)
  ADD ("/scene/video-player/sync", test_video_player_sync);
  ADD ("/scene/video-player/async", test_video_player_async);
  ADD ("/scene/tabs-and-stacks", test_tabs_and_stacks);
  ADD ("/scene/window-geometry-activation-explain", test_window_geometry_activation_explain);
  ADD ("/scene/errors", test_errors_in_the_domain);
  ADD ("/scene/access-denied", test_access_denied);
  ADD ("/scene/cancellation", test_cancellation);
  ADD ("/scene/believes-only-orientd", test_believes_only_orientd);
  ADD ("/scene/last-reference-unregisters", test_last_reference_unregisters);
  ADD ("/scene/prefers-orientation-locked", test_prefers_orientation_locked);
  return g_test_run ();
}

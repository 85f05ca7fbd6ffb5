/* test-restart.c: orientd killed and started again: the scene registers itself again
 * with its controllers, size and state, says so, and goes on under its new path.
 * SPDX-License-Identifier: MIT */
#include "test-common.h"

static void
count (gpointer instance, gpointer counter)
{
  (*(guint *) counter)++;
}

static gboolean
reached_one (gpointer counter)
{
  return *(guint *) counter >= 1;
}

static void
test_registers_again (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrientdScene) scene = register_video_scene (fixture);
  g_autoptr (GDBusConnection) control = test_connect ();
  g_autoptr (OrientdControllerProperties) listing = orientd_controller_properties_new ();
  g_autoptr (OrientdControllerProperties) player = orientd_controller_properties_new ();
  g_autoptr (GVariant) controllers = NULL;
  g_autofree char *old_path = NULL;
  g_autofree char *old_owner = NULL;
  guint restarted = 0, registered_again = 0;
  const char *flow[] = { "portrait -> landscape-right (presentation)", "landscape-right -> portrait (dismissal)", NULL };

  orientd_controller_properties_set_supported_orientations (listing, ORIENTD_ORIENTATION_MASK_PORTRAIT);
  orientd_controller_properties_set_supported_orientations (player, ORIENTD_ORIENTATION_MASK_LANDSCAPE);
  orientd_controller_properties_set_preferred_orientation (player, ORIENTD_INTERFACE_ORIENTATION_LANDSCAPE_RIGHT);
  g_assert_true (orientd_scene_set_root_controller_sync (scene, "tabs", ORIENTD_CONTROLLER_KIND_TAB, NULL, NULL, &error));
  g_assert_true (orientd_scene_add_tab_sync (scene, "tabs", "nav", ORIENTD_CONTROLLER_KIND_NAVIGATION, NULL, NULL, &error));
  g_assert_true (orientd_scene_add_tab_sync (scene, "tabs", "other", ORIENTD_CONTROLLER_KIND_VIEW, NULL, NULL, &error));
  g_assert_true (orientd_scene_push_controller_sync (scene, "nav", "list", ORIENTD_CONTROLLER_KIND_VIEW, listing, NULL, &error));
  g_assert_true (orientd_scene_present_controller_sync (scene, "list", "player", ORIENTD_CONTROLLER_KIND_VIEW, player, NULL, &error));
  g_assert_true (orientd_scene_set_geometry_sync (scene, 800, 500, NULL, &error));
  g_assert_true (orientd_scene_set_activation_state_sync (scene, ORIENTD_ACTIVATION_STATE_FOREGROUND_INACTIVE, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (orientd_scene_get_interface_orientation (scene), ==, ORIENTD_INTERFACE_ORIENTATION_LANDSCAPE_RIGHT);
  assert_changes (fixture, (const char *[]) { flow[0], NULL });
  old_path = g_strdup (orientd_scene_get_object_path (scene));
  old_owner = g_strdup (orientd_client_get_name_owner (fixture->client));

  g_signal_connect (fixture->client, "restarted", G_CALLBACK (count), &restarted);
  g_signal_connect (scene, "registered-again", G_CALLBACK (count), &registered_again);
  test_kill_orientd (control);
  test_start_orientd (control);
  test_wait_until (reached_one, &registered_again, "the scene registered again");
  g_assert_cmpuint (restarted, ==, 1);
  g_assert_cmpuint (registered_again, ==, 1);
  g_assert_cmpstr (orientd_client_get_name_owner (fixture->client), !=, old_owner);
  g_assert_cmpstr (orientd_scene_get_object_path (scene), !=, old_path);
  g_assert_true (orientd_scene_get_registered (scene));
  /* Rebuilt as it was: the player in front, the same size and state, no change announced. */
  g_assert_cmpint (orientd_scene_get_interface_orientation (scene), ==, ORIENTD_INTERFACE_ORIENTATION_LANDSCAPE_RIGHT);
  g_assert_cmpuint (orientd_scene_get_width (scene), ==, 800);
  g_assert_cmpuint (orientd_scene_get_height (scene), ==, 500);
  g_assert_cmpint (orientd_scene_get_activation_state (scene), ==, ORIENTD_ACTIVATION_STATE_FOREGROUND_INACTIVE);
  g_assert_cmpuint (fixture->changes->len, ==, 1);
  controllers = orientd_scene_get_controllers_sync (scene, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_variant_n_children (controllers), ==, 5);
  { g_autofree char *value = orientd_scene_dup_deciding_controller (scene); g_assert_cmpstr (value, ==, "player"); }
  /* And it goes on with the new orientd. */
  g_assert_true (orientd_scene_dismiss_controller_sync (scene, "player", NULL, &error));
  g_assert_no_error (error);
  assert_changes (fixture, flow);
  g_dbus_connection_close_sync (control, NULL, NULL);
}

/* While orientd is gone and nobody starts it, the client says so and a call fails clearly. */
static void
owner_gone (GObject *client, GParamSpec *pspec, gpointer flag)
{
  if (orientd_client_get_name_owner (ORIENTD_CLIENT (client)) == NULL)
    *(gboolean *) flag = TRUE;
}

static gboolean
is_true (gpointer flag)
{
  return *(gboolean *) flag;
}

static void
test_owner_followed (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GDBusConnection) control = test_connect ();
  gboolean gone = FALSE;

  g_signal_connect (fixture->client, "notify::name-owner", G_CALLBACK (owner_gone), &gone);
  test_kill_orientd (control);
  test_wait_until (is_true, &gone, "name-owner NULL");
  g_assert_null (orientd_client_get_name_owner (fixture->client));
  g_dbus_connection_close_sync (control, NULL, NULL);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/restart/registers-again", Fixture, NULL, fixture_set_up, test_registers_again, fixture_tear_down);
  g_test_add ("/restart/owner-followed", Fixture, NULL, fixture_set_up, test_owner_followed, fixture_tear_down);
  return g_test_run ();
}

/* The video-player flow with liborientd in C: a portrait list in a navigation controller,
 * a landscape player presented over it, dismissed again.
 *   cc video-player.c $(pkg-config --cflags --libs orientd-1) -o video-player
 * SPDX-License-Identifier: MIT */
#include <orientd.h>

static void
changed (OrientdScene *scene, OrientdInterfaceOrientation previous, OrientdInterfaceOrientation current,
         const char *reason, gpointer user_data)
{
  g_autoptr (GEnumClass) orientations = g_type_class_ref (ORIENTD_TYPE_INTERFACE_ORIENTATION);

  g_print ("OrientationChanged %s -> %s (%s)\n", g_enum_get_value (orientations, previous)->value_nick,
           g_enum_get_value (orientations, current)->value_nick, reason);
  if (g_str_equal (reason, "dismissal"))
    g_main_loop_quit (user_data);
}

int
main (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr (OrientdClient) client = orientd_client_new_sync (NULL, &error);
  g_autoptr (OrientdScene) scene = NULL;
  g_autoptr (OrientdControllerProperties) listing = orientd_controller_properties_new ();
  g_autoptr (OrientdControllerProperties) player = orientd_controller_properties_new ();

  if (client == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  scene = orientd_client_register_scene_sync (client, "org.example.Video",
                                              ORIENTD_ORIENTATION_MASK_PORTRAIT | ORIENTD_ORIENTATION_MASK_LANDSCAPE,
                                              NULL, &error);
  if (scene == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  g_print ("registered %s\n", orientd_scene_get_object_path (scene));
  g_signal_connect (scene, "orientation-changed", G_CALLBACK (changed), loop);
  orientd_controller_properties_set_supported_orientations (listing, ORIENTD_ORIENTATION_MASK_PORTRAIT);
  orientd_controller_properties_set_supported_orientations (player, ORIENTD_ORIENTATION_MASK_LANDSCAPE);
  orientd_controller_properties_set_preferred_orientation (player, ORIENTD_INTERFACE_ORIENTATION_LANDSCAPE_RIGHT);
  if (!orientd_scene_set_root_controller_sync (scene, "nav", ORIENTD_CONTROLLER_KIND_NAVIGATION, NULL, NULL, &error) ||
      !orientd_scene_push_controller_sync (scene, "nav", "list", ORIENTD_CONTROLLER_KIND_VIEW, listing, NULL, &error) ||
      !orientd_scene_present_controller_sync (scene, "list", "player", ORIENTD_CONTROLLER_KIND_VIEW, player, NULL, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  g_print ("presented: %s\n", orientd_scene_get_interface_orientation (scene) ==
                                  ORIENTD_INTERFACE_ORIENTATION_LANDSCAPE_RIGHT ? "landscape-right" : "?");
  if (!orientd_scene_dismiss_controller_sync (scene, "player", NULL, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  g_main_loop_run (loop); /* until the dismissal's OrientationChanged */
  orientd_scene_unregister_sync (scene, NULL, NULL);
  g_print ("done\n");
  return 0;
}

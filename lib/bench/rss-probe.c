/* rss-probe.c: one app's resident memory after the same work, built twice: with
 * -DWITH_LIBORIENTD it links liborientd and uses OrientdClient, without it the raw GDBus
 * calls. Connects, reads the manager's properties, registers a scene, updates its
 * orientation, then prints VmRSS in KiB (from /proc/self/status) and exits.
 * SPDX-License-Identifier: MIT */
#ifdef WITH_LIBORIENTD
#include <orientd.h>
#else
#include <gio/gio.h>
#endif
#include <stdio.h>
#include <string.h>

#define BUS_NAME "io.github.orientd.OrientationManager1"
#define MANAGER_PATH "/io/github/orientd/OrientationManager1"

static long
vm_rss_kib (void)
{
  FILE *status = fopen ("/proc/self/status", "r");
  char line[256];
  long kib = -1;

  while (status != NULL && fgets (line, sizeof line, status) != NULL)
    if (strncmp (line, "VmRSS:", 6) == 0)
      sscanf (line + 6, "%ld", &kib);
  if (status != NULL)
    fclose (status);
  return kib;
}

int
main (void)
{
  g_autoptr (GError) error = NULL;
#ifdef WITH_LIBORIENTD
  g_autoptr (OrientdClient) client = orientd_client_new_sync (NULL, &error);
  g_autoptr (OrientdScene) scene = NULL;

  if (client != NULL)
    scene = orientd_client_register_scene_sync (client, "org.example.Probe", 0, NULL, &error);
  if (scene != NULL)
    orientd_scene_update_orientation_sync (scene, NULL, &error);
#else
  g_autoptr (GDBusConnection) connection = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, &error);
  g_autoptr (GVariant) properties = NULL;
  g_autoptr (GVariant) registered = NULL;
  g_autoptr (GVariant) updated = NULL;
  g_autoptr (GVariantBuilder) options = g_variant_builder_new (G_VARIANT_TYPE_VARDICT);
  const char *path = NULL;

  if (connection != NULL)
    properties = g_dbus_connection_call_sync (connection, BUS_NAME, MANAGER_PATH, "org.freedesktop.DBus.Properties",
                                              "GetAll", g_variant_new ("(s)", BUS_NAME), G_VARIANT_TYPE ("(a{sv})"),
                                              G_DBUS_CALL_FLAGS_NONE, -1, NULL, &error);
  g_variant_builder_add (options, "{sv}", "app-id", g_variant_new_string ("org.example.Probe"));
  if (properties != NULL)
    registered = g_dbus_connection_call_sync (connection, BUS_NAME, MANAGER_PATH, BUS_NAME, "RegisterScene",
                                              g_variant_new ("(a{sv})", options), G_VARIANT_TYPE ("(o)"),
                                              G_DBUS_CALL_FLAGS_NONE, -1, NULL, &error);
  if (registered != NULL)
    {
      g_variant_get (registered, "(&o)", &path);
      updated = g_dbus_connection_call_sync (connection, BUS_NAME, path, BUS_NAME ".Scene", "UpdateOrientation", NULL,
                                             G_VARIANT_TYPE ("(s)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL, &error);
    }
#endif
  if (error != NULL)
    {
      g_printerr ("rss-probe: %s\n", error->message);
      return 1;
    }
  printf ("%ld\n", vm_rss_kib ());
  return 0;
}

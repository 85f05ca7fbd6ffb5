/* harness.c: private buses and orientd for the GLib tests.
 * SPDX-License-Identifier: MIT */
#include "harness.h"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <glib/gstdio.h>

#define DEADLINE_SECONDS 60

static char *
binary (void)
{
  const char *path = g_getenv ("ORIENTD_BINARY");

  if (path == NULL || !g_file_test (path, G_FILE_TEST_IS_EXECUTABLE))
    g_error ("ORIENTD_BINARY (%s) is not an executable orientd: build it with swift build --product orientd",
             path != NULL ? path : "unset");
  return g_canonicalize_filename (path, NULL);
}

/* The daemon dies with the test process (PR_SET_PDEATHSIG), even if the test crashes. */
static void
die_with_parent (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}

static void
start_daemon (TestBus *bus, const char *services)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *config = g_build_filename (bus->folder, "bus.conf", NULL);
  g_autofree char *contents = g_strdup_printf (
    "<!DOCTYPE busconfig PUBLIC \"-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN\" "
    "\"http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd\">\n"
    "<busconfig><type>session</type><listen>unix:tmpdir=/tmp</listen><auth>EXTERNAL</auth>"
    "<servicedir>%s</servicedir>"
    "<policy context=\"default\"><allow send_destination=\"*\" eavesdrop=\"true\"/>"
    "<allow eavesdrop=\"true\"/><allow own=\"*\"/></policy></busconfig>\n", services);
  g_autofree char *config_argument = g_strconcat ("--config-file=", config, NULL);
  const char *argv[] = { "dbus-daemon", "--nofork", "--print-address=1", config_argument, NULL };
  int output = -1;
  GString *address = g_string_new (NULL);
  char c;

  g_file_set_contents (config, contents, -1, &error);
  g_assert_no_error (error);
  g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD,
                            die_with_parent, NULL, &bus->daemon, NULL, &output, NULL, &error);
  g_assert_no_error (error);
  while (read (output, &c, 1) == 1 && c != '\n')
    g_string_append_c (address, c);
  close (output);
  g_assert_cmpuint (address->len, >, 0);
  g_setenv ("DBUS_SESSION_BUS_ADDRESS", address->str, TRUE);
  g_string_free (address, TRUE);
}

void
test_bus_up (TestBus *bus, gboolean with_orientd)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *services = NULL;

  bus->folder = g_dir_make_tmp ("liborientd-test-XXXXXX", &error);
  g_assert_no_error (error);
  services = g_build_filename (bus->folder, "services", NULL);
  g_assert_cmpint (g_mkdir (services, 0700), ==, 0);
  if (with_orientd)
    {
      g_autofree char *orientd = binary ();
      g_autofree char *file = g_build_filename (services, "io.github.orientd.OrientationManager1.service", NULL);
      g_autofree char *contents = NULL;
      const char *dirs[] = { "state", "config", "data", "data-home", "runtime" };

      for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
        {
          g_autofree char *dir = g_build_filename (bus->folder, dirs[i], NULL);

          g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
        }
      /* Only the test's folders: never the machine's configuration, desktop entries or display. */
      contents = g_strdup_printf ("[D-BUS Service]\nName=io.github.orientd.OrientationManager1\n"
                                  "Exec=/usr/bin/env XDG_STATE_HOME=%1$s/state XDG_CONFIG_DIRS=%1$s/config "
                                  "XDG_DATA_DIRS=%1$s/data XDG_DATA_HOME=%1$s/data-home XDG_RUNTIME_DIR=%1$s/runtime "
                                  "DISPLAY= WAYLAND_DISPLAY= GSETTINGS_SCHEMA_DIR=/usr/share/glib-2.0/schemas "
                                  "%2$s --sensor none\n",
                                  bus->folder, orientd);
      g_file_set_contents (file, contents, -1, &error);
      g_assert_no_error (error);
    }
  start_daemon (bus, services);
}

static void
remove_tree (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir != NULL)
    while ((name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *child = g_build_filename (path, name, NULL);

        if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
          remove_tree (child);
        else
          g_unlink (child);
      }
  g_rmdir (path);
}

void
test_bus_down (TestBus *bus)
{
  g_autoptr (GDBusConnection) connection = test_connect ();
  int pid = test_orientd_pid (connection);

  g_dbus_connection_close_sync (connection, NULL, NULL);
  g_clear_object (&connection);
  if (pid > 0)
    kill (pid, SIGKILL);
  kill (bus->daemon, SIGTERM);
  waitpid (bus->daemon, NULL, 0);
  g_unsetenv ("DBUS_SESSION_BUS_ADDRESS");
  remove_tree (bus->folder);
  g_clear_pointer (&bus->folder, g_free);
}

GDBusConnection *
test_connect (void)
{
  g_autoptr (GError) error = NULL;
  GDBusConnection *connection =
    g_dbus_connection_new_for_address_sync (g_getenv ("DBUS_SESSION_BUS_ADDRESS"),
                                            G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                              G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
                                            NULL, NULL, &error);

  g_assert_no_error (error);
  g_dbus_connection_set_exit_on_close (connection, FALSE);
  return connection;
}

int
test_orientd_pid (GDBusConnection *connection)
{
  g_autoptr (GVariant) reply =
    g_dbus_connection_call_sync (connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                 "GetConnectionUnixProcessID",
                                 g_variant_new ("(s)", "io.github.orientd.OrientationManager1"), G_VARIANT_TYPE ("(u)"),
                                 G_DBUS_CALL_FLAGS_NONE, -1, NULL, NULL);
  guint32 pid = 0;

  if (reply != NULL)
    g_variant_get (reply, "(u)", &pid);
  return (int) pid;
}

static gboolean
name_has_no_owner (gpointer connection)
{
  return test_orientd_pid (connection) == 0;
}

void
test_kill_orientd (GDBusConnection *connection)
{
  int pid = test_orientd_pid (connection);

  g_assert_cmpint (pid, >, 0);
  g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
  test_wait_until (name_has_no_owner, connection, "orientd's name has no owner");
}

void
test_start_orientd (GDBusConnection *connection)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) reply =
    g_dbus_connection_call_sync (connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                 "StartServiceByName", g_variant_new ("(su)", "io.github.orientd.OrientationManager1", 0),
                                 G_VARIANT_TYPE ("(u)"), G_DBUS_CALL_FLAGS_NONE, 60000, NULL, &error);

  g_assert_no_error (error);
}

static gboolean
deadline_passed (gpointer flag)
{
  *(gboolean *) flag = TRUE;
  return G_SOURCE_REMOVE;
}

void
test_wait_until (TestCondition condition, gpointer data, const char *what)
{
  gboolean passed = FALSE;
  guint deadline = g_timeout_add_seconds (DEADLINE_SECONDS, deadline_passed, &passed);

  while (!condition (data))
    {
      if (passed)
        g_error ("waited %d s for %s", DEADLINE_SECONDS, what);
      g_main_context_iteration (NULL, TRUE);
    }
  if (!passed)
    g_source_remove (deadline);
}

void
test_store_result (GObject *source, GAsyncResult *result, gpointer slot)
{
  *(GAsyncResult **) slot = g_object_ref (result);
}

static gboolean
result_arrived (gpointer slot)
{
  return *(GAsyncResult **) slot != NULL;
}

GAsyncResult *
test_wait_result (GAsyncResult **slot)
{
  test_wait_until (result_arrived, slot, "an async call's result");
  return *slot;
}

static gboolean
is_null (gpointer pointer)
{
  return *(gpointer *) pointer == NULL;
}

void
test_session_done (GDBusConnection *session)
{
  gpointer weak = session;

  g_object_add_weak_pointer (G_OBJECT (session), &weak);
  g_dbus_connection_close_sync (session, NULL, NULL);
  g_object_unref (session);
  /* GDBus may hold it a little longer (a reply still queued); closed, it harms no later test. */
  for (gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC; !is_null (&weak) && g_get_monotonic_time () < deadline;)
    g_main_context_iteration (NULL, FALSE);
  if (weak != NULL)
    g_object_remove_weak_pointer (G_OBJECT (weak), &weak);
}

/* test-hostile.c: orientd absent, and a name owner that answers nonsense: a clear
 * GError in the domain, no hang, no crash.
 * SPDX-License-Identifier: MIT */
#include "harness.h"

#include <string.h>

typedef enum
{
  NONSENSE_REPLY,        /* every call answered with (i) */
  WRONG_PROPERTY_TYPE,   /* Version as a string */
  REGISTER_WRONG_TYPE,   /* GetAll fine, RegisterScene answered with (s) */
  REGISTER_FOREIGN_PATH, /* RegisterScene answered with a path outside orientd's */
} Mode;

/* Answers every method call from the GDBus worker thread, before any dispatch. */
static GDBusMessage *
answer_nonsense (GDBusConnection *connection, GDBusMessage *message, gboolean incoming, gpointer mode_pointer)
{
  Mode mode = GPOINTER_TO_INT (mode_pointer);
  const char *member = g_dbus_message_get_member (message);
  g_autoptr (GDBusMessage) reply = NULL;
  GVariant *body;

  if (!incoming || g_dbus_message_get_message_type (message) != G_DBUS_MESSAGE_TYPE_METHOD_CALL)
    return message;
  if (g_strcmp0 (g_dbus_message_get_interface (message), "org.freedesktop.DBus.Properties") == 0 &&
      g_strcmp0 (member, "GetAll") == 0 && mode != NONSENSE_REPLY)
    body = g_variant_new_parsed (mode == WRONG_PROPERTY_TYPE ? "(@a{sv} {'Version': <'five'>},)"
                                                             : "(@a{sv} {'Version': <uint32 5>},)");
  else if (g_strcmp0 (member, "RegisterScene") == 0 && mode == REGISTER_WRONG_TYPE)
    body = g_variant_new ("(s)", "a scene");
  else if (g_strcmp0 (member, "RegisterScene") == 0 && mode == REGISTER_FOREIGN_PATH)
    body = g_variant_new ("(o)", "/org/example/Elsewhere");
  else
    body = g_variant_new ("(i)", 42);
  reply = g_dbus_message_new_method_reply (message);
  g_dbus_message_set_body (reply, body);
  g_dbus_connection_send_message (connection, reply, G_DBUS_SEND_MESSAGE_FLAGS_NONE, NULL, NULL);
  g_object_unref (message);
  return NULL;
}

static GDBusConnection *
hostile_owner (Mode mode)
{
  GDBusConnection *connection = test_connect ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) reply = NULL;

  g_dbus_connection_add_filter (connection, answer_nonsense, GINT_TO_POINTER (mode), NULL);
  reply = g_dbus_connection_call_sync (connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                       "RequestName", g_variant_new ("(su)", "io.github.orientd.OrientationManager1", 4),
                                       G_VARIANT_TYPE ("(u)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL, &error);
  g_assert_no_error (error);
  return connection;
}

static void
test_orientd_absent (void)
{
  TestBus bus;
  g_autoptr (GError) error = NULL;
  g_autoptr (GAsyncResult) result = NULL;
  OrientdClient *client;
  GDBusConnection *session;

  test_bus_up (&bus, FALSE);
  session = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, NULL);
  g_dbus_connection_set_exit_on_close (session, FALSE);
  client = orientd_client_new_sync (NULL, &error);
  g_assert_null (client);
  g_assert_error (error, ORIENTD_ERROR, ORIENTD_ERROR_NOT_RUNNING);
  g_assert_nonnull (strstr (error->message, "orientd is not running"));
  g_clear_error (&error);
  orientd_client_new (NULL, test_store_result, &result);
  client = orientd_client_new_finish (test_wait_result (&result), &error);
  g_assert_null (client);
  g_assert_error (error, ORIENTD_ERROR, ORIENTD_ERROR_NOT_RUNNING);
  g_clear_object (&result);
  test_session_done (session);
  test_bus_down (&bus);
}

static void
expect_client_error (Mode mode, const char *words)
{
  TestBus bus;
  g_autoptr (GError) error = NULL;
  g_autoptr (GDBusConnection) hostile = NULL;
  OrientdClient *client;
  GDBusConnection *session;

  test_bus_up (&bus, FALSE);
  hostile = hostile_owner (mode);
  session = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, NULL);
  g_dbus_connection_set_exit_on_close (session, FALSE);
  client = orientd_client_new_sync (NULL, &error);
  g_assert_null (client);
  g_assert_error (error, ORIENTD_ERROR, ORIENTD_ERROR_PROTOCOL);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, words));
  g_dbus_connection_close_sync (hostile, NULL, NULL);
  test_session_done (session);
  test_bus_down (&bus);
}

static void
test_nonsense_reply (void)
{
  expect_client_error (NONSENSE_REPLY, "answered GetAll with the type (i), the contract says (a{sv})");
}

static void
test_wrong_property_type (void)
{
  expect_client_error (WRONG_PROPERTY_TYPE, "Version has the type s, the contract says u");
}

static void
expect_register_error (Mode mode, const char *words)
{
  TestBus bus;
  g_autoptr (GError) error = NULL;
  g_autoptr (GDBusConnection) hostile = NULL;
  OrientdClient *client;
  OrientdScene *scene;
  GDBusConnection *session;

  test_bus_up (&bus, FALSE);
  hostile = hostile_owner (mode);
  session = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, NULL);
  g_dbus_connection_set_exit_on_close (session, FALSE);
  client = orientd_client_new_sync (NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (orientd_client_get_version (client), ==, 5);
  scene = orientd_client_register_scene_sync (client, "org.example.Video", 0, NULL, &error);
  g_assert_null (scene);
  g_assert_error (error, ORIENTD_ERROR, ORIENTD_ERROR_PROTOCOL);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, words));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_finalize_object (client);
  g_dbus_connection_close_sync (hostile, NULL, NULL);
  test_session_done (session);
  test_bus_down (&bus);
}

static void
test_register_wrong_type (void)
{
  expect_register_error (REGISTER_WRONG_TYPE, "answered RegisterScene with the type (s), the contract says (o)");
}

static void
test_register_foreign_path (void)
{
  expect_register_error (REGISTER_FOREIGN_PATH, "/org/example/Elsewhere");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/absent/not-running", test_orientd_absent);
  g_test_add_func ("/hostile/nonsense-reply", test_nonsense_reply);
  g_test_add_func ("/hostile/wrong-property-type", test_wrong_property_type);
  g_test_add_func ("/hostile/register-wrong-type", test_register_wrong_type);
  g_test_add_func ("/hostile/register-foreign-path", test_register_foreign_path);
  return g_test_run ();
}

/* test-common.h: the fixture the scene and client tests share.
 * SPDX-License-Identifier: MIT */
#pragma once

#include "harness.h"

typedef struct
{
  TestBus bus;
  OrientdClient *client;
  GDBusConnection *session;
  GPtrArray *changes; /* "previous -> current (reason)" */
} Fixture;

static inline const char *
nick (GType type, int value)
{
  GEnumClass *klass = g_type_class_ref (type);
  const char *name = g_enum_get_value (klass, value)->value_nick;

  g_type_class_unref (klass);
  return name;
}

static inline void
record_change (OrientdScene *scene, OrientdInterfaceOrientation previous, OrientdInterfaceOrientation current,
               const char *reason, gpointer changes)
{
  g_ptr_array_add (changes, g_strdup_printf ("%s -> %s (%s)", nick (ORIENTD_TYPE_INTERFACE_ORIENTATION, previous),
                                             nick (ORIENTD_TYPE_INTERFACE_ORIENTATION, current), reason));
}

static inline void
fixture_set_up (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  test_bus_up (&fixture->bus, TRUE);
  /* The session bus the library takes by default; closed before the bus goes. */
  fixture->session = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, &error);
  g_assert_no_error (error);
  g_dbus_connection_set_exit_on_close (fixture->session, FALSE);
  fixture->client = orientd_client_new_sync (NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (fixture->client);
  fixture->changes = g_ptr_array_new_with_free_func (g_free);
}

static inline void
fixture_tear_down (Fixture *fixture, gconstpointer data)
{
  /* Signals still queued for the client hold it. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_finalize_object (fixture->client);
  g_ptr_array_unref (fixture->changes);
  test_session_done (g_steal_pointer (&fixture->session));
  test_bus_down (&fixture->bus);
}

static inline OrientdScene *
register_video_scene (Fixture *fixture)
{
  g_autoptr (GError) error = NULL;
  OrientdScene *scene =
    orientd_client_register_scene_sync (fixture->client, "org.example.Video",
                                        ORIENTD_ORIENTATION_MASK_PORTRAIT | ORIENTD_ORIENTATION_MASK_LANDSCAPE, NULL,
                                        &error);

  g_assert_no_error (error);
  g_signal_connect (scene, "orientation-changed", G_CALLBACK (record_change), fixture->changes);
  return scene;
}

static inline gboolean
changes_reach (gpointer data)
{
  Fixture *fixture = ((gpointer *) data)[0];
  guint wanted = GPOINTER_TO_UINT (((gpointer *) data)[1]);

  return fixture->changes->len >= wanted;
}

/* Waits for @count changes and checks them. */
static inline void
assert_changes (Fixture *fixture, const char *const *expected)
{
  guint count = g_strv_length ((char **) expected);
  gpointer data[2] = { fixture, GUINT_TO_POINTER (count) };

  test_wait_until (changes_reach, data, "orientation-changed");
  g_assert_cmpuint (fixture->changes->len, ==, count);
  for (guint i = 0; i < count; i++)
    g_assert_cmpstr (fixture->changes->pdata[i], ==, expected[i]);
}

/* harness.h: a private bus for one test, with the real orientd activatable on it.
 * SPDX-License-Identifier: MIT */
#pragma once

#include <orientd.h>

G_BEGIN_DECLS

typedef struct
{
  GPid daemon;
  char *folder;
} TestBus;

/* A dbus-daemon of the test's own whose only service folder is the test's: with
 * @with_orientd, orientd (ORIENTD_BINARY) is activatable on it, with its state,
 * configuration and data folders in the test's folder and no display. */
void test_bus_up (TestBus *bus, gboolean with_orientd);
/* Ends orientd (if it runs) and the bus, removes the folder. */
void test_bus_down (TestBus *bus);

/* Closes the session-bus singleton and waits until it is gone (the next test's bus is another). */
void test_session_done (GDBusConnection *session);

/* A connection of its own to the test's bus. */
GDBusConnection *test_connect (void);
/* The pid of orientd's name's owner, 0 when none. */
int test_orientd_pid (GDBusConnection *connection);
/* SIGKILLs orientd and waits until its name has no owner. */
void test_kill_orientd (GDBusConnection *connection);
/* Starts orientd again through the bus's activation. */
void test_start_orientd (GDBusConnection *connection);

/* Iterates the default main context until @condition holds; fails the test after a deadline. */
typedef gboolean (*TestCondition) (gpointer data);
void test_wait_until (TestCondition condition, gpointer data, const char *what);

/* Runs an async call's callback result out of the default main context. */
GAsyncResult *test_wait_result (GAsyncResult **slot);
void test_store_result (GObject *source, GAsyncResult *result, gpointer slot);

G_END_DECLS

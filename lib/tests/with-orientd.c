/* with-orientd.c: runs a command with the real orientd on a private bus of its own (the
 * harness's), for the Python, GJS and example tests; exits with the command's status.
 *   with-orientd COMMAND [ARGUMENT…]
 * SPDX-License-Identifier: MIT */
#include "harness.h"

#include <sys/wait.h>

int
main (int argc, char **argv)
{
  TestBus bus;
  g_autoptr (GError) error = NULL;
  int status = 0;

  if (argc < 2)
    {
      g_printerr ("usage: with-orientd COMMAND [ARGUMENT…]\n");
      return 64;
    }
  test_bus_up (&bus, TRUE);
  if (!g_spawn_sync (NULL, argv + 1, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_CHILD_INHERITS_STDIN, NULL, NULL, NULL,
                     NULL, &status, &error))
    {
      g_printerr ("with-orientd: %s\n", error->message);
      status = 127 << 8;
    }
  test_bus_down (&bus);
  return WIFEXITED (status) ? WEXITSTATUS (status) : 1;
}

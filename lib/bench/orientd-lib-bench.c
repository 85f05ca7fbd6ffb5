/* orientd-lib-bench.c: what liborientd costs over raw GDBus, against the real orientd on
 * a private bus (the tests' harness). Issue 44's bars: a library call costs ≤ 1.05 × the
 * same raw g_dbus_connection_call_sync on the same connection, measured in the same run
 * (UpdateOrientation, RequestOrientation, a property read), and linking the library adds
 * ≤ 1 MiB to an app's RSS.
 *   orientd-lib-bench [ROUNDS [CALLS]] RSS_PROBE_LIB RSS_PROBE_RAW
 * Rounds of CALLS library calls and CALLS raw calls alternate (which goes first alternates
 * too); each figure is the median of its rounds' mean per call. Exits 0 even on a MISS: the
 * figures are the result. SPDX-License-Identifier: MIT */
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>

#define BUS_NAME "io.github.orientd.OrientationManager1"
#define SCENE_INTERFACE BUS_NAME ".Scene"
#define BAR_RATIO 1.05
#define BAR_RSS_MIB 1.0

typedef struct
{
  OrientdScene *scene;
  GDBusConnection *connection;
  const char *path;
  guint turn;
} Bench;

typedef void (*Call) (Bench *bench);

static void
check (GError *error, const char *what)
{
  if (error != NULL)
    g_error ("%s: %s", what, error->message);
}

static GVariant *
raw (Bench *bench, const char *interface, const char *method, GVariant *parameters, const char *reply_type)
{
  GError *error = NULL;
  GVariant *reply = g_dbus_connection_call_sync (bench->connection, BUS_NAME, bench->path, interface, method,
                                                 parameters, G_VARIANT_TYPE (reply_type), G_DBUS_CALL_FLAGS_NONE,
                                                 -1, NULL, &error);

  check (error, method);
  return reply;
}

/* Alternates portrait and landscape-right, both allowed on the bench's scene. */
static OrientdInterfaceOrientation
next_orientation (Bench *bench)
{
  return bench->turn++ % 2 == 0 ? ORIENTD_INTERFACE_ORIENTATION_LANDSCAPE_RIGHT : ORIENTD_INTERFACE_ORIENTATION_PORTRAIT;
}

static void
lib_update (Bench *bench)
{
  GError *error = NULL;

  orientd_scene_update_orientation_sync (bench->scene, NULL, &error);
  check (error, "orientd_scene_update_orientation_sync");
}

static void
raw_update (Bench *bench)
{
  g_variant_unref (raw (bench, SCENE_INTERFACE, "UpdateOrientation", NULL, "(s)"));
}

static void
lib_request (Bench *bench)
{
  GError *error = NULL;

  orientd_scene_request_orientation_sync (bench->scene, next_orientation (bench), NULL, &error);
  check (error, "orientd_scene_request_orientation_sync");
}

static void
raw_request (Bench *bench)
{
  const char *name = next_orientation (bench) == ORIENTD_INTERFACE_ORIENTATION_PORTRAIT ? "portrait" : "landscape-right";

  g_variant_unref (raw (bench, SCENE_INTERFACE, "RequestOrientation", g_variant_new ("(s)", name), "(s)"));
}

static void
raw_get (Bench *bench)
{
  g_variant_unref (raw (bench, "org.freedesktop.DBus.Properties", "Get",
                        g_variant_new ("(ss)", SCENE_INTERFACE, "InterfaceOrientation"), "(v)"));
}

static volatile OrientdInterfaceOrientation sink;

/* The library's property read: the scene's cached value, kept current by signals and by
 * each call's refresh; it makes no call. */
static void
lib_get (Bench *bench)
{
  sink = orientd_scene_get_interface_orientation (bench->scene);
}

/* The mean time of @calls calls. The signals the round brought (a rotating request's) are
 * then heard, untimed, as an app's main loop would hear them between its calls. */
static double
seconds_per_call (Bench *bench, Call call, guint calls)
{
  gint64 start = g_get_monotonic_time ();
  double seconds;

  for (guint i = 0; i < calls; i++)
    call (bench);
  seconds = (g_get_monotonic_time () - start) / 1e6 / calls;
  while (g_main_context_iteration (NULL, FALSE))
    ;
  return seconds;
}

static int
by_value (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (double *values, guint count)
{
  qsort (values, count, sizeof *values, by_value);
  return count % 2 == 1 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2;
}

/* Interleaved rounds of @library and @reference; returns library / reference of the medians. */
static double
compare (Bench *bench, const char *what, Call library, const char *library_name, Call reference,
         const char *reference_name, guint rounds, guint calls, gboolean barred)
{
  g_autofree double *library_seconds = g_new (double, rounds);
  g_autofree double *reference_seconds = g_new (double, rounds);
  double library_median, reference_median, ratio;

  seconds_per_call (bench, library, calls / 10 + 1); /* warm both up */
  seconds_per_call (bench, reference, calls / 10 + 1);
  for (guint round = 0; round < rounds; round++)
    if (round % 2 == 0)
      {
        library_seconds[round] = seconds_per_call (bench, library, calls);
        reference_seconds[round] = seconds_per_call (bench, reference, calls);
      }
    else
      {
        reference_seconds[round] = seconds_per_call (bench, reference, calls);
        library_seconds[round] = seconds_per_call (bench, library, calls);
      }
  library_median = median (library_seconds, rounds);
  reference_median = median (reference_seconds, rounds);
  ratio = library_median / reference_median;
  printf ("%-20s library %-44s %9.1f µs   raw %-40s %9.1f µs   ratio %6.3f  %s\n", what, library_name,
          library_median * 1e6, reference_name, reference_median * 1e6, ratio,
          !barred ? "(context)" : ratio <= BAR_RATIO ? "PASS (≤ 1.05)" : "MISS (> 1.05)");
  return ratio;
}

static long
probe_rss_kib (const char *probe)
{
  g_autofree char *output = NULL;
  g_autoptr (GError) error = NULL;
  const char *argv[] = { probe, NULL };
  int status = 0;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &output, NULL, &status, &error);
  check (error, probe);
  if (!g_spawn_check_wait_status (status, &error))
    check (error, probe);
  return strtol (output, NULL, 10);
}

int
main (int argc, char **argv)
{
  TestBus bus;
  g_autoptr (GError) error = NULL;
  g_autoptr (OrientdClient) client = NULL;
  g_autoptr (OrientdScene) scene = NULL;
  guint rounds = argc > 3 ? (guint) atoi (argv[1]) : 21;
  guint calls = argc > 4 ? (guint) atoi (argv[2]) : 200;
  const char *probe_lib = argv[argc - 2], *probe_raw = argv[argc - 1];
  Bench bench = { 0 };
  long lib_kib[5], raw_kib[5];
  double lib_rss, raw_rss, added_mib;

  if (argc < 3 || rounds == 0 || calls == 0)
    {
      g_printerr ("usage: orientd-lib-bench [ROUNDS [CALLS]] RSS_PROBE_LIB RSS_PROBE_RAW\n");
      return 64;
    }
  test_bus_up (&bus, TRUE);
  client = orientd_client_new_sync (NULL, &error);
  check (error, "orientd_client_new_sync");
  scene = orientd_client_register_scene_sync (client, "org.example.Bench",
                                              ORIENTD_ORIENTATION_MASK_PORTRAIT | ORIENTD_ORIENTATION_MASK_LANDSCAPE,
                                              NULL, &error);
  check (error, "orientd_client_register_scene_sync");
  bench.scene = scene;
  bench.connection = orientd_client_get_connection (client);
  bench.path = orientd_scene_get_object_path (scene);

  printf ("liborientd against raw GDBus on one connection, orientd on a private bus: median of %u rounds of %u calls\n",
          rounds, calls);
  compare (&bench, "UpdateOrientation", lib_update, "orientd_scene_update_orientation_sync", raw_update,
           "UpdateOrientation", rounds, calls, TRUE);
  compare (&bench, "RequestOrientation", lib_request, "orientd_scene_request_orientation_sync", raw_request,
           "RequestOrientation", rounds, calls, TRUE);
  compare (&bench, "property read", lib_get, "orientd_scene_get_interface_orientation", raw_get,
           "Properties.Get InterfaceOrientation", rounds, calls, FALSE);

  /* Each probe run several times; the median (the page cache and the bus vary a little). */
  for (guint i = 0; i < G_N_ELEMENTS (lib_kib); i++)
    {
      lib_kib[i] = probe_rss_kib (probe_lib);
      raw_kib[i] = probe_rss_kib (probe_raw);
    }
  {
    double lib_values[G_N_ELEMENTS (lib_kib)], raw_values[G_N_ELEMENTS (raw_kib)];

    for (guint i = 0; i < G_N_ELEMENTS (lib_kib); i++)
      {
        lib_values[i] = lib_kib[i];
        raw_values[i] = raw_kib[i];
      }
    lib_rss = median (lib_values, G_N_ELEMENTS (lib_values));
    raw_rss = median (raw_values, G_N_ELEMENTS (raw_values));
  }
  added_mib = (lib_rss - raw_rss) / 1024.0;
  printf ("RSS after connect, manager properties, RegisterScene, UpdateOrientation: library %.0f KiB, raw GDBus %.0f KiB, "
          "added %.2f MiB  %s\n", lib_rss, raw_rss, added_mib, added_mib <= BAR_RSS_MIB ? "PASS (≤ 1 MiB)" : "MISS (> 1 MiB)");

  g_clear_object (&scene);
  g_clear_object (&client);
  test_bus_down (&bus);
  return 0;
}

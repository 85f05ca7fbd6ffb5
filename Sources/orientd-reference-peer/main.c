/*
 * orientd-reference-peer: the least a GDBus service can do for each of orientd's call
 * shapes, for orientd-bench to measure beside orientd on the same bus (see BENCHMARKS.md).
 *
 * Plain C on GDBus, the way a small C service is written: its objects are registered
 * from the main thread, so GDBus hands every method call from its I/O thread to the main
 * loop and the reply back, exactly as it does for orientd. Each reply is built afresh
 * with g_variant_new_* from the peer's own state, as a service builds it from its data.
 *
 * Usage: orientd-reference-peer   (on $DBUS_SESSION_BUS_ADDRESS; prints its unique name)
 *
 * Object /io/github/orientd/ReferencePeer, interface io.github.orientd.ReferencePeer1:
 *   Noop()                      no work, empty reply
 *   String() -> s               a string reply
 *   SetExplain(a(sass)), SetControllers(a(sssa{sv}))  the templates of Explain and GetControllers
 *   SetScenes(u count, a{sv} properties): GetManagedObjects then lists `count` scenes at
 *                               orientd's scene paths, each with a copy of `properties`
 *   ExportScene(o path)         exports the scene interface below at `path`
 *   TurnScenes(u count, s to)   what orientd sends when the device turns `count` scenes:
 *                               OrientationChanged (reason "device") on each of `count` scene
 *                               paths, then PropertiesChanged on each as RequestOrientation
 *                               below, then the reply
 *   TurnPaths(ao paths, s to)   the same on the given scene paths (scenes spread over apps)
 *
 * orientd's own shapes, at orientd's paths with orientd's interface and member names, so
 * that the bus and GDBus carry, route and check messages of the same size for both:
 * io.github.orientd.OrientationManager1.Scene, at the path given to ExportScene:
 *   UpdateOrientation() -> s    a string reply
 *   RequestOrientation(s) -> s  emits OrientationChanged (sss) and PropertiesChanged
 *                               (InterfaceOrientation, Width, Height) on the scene's path,
 *                               then replies
 *   Explain() -> a(sass)        a copy of the template set with SetExplain
 *   GetControllers() -> a(sssa{sv})  a copy of the template set with SetControllers
 * /io/github/orientd/OrientationManager1:
 *   io.github.orientd.OrientationManager1, property Version (u)   Properties.Get's shape
 *   org.freedesktop.DBus.ObjectManager.GetManagedObjects
 */
#include <gio/gio.h>
#include <stdio.h>
#include <string.h>

#define PEER_PATH "/io/github/orientd/ReferencePeer"
#define PEER_NAME "io.github.orientd.ReferencePeer1"
#define PEER_INTERFACE "io.github.orientd.ReferencePeer1"
#define MANAGER_PATH "/io/github/orientd/OrientationManager1"
#define MANAGER_INTERFACE "io.github.orientd.OrientationManager1"
#define SCENE_INTERFACE "io.github.orientd.OrientationManager1.Scene"
#define SCENE_PATH_PREFIX "/io/github/orientd/OrientationManager1/scene/"

static const char introspection_xml[] =
    "<node>"
    "  <interface name='" PEER_INTERFACE "'>"
    "    <method name='Noop'/>"
    "    <method name='String'><arg type='s' direction='out'/></method>"
    "    <method name='SetExplain'><arg type='a(sass)' direction='in'/></method>"
    "    <method name='SetControllers'><arg type='a(sssa{sv})' direction='in'/></method>"
    "    <method name='SetScenes'><arg type='u' direction='in'/><arg type='a{sv}' direction='in'/></method>"
    "    <method name='ExportScene'><arg type='o' direction='in'/></method>"
    "    <method name='TurnScenes'><arg type='u' direction='in'/><arg type='s' direction='in'/></method>"
    "    <method name='TurnPaths'><arg type='ao' direction='in'/><arg type='s' direction='in'/></method>"
    "  </interface>"
    "</node>";

static const char manager_xml[] =
    "<node>"
    "  <interface name='" MANAGER_INTERFACE "'>"
    "    <property name='Version' type='u' access='read'/>"
    "  </interface>"
    "  <interface name='org.freedesktop.DBus.ObjectManager'>"
    "    <method name='GetManagedObjects'><arg type='a{oa{sa{sv}}}' direction='out'/></method>"
    "  </interface>"
    "</node>";

static const char scene_xml[] =
    "<node>"
    "  <interface name='" SCENE_INTERFACE "'>"
    "    <method name='UpdateOrientation'><arg type='s' direction='out'/></method>"
    "    <method name='RequestOrientation'><arg type='s' direction='in'/><arg type='s' direction='out'/></method>"
    "    <method name='Explain'><arg type='a(sass)' direction='out'/></method>"
    "    <method name='GetControllers'><arg type='a(sssa{sv})' direction='out'/></method>"
    "  </interface>"
    "</node>";

static GDBusConnection *connection;
static GVariant *explain_template;
static GVariant *controllers_template;
static GVariant *scene_properties;
static guint scene_count;
static char *scene_path;
static GDBusNodeInfo *scene_node;
static char current[32] = "portrait";
/* What TurnScenes' scenes show. */
static char turned[32] = "portrait";

/* A new GVariant equal to `value`, built element by element as a service builds its reply
 * from its own data (g_variant_new_* for every value, a builder for every container). */
static GVariant *
rebuild (GVariant *value)
{
  switch (g_variant_classify (value))
    {
    case G_VARIANT_CLASS_STRING:
      return g_variant_new_string (g_variant_get_string (value, NULL));
    case G_VARIANT_CLASS_OBJECT_PATH:
      return g_variant_new_object_path (g_variant_get_string (value, NULL));
    case G_VARIANT_CLASS_BOOLEAN:
      return g_variant_new_boolean (g_variant_get_boolean (value));
    case G_VARIANT_CLASS_UINT32:
      return g_variant_new_uint32 (g_variant_get_uint32 (value));
    case G_VARIANT_CLASS_UINT64:
      return g_variant_new_uint64 (g_variant_get_uint64 (value));
    case G_VARIANT_CLASS_VARIANT:
      {
        GVariant *inner = g_variant_get_variant (value);
        GVariant *result = g_variant_new_variant (rebuild (inner));
        g_variant_unref (inner);
        return result;
      }
    case G_VARIANT_CLASS_ARRAY:
    case G_VARIANT_CLASS_TUPLE:
    case G_VARIANT_CLASS_DICT_ENTRY:
      {
        GVariantBuilder builder;
        GVariantIter iter;
        GVariant *child;
        g_variant_builder_init (&builder, g_variant_get_type (value));
        g_variant_iter_init (&iter, value);
        while ((child = g_variant_iter_next_value (&iter)) != NULL)
          {
            g_variant_builder_add_value (&builder, rebuild (child));
            g_variant_unref (child);
          }
        return g_variant_builder_end (&builder);
      }
    default:
      return g_variant_ref (value);
    }
}

static void
replace (GVariant **slot, GVariant *value)
{
  if (*slot != NULL)
    g_variant_unref (*slot);
  *slot = g_variant_ref (value);
}

static GVariant *
managed_objects (void)
{
  GVariantBuilder objects;
  g_variant_builder_init (&objects, G_VARIANT_TYPE ("a{oa{sa{sv}}}"));
  for (guint i = 1; i <= scene_count && scene_properties != NULL; i++)
    {
      char path[96];
      GVariantBuilder interfaces;
      /* orientd names the path after the registering connection (`:1.10` here) */
      g_snprintf (path, sizeof path, SCENE_PATH_PREFIX "_3a1_2e10/%u", i);
      g_variant_builder_init (&interfaces, G_VARIANT_TYPE ("a{sa{sv}}"));
      g_variant_builder_add_value (&interfaces,
                                   g_variant_new_dict_entry (g_variant_new_string (SCENE_INTERFACE),
                                                             rebuild (scene_properties)));
      g_variant_builder_add (&objects, "{o@a{sa{sv}}}", path, g_variant_builder_end (&interfaces));
    }
  return g_variant_new ("(@a{oa{sa{sv}}})", g_variant_builder_end (&objects));
}

static void export_scene (GDBusMethodInvocation *invocation, GVariant *parameters);

/* A scene turned from `from` to `to`. */
static void
emit_orientation_changed (const char *path, const char *from, const char *to, const char *reason)
{
  g_dbus_connection_emit_signal (connection, NULL, path, SCENE_INTERFACE, "OrientationChanged",
                                 g_variant_new ("(sss)", from, to, reason), NULL);
}

/* The properties orientd sends for a scene now showing `to`. */
static void
emit_properties_changed (const char *path, const char *to)
{
  gboolean landscape = g_str_has_prefix (to, "landscape");
  GVariantBuilder changed;
  g_variant_builder_init (&changed, G_VARIANT_TYPE ("a{sv}"));
  g_variant_builder_add (&changed, "{sv}", "Height", g_variant_new_uint32 (landscape ? 390 : 844));
  g_variant_builder_add (&changed, "{sv}", "InterfaceOrientation", g_variant_new_string (to));
  g_variant_builder_add (&changed, "{sv}", "Width", g_variant_new_uint32 (landscape ? 844 : 390));
  g_dbus_connection_emit_signal (connection, NULL, path, "org.freedesktop.DBus.Properties",
                                 "PropertiesChanged",
                                 g_variant_new ("(sa{sv}as)", SCENE_INTERFACE, &changed, NULL), NULL);
}

static void
rotate (GDBusMethodInvocation *invocation, GVariant *parameters)
{
  const char *wanted;
  g_variant_get (parameters, "(&s)", &wanted);
  emit_orientation_changed (scene_path, current, wanted, "request");
  emit_properties_changed (scene_path, wanted);
  g_strlcpy (current, wanted, sizeof current);
  g_dbus_method_invocation_return_value (invocation, g_variant_new ("(s)", current));
}

/* As orientd orders a device turn's signals: every OrientationChanged first, then the
 * property changes. */
static void
turn_scenes (GDBusMethodInvocation *invocation, GVariant *parameters)
{
  guint count;
  const char *to;
  char path[96];
  g_variant_get (parameters, "(u&s)", &count, &to);
  for (guint i = 1; i <= count; i++)
    {
      g_snprintf (path, sizeof path, SCENE_PATH_PREFIX "_3a1_2e10/%u", i);
      emit_orientation_changed (path, turned, to, "device");
    }
  for (guint i = 1; i <= count; i++)
    {
      g_snprintf (path, sizeof path, SCENE_PATH_PREFIX "_3a1_2e10/%u", i);
      emit_properties_changed (path, to);
    }
  g_strlcpy (turned, to, sizeof turned);
  g_dbus_method_invocation_return_value (invocation, NULL);
}

static void
turn_paths (GDBusMethodInvocation *invocation, GVariant *parameters)
{
  GVariant *paths;
  const char *to;
  gsize count;
  g_variant_get (parameters, "(@ao&s)", &paths, &to);
  const char **each = g_variant_get_objv (paths, &count);
  for (gsize i = 0; i < count; i++)
    emit_orientation_changed (each[i], turned, to, "device");
  for (gsize i = 0; i < count; i++)
    emit_properties_changed (each[i], to);
  g_free (each);
  g_variant_unref (paths);
  g_strlcpy (turned, to, sizeof turned);
  g_dbus_method_invocation_return_value (invocation, NULL);
}

static void
method_call (GDBusConnection *bus, const char *sender, const char *path, const char *interface,
             const char *method, GVariant *parameters, GDBusMethodInvocation *invocation, gpointer data)
{
  (void) bus; (void) sender; (void) path; (void) interface; (void) data;
  if (strcmp (method, "Noop") == 0)
    g_dbus_method_invocation_return_value (invocation, NULL);
  else if (strcmp (method, "String") == 0)
    g_dbus_method_invocation_return_value (invocation, g_variant_new ("(s)", current));
  else if (strcmp (method, "UpdateOrientation") == 0)
    g_dbus_method_invocation_return_value (invocation, g_variant_new ("(s)", current));
  else if (strcmp (method, "RequestOrientation") == 0)
    rotate (invocation, parameters);
  else if (strcmp (method, "Explain") == 0 || strcmp (method, "GetControllers") == 0)
    {
      GVariant *template = method[0] == 'E' ? explain_template : controllers_template;
      if (template == NULL)
        g_dbus_method_invocation_return_dbus_error (invocation, "org.freedesktop.DBus.Error.Failed",
                                                    "no template: call SetExplain or SetControllers first");
      else
        g_dbus_method_invocation_return_value (invocation, g_variant_new_tuple ((GVariant *[]) { rebuild (template) }, 1));
    }
  else if (strcmp (method, "SetExplain") == 0 || strcmp (method, "SetControllers") == 0)
    {
      GVariant *value = g_variant_get_child_value (parameters, 0);
      replace (method[3] == 'E' ? &explain_template : &controllers_template, value);
      g_variant_unref (value);
      g_dbus_method_invocation_return_value (invocation, NULL);
    }
  else if (strcmp (method, "SetScenes") == 0)
    {
      GVariant *properties = g_variant_get_child_value (parameters, 1);
      g_variant_get_child (parameters, 0, "u", &scene_count);
      replace (&scene_properties, properties);
      g_variant_unref (properties);
      g_dbus_method_invocation_return_value (invocation, NULL);
    }
  else if (strcmp (method, "ExportScene") == 0)
    export_scene (invocation, parameters);
  else if (strcmp (method, "TurnScenes") == 0)
    turn_scenes (invocation, parameters);
  else if (strcmp (method, "TurnPaths") == 0)
    turn_paths (invocation, parameters);
  else if (strcmp (method, "GetManagedObjects") == 0)
    g_dbus_method_invocation_return_value (invocation, managed_objects ());
  else
    g_dbus_method_invocation_return_dbus_error (invocation, "org.freedesktop.DBus.Error.UnknownMethod", method);
}

static GVariant *
get_property (GDBusConnection *bus, const char *sender, const char *path, const char *interface,
              const char *property, GError **error, gpointer data)
{
  (void) bus; (void) sender; (void) path; (void) interface; (void) property; (void) error; (void) data;
  return g_variant_new_uint32 (1);
}

static const GDBusInterfaceVTable vtable = { method_call, get_property, NULL, { 0 } };

static gboolean
register_node (const char *path, GDBusNodeInfo *node, GError **error)
{
  for (int i = 0; node->interfaces[i] != NULL; i++)
    if (g_dbus_connection_register_object (connection, path, node->interfaces[i], &vtable,
                                           NULL, NULL, error) == 0)
      return FALSE;
  return TRUE;
}

static void
export_scene (GDBusMethodInvocation *invocation, GVariant *parameters)
{
  GError *error = NULL;
  if (scene_path != NULL)
    {
      g_dbus_method_invocation_return_dbus_error (invocation, "org.freedesktop.DBus.Error.Failed",
                                                  "a scene is already exported");
      return;
    }
  g_variant_get (parameters, "(o)", &scene_path);
  if (!register_node (scene_path, scene_node, &error))
    {
      g_dbus_method_invocation_return_gerror (invocation, error);
      g_error_free (error);
      return;
    }
  g_dbus_method_invocation_return_value (invocation, NULL);
}

int
main (int argc, char **argv)
{
  GError *error = NULL;
  GDBusNodeInfo *node, *manager_node = NULL;
  GMainLoop *loop;
  if (argc > 1)
    {
      printf ("Usage: orientd-reference-peer\n"
              "A minimal GDBus service answering orientd's call shapes, for orientd-bench.\n"
              "Connects to $DBUS_SESSION_BUS_ADDRESS, prints its unique name and owns " PEER_NAME ".\n");
      return strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0 ? 0 : 64;
    }
  node = g_dbus_node_info_new_for_xml (introspection_xml, &error);
  if (node != NULL)
    manager_node = g_dbus_node_info_new_for_xml (manager_xml, &error);
  if (manager_node != NULL)
    scene_node = g_dbus_node_info_new_for_xml (scene_xml, &error);
  if (scene_node == NULL || (connection = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, &error)) == NULL
      || !register_node (PEER_PATH, node, &error) || !register_node (MANAGER_PATH, manager_node, &error))
    {
      fprintf (stderr, "orientd-reference-peer: %s\n", error->message);
      return 1;
    }
  g_dbus_connection_set_exit_on_close (connection, TRUE);
  /* A well-known name, as a service owns one: orientd-bench times start-up to the name owned. */
  g_bus_own_name_on_connection (connection, PEER_NAME, G_BUS_NAME_OWNER_FLAGS_NONE, NULL, NULL, NULL, NULL);
  printf ("%s\n", g_dbus_connection_get_unique_name (connection));
  fflush (stdout);
  loop = g_main_loop_new (NULL, FALSE);
  g_main_loop_run (loop);
  return 0;
}

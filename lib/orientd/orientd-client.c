/* orientd-client.c: the manager's methods and properties, orientd's name followed.
 * SPDX-License-Identifier: MIT */
#include "orientd-private.h"

/**
 * OrientdClient:
 *
 * A connection to orientd, the session service that decides each app window's interface
 * orientation with UIKit's rules. It reads the manager's properties (and notifies their
 * changes), calls its methods, and registers scenes (one per app window, see
 * #OrientdScene).
 *
 * It believes only orientd: signals count only when their sender is the unique name
 * that owns `io.github.orientd.OrientationManager1`, followed through the bus's
 * NameOwnerChanged. When orientd restarts (the name gets a new owner), the client emits
 * #OrientdClient::restarted and every scene it registered registers itself again, with
 * its controllers, and emits #OrientdScene::registered-again.
 */
struct _OrientdClient
{
  GObject parent_instance;
  GDBusConnection *connection;
  GMainContext *context;
  char *owner;
  GVariant **values;
  guint owner_subscription;
  guint manager_properties_subscription;
  guint rotation_suggested_subscription;
  guint scene_filter;
  OrientdSceneLedger *ledger; /* what orientd said about the scenes, noted by the filter */
  GHashTable *scenes;         /* path → OrientdScene, not referenced */
};

static void orientd_client_async_initable_iface_init (GAsyncInitableIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (OrientdClient, orientd_client, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_ASYNC_INITABLE, orientd_client_async_initable_iface_init))

enum
{
  PROP_0,
  PROP_CONNECTION,
  PROP_NAME_OWNER,
  PROP_VERSION,
  PROP_DEVICE_ORIENTATION,
  PROP_ROTATION_LOCKED,
  PROP_KIOSK_MODE,
  PROP_KIOSK_ORIENTATION,
  PROP_SPLIT_VIEW_THRESHOLD,
  PROP_SETTLE_TIME,
  PROP_CONFIG_FILES,
  PROP_LOCKED_SETTINGS,
  PROP_SENSOR_AVAILABLE,
  PROP_SENSOR_SOURCE,
  PROP_OUTPUT_BACKEND,
  PROP_OUTPUT_NAME,
  PROP_OUTPUT_ORIENTATION,
  PROP_OUTPUT_STATUS,
  PROP_FRONT_SCENE,
  PROP_WINDOW_TRACKING,
  PROP_TRACKED_WINDOWS,
  PROP_FRONT_APP,
  PROP_UNDECLARED_APP_ORIENTATIONS,
  PROP_WINDOW_TRACKING_STATUS,
  PROP_SETTING_SOURCES,
  PROP_SCREEN_CLASS,
  PROP_SCREEN_CLASS_REASON,
  PROP_POSTURE,
  PROP_POSTURE_REASON,
  PROP_APP_LOCKS_ALLOWED,
  N_PROPS
};

#define FIRST_MANAGER_PROP PROP_VERSION
#define N_MANAGER_PROPS (N_PROPS - FIRST_MANAGER_PROP)

static GParamSpec *properties[N_PROPS];
static OrientdPropertyMap manager_map[N_MANAGER_PROPS];

enum
{
  SIGNAL_RESTARTED,
  SIGNAL_ROTATION_SUGGESTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
orientd_client_dispose (GObject *object)
{
  OrientdClient *self = ORIENTD_CLIENT (object);

  if (self->connection != NULL)
    {
      guint *subscriptions[] = { &self->owner_subscription, &self->manager_properties_subscription,
                                 &self->rotation_suggested_subscription };

      for (guint i = 0; i < G_N_ELEMENTS (subscriptions); i++)
        if (*subscriptions[i] != 0)
          {
            g_dbus_connection_signal_unsubscribe (self->connection, *subscriptions[i]);
            *subscriptions[i] = 0;
          }
      if (self->scene_filter != 0)
        g_dbus_connection_remove_filter (self->connection, self->scene_filter);
      self->scene_filter = 0;
    }
  G_OBJECT_CLASS (orientd_client_parent_class)->dispose (object);
}

static void
orientd_client_finalize (GObject *object)
{
  OrientdClient *self = ORIENTD_CLIENT (object);

  g_clear_object (&self->connection);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_free (self->owner);
  for (guint i = 0; i < N_MANAGER_PROPS; i++)
    g_clear_pointer (&self->values[i], g_variant_unref);
  g_free (self->values);
  g_hash_table_unref (self->scenes);
  orientd_scene_ledger_free (self->ledger);
  G_OBJECT_CLASS (orientd_client_parent_class)->finalize (object);
}

static void
orientd_client_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  OrientdClient *self = ORIENTD_CLIENT (object);

  switch (prop_id)
    {
    case PROP_CONNECTION:
      g_value_set_object (value, self->connection);
      break;
    case PROP_NAME_OWNER:
      g_value_set_string (value, self->owner);
      break;
    default:
      if (prop_id >= FIRST_MANAGER_PROP && prop_id < N_PROPS)
        orientd_wire_value_from_variant (self->values[prop_id - FIRST_MANAGER_PROP], pspec, value);
      else
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
orientd_client_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  OrientdClient *self = ORIENTD_CLIENT (object);

  switch (prop_id)
    {
    case PROP_CONNECTION:
      self->connection = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

#define READABLE (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY)

static void
map_property (guint prop_id, const char *dbus_name, GParamSpec *pspec)
{
  properties[prop_id] = pspec;
  manager_map[prop_id - FIRST_MANAGER_PROP] = (OrientdPropertyMap) { dbus_name, pspec };
}

static void
orientd_client_class_init (OrientdClientClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  /* Each call looks its method and properties up in the contract: by hash, not by a walk. */
  g_dbus_interface_info_cache_build ((GDBusInterfaceInfo *) ORIENTD_CONTRACT_MANAGER);
  g_dbus_interface_info_cache_build ((GDBusInterfaceInfo *) ORIENTD_CONTRACT_SCENE);
  object_class->dispose = orientd_client_dispose;
  object_class->finalize = orientd_client_finalize;
  object_class->get_property = orientd_client_get_property;
  object_class->set_property = orientd_client_set_property;
  /* orientd's D-Bus errors arrive in ORIENTD_ERROR from the first call on. */
  (void) orientd_error_quark ();

  /**
   * OrientdClient:connection:
   *
   * The bus connection (the session bus unless the client was made for another).
   */
  properties[PROP_CONNECTION] =
    g_param_spec_object ("connection", NULL, NULL, G_TYPE_DBUS_CONNECTION,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * OrientdClient:name-owner:
   *
   * The unique name of the orientd the client follows, %NULL while none runs.
   */
  properties[PROP_NAME_OWNER] = g_param_spec_string ("name-owner", NULL, NULL, NULL, READABLE);
  /**
   * OrientdClient:version:
   *
   * The contract version orientd serves (the manager's Version).
   */
  map_property (PROP_VERSION, "Version", g_param_spec_uint ("version", NULL, NULL, 0, G_MAXUINT, 0, READABLE));
  /**
   * OrientdClient:device-orientation:
   *
   * How the device is held, settled (DeviceOrientation).
   */
  map_property (PROP_DEVICE_ORIENTATION, "DeviceOrientation",
                g_param_spec_enum ("device-orientation", NULL, NULL, ORIENTD_TYPE_DEVICE_ORIENTATION,
                                   ORIENTD_DEVICE_ORIENTATION_UNKNOWN, READABLE));
  /**
   * OrientdClient:rotation-locked:
   *
   * Whether the user's rotation lock is on (RotationLocked).
   */
  map_property (PROP_ROTATION_LOCKED, "RotationLocked",
                g_param_spec_boolean ("rotation-locked", NULL, NULL, FALSE, READABLE));
  /**
   * OrientdClient:kiosk-mode:
   *
   * Whether kiosk mode forces every scene to #OrientdClient:kiosk-orientation (KioskMode).
   */
  map_property (PROP_KIOSK_MODE, "KioskMode", g_param_spec_boolean ("kiosk-mode", NULL, NULL, FALSE, READABLE));
  /**
   * OrientdClient:kiosk-orientation:
   *
   * The orientation kiosk mode forces (KioskOrientation).
   */
  map_property (PROP_KIOSK_ORIENTATION, "KioskOrientation",
                g_param_spec_enum ("kiosk-orientation", NULL, NULL, ORIENTD_TYPE_INTERFACE_ORIENTATION,
                                   ORIENTD_INTERFACE_ORIENTATION_UNKNOWN, READABLE));
  /**
   * OrientdClient:split-view-threshold:
   *
   * In points: a pad scene narrower or lower is in split view (SplitViewThreshold).
   */
  map_property (PROP_SPLIT_VIEW_THRESHOLD, "SplitViewThreshold",
                g_param_spec_uint ("split-view-threshold", NULL, NULL, 0, G_MAXUINT, 0, READABLE));
  /**
   * OrientdClient:settle-time:
   *
   * In milliseconds: how long a device orientation must hold before scenes follow it
   * (SettleTime).
   */
  map_property (PROP_SETTLE_TIME, "SettleTime",
                g_param_spec_uint ("settle-time", NULL, NULL, 0, G_MAXUINT, 0, READABLE));
  /**
   * OrientdClient:config-files:
   *
   * The configuration files applied, in order (ConfigFiles).
   */
  map_property (PROP_CONFIG_FILES, "ConfigFiles",
                g_param_spec_boxed ("config-files", NULL, NULL, G_TYPE_STRV, READABLE));
  /**
   * OrientdClient:locked-settings:
   *
   * The settings the configuration locks (LockedSettings).
   */
  map_property (PROP_LOCKED_SETTINGS, "LockedSettings",
                g_param_spec_boxed ("locked-settings", NULL, NULL, G_TYPE_STRV, READABLE));
  /**
   * OrientdClient:sensor-available:
   *
   * Whether iio-sensor-proxy reports an accelerometer (SensorAvailable).
   */
  map_property (PROP_SENSOR_AVAILABLE, "SensorAvailable",
                g_param_spec_boolean ("sensor-available", NULL, NULL, FALSE, READABLE));
  /**
   * OrientdClient:sensor-source:
   *
   * Where #OrientdClient:device-orientation came from: "iio-sensor-proxy" or "manual"
   * (SensorSource).
   */
  map_property (PROP_SENSOR_SOURCE, "SensorSource",
                g_param_spec_string ("sensor-source", NULL, NULL, NULL, READABLE));
  /**
   * OrientdClient:output-backend:
   *
   * Which compositor interface turns the panel: "mutter", "wlroots", "kwin", "x11" or
   * "none" (OutputBackend). With "none" an app that wants its content upright draws it
   * turned.
   */
  map_property (PROP_OUTPUT_BACKEND, "OutputBackend",
                g_param_spec_string ("output-backend", NULL, NULL, NULL, READABLE));
  /**
   * OrientdClient:output-name:
   *
   * The connector of the panel the backend drives (OutputName).
   */
  map_property (PROP_OUTPUT_NAME, "OutputName", g_param_spec_string ("output-name", NULL, NULL, NULL, READABLE));
  /**
   * OrientdClient:output-orientation:
   *
   * What the panel shows, %ORIENTD_INTERFACE_ORIENTATION_UNKNOWN when not known
   * (OutputOrientation).
   */
  map_property (PROP_OUTPUT_ORIENTATION, "OutputOrientation",
                g_param_spec_enum ("output-orientation", NULL, NULL, ORIENTD_TYPE_INTERFACE_ORIENTATION,
                                   ORIENTD_INTERFACE_ORIENTATION_UNKNOWN, READABLE));
  /**
   * OrientdClient:output-status:
   *
   * Why no backend drives the panel, a sentence for people (OutputStatus).
   */
  map_property (PROP_OUTPUT_STATUS, "OutputStatus",
                g_param_spec_string ("output-status", NULL, NULL, NULL, READABLE));
  /**
   * OrientdClient:front-scene:
   *
   * The object path of the scene in front, "/" for none (FrontScene).
   */
  map_property (PROP_FRONT_SCENE, "FrontScene", g_param_spec_string ("front-scene", NULL, NULL, NULL, READABLE));
  /**
   * OrientdClient:window-tracking:
   *
   * The compositor family whose app windows orientd follows, or "none" (WindowTracking).
   */
  map_property (PROP_WINDOW_TRACKING, "WindowTracking",
                g_param_spec_string ("window-tracking", NULL, NULL, NULL, READABLE));
  /**
   * OrientdClient:tracked-windows:
   *
   * How many app windows the tracker reports (TrackedWindows).
   */
  map_property (PROP_TRACKED_WINDOWS, "TrackedWindows",
                g_param_spec_uint ("tracked-windows", NULL, NULL, 0, G_MAXUINT, 0, READABLE));
  /**
   * OrientdClient:front-app:
   *
   * The app id of the scene in front, "" for none (FrontApp).
   */
  map_property (PROP_FRONT_APP, "FrontApp", g_param_spec_string ("front-app", NULL, NULL, NULL, READABLE));
  /**
   * OrientdClient:undeclared-app-orientations:
   *
   * What an app's window that declares nothing follows the device within
   * (UndeclaredAppOrientations).
   */
  map_property (PROP_UNDECLARED_APP_ORIENTATIONS, "UndeclaredAppOrientations",
                g_param_spec_flags ("undeclared-app-orientations", NULL, NULL, ORIENTD_TYPE_ORIENTATION_MASK,
                                    0, READABLE));
  /**
   * OrientdClient:window-tracking-status:
   *
   * Why no window tracker follows the compositor, a sentence for people
   * (WindowTrackingStatus).
   */
  map_property (PROP_WINDOW_TRACKING_STATUS, "WindowTrackingStatus",
                g_param_spec_string ("window-tracking-status", NULL, NULL, NULL, READABLE));
  /**
   * OrientdClient:setting-sources:
   *
   * Who set each setting's value in force, an `a{ss}` by key (SettingSources).
   */
  map_property (PROP_SETTING_SOURCES, "SettingSources",
                g_param_spec_variant ("setting-sources", NULL, NULL, G_VARIANT_TYPE ("a{ss}"), NULL, READABLE));
  /**
   * OrientdClient:screen-class:
   *
   * Which rules an app's declaration meets: a phone's screen (its shorter logical side
   * under 600) or a large one (ScreenClass). %ORIENTD_SCREEN_CLASS_UNKNOWN from an
   * orientd before version 6.
   */
  map_property (PROP_SCREEN_CLASS, "ScreenClass",
                g_param_spec_enum ("screen-class", NULL, NULL, ORIENTD_TYPE_SCREEN_CLASS,
                                   ORIENTD_SCREEN_CLASS_UNKNOWN, READABLE));
  /**
   * OrientdClient:screen-class-reason:
   *
   * Why #OrientdClient:screen-class is what it is, a sentence for people
   * (ScreenClassReason). The wording is not part of the contract.
   */
  map_property (PROP_SCREEN_CLASS_REASON, "ScreenClassReason",
                g_param_spec_string ("screen-class-reason", NULL, NULL, NULL, READABLE));
  /**
   * OrientdClient:posture:
   *
   * Whether the device is held in the hand or on a desk (Posture). On a desk only kiosk
   * mode, the administrator and the user's per-app choices turn the panel.
   * %ORIENTD_POSTURE_UNKNOWN from an orientd before version 6.
   */
  map_property (PROP_POSTURE, "Posture",
                g_param_spec_enum ("posture", NULL, NULL, ORIENTD_TYPE_POSTURE, ORIENTD_POSTURE_UNKNOWN, READABLE));
  /**
   * OrientdClient:posture-reason:
   *
   * Why #OrientdClient:posture is what it is, a sentence for people (PostureReason). The
   * wording is not part of the contract.
   */
  map_property (PROP_POSTURE_REASON, "PostureReason",
                g_param_spec_string ("posture-reason", NULL, NULL, NULL, READABLE));
  /**
   * OrientdClient:app-locks-allowed:
   *
   * Whether apps may constrain the orientation (AppLocksAllowed). When %FALSE every app
   * follows the device; only the user's per-app choices and kiosk mode constrain it.
   * %TRUE (orientd's default) from an orientd before version 6, which has no such switch.
   */
  map_property (PROP_APP_LOCKS_ALLOWED, "AppLocksAllowed",
                g_param_spec_boolean ("app-locks-allowed", NULL, NULL, TRUE, READABLE));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * OrientdClient::restarted:
   * @self: the client
   *
   * orientd's name has a new owner (orientd restarted). Every scene the client
   * registered is being registered again; each emits #OrientdScene::registered-again
   * when it is.
   */
  signals[SIGNAL_RESTARTED] = g_signal_new ("restarted", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                            NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * OrientdClient::rotation-suggested:
   * @self: the client
   * @scene_path: the object path of the scene
   * @orientation: the orientation the device settled in
   *
   * While the rotation lock is on, the device settled in an orientation @scene_path
   * allows (RotationSuggested): an app may offer a button to turn.
   */
  signals[SIGNAL_ROTATION_SUGGESTED] =
    g_signal_new ("rotation-suggested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, ORIENTD_TYPE_INTERFACE_ORIENTATION);
}

static void
orientd_client_init (OrientdClient *self)
{
  self->context = g_main_context_ref_thread_default ();
  self->values = g_new0 (GVariant *, N_MANAGER_PROPS);
  self->scenes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->ledger = orientd_scene_ledger_new ();
}

/* Signals: believed only from the unique name that owns orientd's name. */

static gboolean
from_orientd (OrientdClient *self, const char *sender)
{
  return self->owner != NULL && g_strcmp0 (sender, self->owner) == 0;
}

static void
manager_properties_reloaded (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (OrientdClient) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autofree char *sender = NULL;
  g_autoptr (GVariant) reply = orientd_wire_call_finish (result, &sender, &error);
  g_autoptr (GVariant) dict = NULL;

  if (reply == NULL)
    {
      g_debug ("reading orientd's properties again failed: %s", error->message);
      return;
    }
  if (!from_orientd (self, sender))
    return;
  dict = g_variant_get_child_value (reply, 0);
  orientd_wire_apply_properties (G_OBJECT (self), ORIENTD_CONTRACT_MANAGER, manager_map, self->values,
                                 N_MANAGER_PROPS, dict, FALSE, NULL);
}

static void
name_owner_changed (GDBusConnection *connection, const char *sender, const char *path, const char *interface,
                    const char *signal, GVariant *parameters, gpointer user_data)
{
  OrientdClient *self = user_data;
  const char *name, *old_owner, *new_owner;
  g_autoptr (GList) scenes = NULL;

  if (!g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(sss)")))
    return;
  g_variant_get (parameters, "(&s&s&s)", &name, &old_owner, &new_owner);
  if (!g_str_equal (name, ORIENTD_BUS_NAME) || g_strcmp0 (self->owner, new_owner) == 0)
    return;
  if (*new_owner == '\0')
    {
      g_debug ("orientd left the bus (%s)", old_owner);
      g_clear_pointer (&self->owner, g_free);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME_OWNER]);
      return;
    }
  g_debug ("orientd's name has a new owner: %s", new_owner);
  g_free (self->owner);
  self->owner = g_strdup (new_owner);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME_OWNER]);
  orientd_wire_call (self->connection, ORIENTD_MANAGER_PATH, ORIENTD_PROPERTIES_INTERFACE, "GetAll",
                     g_variant_new ("(s)", ORIENTD_MANAGER_INTERFACE), "(a{sv})", NULL,
                     manager_properties_reloaded, g_object_ref (self));
  g_signal_emit (self, signals[SIGNAL_RESTARTED], 0);
  /* The scenes register again, each under a new path. */
  scenes = g_hash_table_get_values (self->scenes);
  for (GList *l = scenes; l != NULL; l = l->next)
    g_object_ref (l->data);
  g_hash_table_remove_all (self->scenes);
  for (GList *l = scenes; l != NULL; l = l->next)
    {
      orientd_scene_register_again (l->data);
      g_object_unref (l->data);
    }
}

static void
manager_properties_changed (GDBusConnection *connection, const char *sender, const char *path,
                            const char *interface, const char *signal, GVariant *parameters, gpointer user_data)
{
  OrientdClient *self = user_data;
  g_autoptr (GVariant) changed = NULL;

  if (!from_orientd (self, sender) || !g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(sa{sv}as)")))
    return;
  changed = g_variant_get_child_value (parameters, 1);
  orientd_wire_apply_properties (G_OBJECT (self), ORIENTD_CONTRACT_MANAGER, manager_map, self->values,
                                 N_MANAGER_PROPS, changed, FALSE, NULL);
}

static void
rotation_suggested (GDBusConnection *connection, const char *sender, const char *path, const char *interface,
                    const char *signal, GVariant *parameters, gpointer user_data)
{
  OrientdClient *self = user_data;
  const char *scene, *orientation;
  int value;

  if (!from_orientd (self, sender) || !g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(os)")))
    return;
  g_variant_get (parameters, "(&o&s)", &scene, &orientation);
  if (!orientd_wire_from_nick (ORIENTD_TYPE_INTERFACE_ORIENTATION, orientation, &value))
    return;
  g_signal_emit (self, signals[SIGNAL_ROTATION_SUGGESTED], 0, scene, value);
}

/* The scenes' signals reach the client through a filter, so that each one's serial is
 * known: a scene ignores values older than the last reply that gave all its properties. */
typedef struct
{
  OrientdClient *client;
  GDBusMessage *message;
} SceneSignal;

static void
scene_signal_free (SceneSignal *signal)
{
  g_object_unref (signal->client);
  g_object_unref (signal->message);
  g_free (signal);
}

static gboolean
dispatch_scene_signal (gpointer data)
{
  SceneSignal *signal = data;
  OrientdClient *self = signal->client;
  GDBusMessage *message = signal->message;
  GVariant *parameters = g_dbus_message_get_body (message);
  OrientdScene *scene = g_hash_table_lookup (self->scenes, g_dbus_message_get_path (message));
  guint32 serial = g_dbus_message_get_serial (message);

  orientd_scene_ledger_handled (self->ledger, g_dbus_message_get_path (message), serial);
  if (scene == NULL || parameters == NULL || !from_orientd (self, g_dbus_message_get_sender (message)))
    return G_SOURCE_REMOVE;
  if (g_str_equal (g_dbus_message_get_member (message), "OrientationChanged"))
    {
      const char *previous, *current, *reason;

      if (!g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(sss)")))
        return G_SOURCE_REMOVE;
      g_variant_get (parameters, "(&s&s&s)", &previous, &current, &reason);
      orientd_scene_handle_orientation_changed (scene, previous, current, reason, serial);
    }
  else
    {
      const char *interface;
      g_autoptr (GVariant) changed = NULL;

      if (!g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(sa{sv}as)")))
        return G_SOURCE_REMOVE;
      g_variant_get_child (parameters, 0, "&s", &interface);
      if (!g_str_equal (interface, ORIENTD_SCENE_INTERFACE))
        return G_SOURCE_REMOVE;
      changed = g_variant_get_child_value (parameters, 1);
      orientd_scene_handle_properties_changed (scene, changed, serial);
    }
  return G_SOURCE_REMOVE;
}

/* What a scene's signal says of its properties, noted for the calls that return before the
 * client's context hears it (the sender is checked when a call takes it). */
static void
note_scene_signal (OrientdSceneLedger *ledger, GDBusMessage *message)
{
  GVariant *parameters = g_dbus_message_get_body (message);
  const char *sender = g_dbus_message_get_sender (message), *path = g_dbus_message_get_path (message);
  guint32 serial = g_dbus_message_get_serial (message);

  if (parameters == NULL)
    return;
  if (g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(sa{sv}as)")))
    {
      const char *interface;
      g_autoptr (GVariant) changed = NULL;

      g_variant_get_child (parameters, 0, "&s", &interface);
      if (!g_str_equal (interface, ORIENTD_SCENE_INTERFACE))
        return;
      changed = g_variant_get_child_value (parameters, 1);
      orientd_scene_ledger_note (ledger, sender, path, changed, serial);
    }
  else if (g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(sss)")))
    {
      const char *current;
      GVariantBuilder builder;
      g_autoptr (GVariant) changed = NULL;

      g_variant_get_child (parameters, 1, "&s", &current);
      g_variant_builder_init (&builder, G_VARIANT_TYPE_VARDICT);
      g_variant_builder_add (&builder, "{sv}", "InterfaceOrientation", g_variant_new_string (current));
      changed = g_variant_ref_sink (g_variant_builder_end (&builder));
      orientd_scene_ledger_note (ledger, sender, path, changed, serial);
    }
}

/* Runs in GDBus's worker thread: notes the scenes' signals and passes them to the client's
 * context. */
static GDBusMessage *
scene_signal_filter (GDBusConnection *connection, GDBusMessage *message, gboolean incoming, gpointer data)
{
  GWeakRef *weak = data;
  const char *interface, *member, *path;
  OrientdClient *client;
  SceneSignal *signal;

  if (!incoming || g_dbus_message_get_message_type (message) != G_DBUS_MESSAGE_TYPE_SIGNAL)
    return message;
  interface = g_dbus_message_get_interface (message);
  member = g_dbus_message_get_member (message);
  path = g_dbus_message_get_path (message);
  if (path == NULL || !g_str_has_prefix (path, ORIENTD_SCENE_PATH_PREFIX) ||
      !((g_strcmp0 (interface, ORIENTD_SCENE_INTERFACE) == 0 && g_strcmp0 (member, "OrientationChanged") == 0) ||
        (g_strcmp0 (interface, ORIENTD_PROPERTIES_INTERFACE) == 0 && g_strcmp0 (member, "PropertiesChanged") == 0)))
    return message;
  client = g_weak_ref_get (weak);
  if (client == NULL)
    return message;
  note_scene_signal (client->ledger, message);
  signal = g_new0 (SceneSignal, 1);
  signal->client = client;
  signal->message = g_object_ref (message);
  g_main_context_invoke_full (client->context, G_PRIORITY_DEFAULT, dispatch_scene_signal, signal,
                              (GDestroyNotify) scene_signal_free);
  return message;
}

static void
weak_ref_free (GWeakRef *weak)
{
  g_weak_ref_clear (weak);
  g_free (weak);
}

/* The scenes' signals: one rule for the client's namespace (the contract's "whom to
 * believe"), GDBus told not to add its own, the sender checked on arrival. */
static void
subscribe_scenes (OrientdClient *self)
{
  const char *unique = g_dbus_connection_get_unique_name (self->connection);
  g_autofree char *element = NULL;
  g_autofree char *namespace = NULL;
  GString *escaped;
  const char *rules[2];

  if (self->scene_filter != 0 || unique == NULL)
    return;
  escaped = g_string_new (NULL);
  for (const char *c = unique; *c != '\0'; c++)
    {
      if (g_ascii_isalnum (*c))
        g_string_append_c (escaped, *c);
      else
        g_string_append_printf (escaped, "_%02x", (guchar) *c);
    }
  element = g_string_free (escaped, FALSE);
  namespace = g_strconcat (ORIENTD_SCENE_PATH_PREFIX, element, NULL);
  rules[0] = "type='signal',interface='" ORIENTD_SCENE_INTERFACE "',member='OrientationChanged',path_namespace='%s'";
  rules[1] = "type='signal',interface='" ORIENTD_PROPERTIES_INTERFACE "',member='PropertiesChanged',"
             "arg0='" ORIENTD_SCENE_INTERFACE "',path_namespace='%s'";
  for (guint i = 0; i < G_N_ELEMENTS (rules); i++)
    {
      g_autofree char *rule = g_strdup_printf (rules[i], namespace);

      /* Sent before RegisterScene on the same connection: in place before orientd's signals. */
      g_dbus_connection_call (self->connection, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                              "org.freedesktop.DBus", "AddMatch", g_variant_new ("(s)", rule), NULL,
                              G_DBUS_CALL_FLAGS_NONE, -1, NULL, NULL, NULL);
    }
  {
    GWeakRef *weak = g_new0 (GWeakRef, 1);

    g_weak_ref_init (weak, self);
    self->scene_filter = g_dbus_connection_add_filter (self->connection, scene_signal_filter, weak,
                                                       (GDestroyNotify) weak_ref_free);
  }
}

/* Construction */

static void
initial_properties_read (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  OrientdClient *self = g_task_get_source_object (task);
  GError *error = NULL;
  g_autofree char *sender = NULL;
  g_autoptr (GVariant) reply = orientd_wire_call_finish (result, &sender, &error);
  g_autoptr (GVariant) dict = NULL;

  if (reply == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  dict = g_variant_get_child_value (reply, 0);
  if (!orientd_wire_apply_properties (G_OBJECT (self), ORIENTD_CONTRACT_MANAGER, manager_map, self->values,
                                      N_MANAGER_PROPS, dict, TRUE, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  if (g_strcmp0 (self->owner, sender) != 0)
    {
      g_free (self->owner);
      self->owner = g_strdup (sender);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME_OWNER]);
    }
  g_task_return_boolean (task, TRUE);
}

static void
start_following (OrientdClient *self, GTask *task)
{
  orientd_client_push_context (self);
  self->owner_subscription =
    g_dbus_connection_signal_subscribe (self->connection, "org.freedesktop.DBus", "org.freedesktop.DBus",
                                        "NameOwnerChanged", "/org/freedesktop/DBus", ORIENTD_BUS_NAME,
                                        G_DBUS_SIGNAL_FLAGS_NONE, name_owner_changed, self, NULL);
  self->manager_properties_subscription =
    g_dbus_connection_signal_subscribe (self->connection, ORIENTD_BUS_NAME, ORIENTD_PROPERTIES_INTERFACE,
                                        "PropertiesChanged", ORIENTD_MANAGER_PATH, ORIENTD_MANAGER_INTERFACE,
                                        G_DBUS_SIGNAL_FLAGS_NONE, manager_properties_changed, self, NULL);
  self->rotation_suggested_subscription =
    g_dbus_connection_signal_subscribe (self->connection, ORIENTD_BUS_NAME, ORIENTD_MANAGER_INTERFACE,
                                        "RotationSuggested", ORIENTD_MANAGER_PATH, NULL, G_DBUS_SIGNAL_FLAGS_NONE,
                                        rotation_suggested, self, NULL);
  orientd_client_pop_context (self);
  /* Read (and start, if the bus can) orientd; the reply's sender is its unique name. */
  orientd_wire_call (self->connection, ORIENTD_MANAGER_PATH, ORIENTD_PROPERTIES_INTERFACE, "GetAll",
                     g_variant_new ("(s)", ORIENTD_MANAGER_INTERFACE), "(a{sv})", g_task_get_cancellable (task),
                     initial_properties_read, task);
}

static void
bus_got (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GTask *task = user_data;
  OrientdClient *self = g_task_get_source_object (task);
  GError *error = NULL;

  self->connection = g_bus_get_finish (result, &error);
  if (self->connection == NULL)
    {
      g_task_return_new_error (task, ORIENTD_ERROR, ORIENTD_ERROR_NOT_RUNNING, "no session bus: %s",
                               error->message);
      g_error_free (error);
      g_object_unref (task);
      return;
    }
  start_following (self, task);
}

static void
orientd_client_init_async (GAsyncInitable *initable, int io_priority, GCancellable *cancellable,
                           GAsyncReadyCallback callback, gpointer user_data)
{
  OrientdClient *self = ORIENTD_CLIENT (initable);
  GTask *task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, orientd_client_init_async);
  if (self->connection == NULL)
    g_bus_get (G_BUS_TYPE_SESSION, cancellable, bus_got, task);
  else
    start_following (self, task);
}

static gboolean
orientd_client_init_finish (GAsyncInitable *initable, GAsyncResult *result, GError **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
orientd_client_async_initable_iface_init (GAsyncInitableIface *iface)
{
  iface->init_async = orientd_client_init_async;
  iface->init_finish = orientd_client_init_finish;
}

/**
 * orientd_client_new:
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the client is ready
 * @user_data: data for @callback
 *
 * Connects to orientd on the session bus (the bus starts it if it can) and reads the
 * manager's properties. Finish with orientd_client_new_finish().
 */
void
orientd_client_new (GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  g_async_initable_new_async (ORIENTD_TYPE_CLIENT, G_PRIORITY_DEFAULT, cancellable, callback, user_data, NULL);
}

static OrientdClient *
client_new_finish (GAsyncResult *result, GError **error)
{
  g_autoptr (GObject) source = g_async_result_get_source_object (result);
  GObject *client = g_async_initable_new_finish (G_ASYNC_INITABLE (source), result, error);

  return client != NULL ? ORIENTD_CLIENT (client) : NULL;
}

/**
 * orientd_client_new_finish:
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_client_new().
 *
 * Returns: (transfer full): a client with its properties loaded, or %NULL with @error
 *   set (%ORIENTD_ERROR_NOT_RUNNING when orientd is not there)
 */
OrientdClient *
orientd_client_new_finish (GAsyncResult *result, GError **error)
{
  return client_new_finish (result, error);
}

/**
 * orientd_client_new_sync:
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Connects to orientd on the session bus (the bus starts it if it can) and reads the
 * manager's properties, blocking.
 *
 * Returns: (transfer full): a client with its properties loaded, or %NULL with @error
 *   set (%ORIENTD_ERROR_NOT_RUNNING when orientd is not there)
 */
OrientdClient *
orientd_client_new_sync (GCancellable *cancellable, GError **error)
{
  return orientd_client_new_for_connection_sync (NULL, cancellable, error);
}

/**
 * orientd_client_new_for_connection:
 * @connection: (nullable): a bus connection, %NULL for the session bus
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the client is ready
 * @user_data: data for @callback
 *
 * As orientd_client_new(), on @connection.
 */
void
orientd_client_new_for_connection (GDBusConnection *connection, GCancellable *cancellable,
                                   GAsyncReadyCallback callback, gpointer user_data)
{
  g_async_initable_new_async (ORIENTD_TYPE_CLIENT, G_PRIORITY_DEFAULT, cancellable, callback, user_data,
                              "connection", connection, NULL);
}

/**
 * orientd_client_new_for_connection_finish:
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_client_new_for_connection().
 *
 * Returns: (transfer full): a client, or %NULL with @error set
 */
OrientdClient *
orientd_client_new_for_connection_finish (GAsyncResult *result, GError **error)
{
  return client_new_finish (result, error);
}

/**
 * orientd_client_new_for_connection_sync:
 * @connection: (nullable): a bus connection, %NULL for the session bus
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * As orientd_client_new_sync(), on @connection.
 *
 * Returns: (transfer full): a client, or %NULL with @error set
 */
OrientdClient *
orientd_client_new_for_connection_sync (GDBusConnection *connection, GCancellable *cancellable, GError **error)
{
  OrientdClient *client;
  OrientdClient *made = g_object_new (ORIENTD_TYPE_CLIENT, "connection", connection, NULL);
  ORIENTD_SYNC_BEGIN
  g_async_initable_init_async (G_ASYNC_INITABLE (made), G_PRIORITY_DEFAULT, cancellable, ORIENTD_SYNC_CALLBACK);
  client = g_async_initable_init_finish (G_ASYNC_INITABLE (made), ORIENTD_SYNC_RESULT, error) ? made : NULL;
  ORIENTD_SYNC_END
  if (client == NULL)
    g_object_unref (made);
  return client;
}

/* Internal */

GDBusConnection *
orientd_client_get_connection_internal (OrientdClient *self)
{
  return self->connection;
}

const char *
orientd_client_get_owner_internal (OrientdClient *self)
{
  return self->owner;
}

void
orientd_client_add_scene (OrientdClient *self, OrientdScene *scene)
{
  g_hash_table_replace (self->scenes, g_strdup (orientd_scene_get_path_internal (scene)), scene);
}

void
orientd_client_remove_scene (OrientdClient *self, OrientdScene *scene)
{
  const char *path = orientd_scene_get_path_internal (scene);

  if (path != NULL && g_hash_table_lookup (self->scenes, path) == scene)
    g_hash_table_remove (self->scenes, path);
}

/* Subscriptions deliver in the context the client was made in, not a _sync call's. */
void
orientd_client_push_context (OrientdClient *self)
{
  g_main_context_push_thread_default (self->context);
}

void
orientd_client_pop_context (OrientdClient *self)
{
  g_main_context_pop_thread_default (self->context);
}

/* What orientd (the current owner) said about the scene at @path after the signal @after,
 * not yet heard by the client's context; NULL when nothing. */
GVariant *
orientd_client_take_scene_news (OrientdClient *self, const char *path, guint32 after, guint32 *serial)
{
  return orientd_scene_ledger_take (self->ledger, self->owner, path, after, serial);
}

/**
 * orientd_client_get_connection:
 * @self: a client
 *
 * Returns: (transfer none): the bus connection
 */
GDBusConnection *
orientd_client_get_connection (OrientdClient *self)
{
  g_return_val_if_fail (ORIENTD_IS_CLIENT (self), NULL);
  return self->connection;
}

/**
 * orientd_client_get_name_owner:
 * @self: a client
 *
 * Returns: (nullable): the unique name of the orientd followed, %NULL while none runs
 */
const char *
orientd_client_get_name_owner (OrientdClient *self)
{
  g_return_val_if_fail (ORIENTD_IS_CLIENT (self), NULL);
  return self->owner;
}

/* Registering scenes */

typedef struct
{
  GVariant *options;
  char *path;
} RegisterData;

static void
register_data_free (RegisterData *data)
{
  g_variant_unref (data->options);
  g_free (data->path);
  g_free (data);
}

static void
scene_properties_read (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  OrientdClient *self = g_task_get_source_object (task);
  RegisterData *data = g_task_get_task_data (task);
  GError *error = NULL;
  g_autoptr (GVariant) reply = orientd_wire_call_finish (result, NULL, &error);
  g_autoptr (GVariant) dict = NULL;
  OrientdScene *scene;
  guint32 serial;

  if (reply == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  dict = g_variant_get_child_value (reply, 0);
  serial = orientd_wire_call_serial (result);
  scene = orientd_scene_new_registered (self, data->options, data->path, dict, serial, &error);
  if (scene == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  orientd_client_add_scene (self, scene);
  g_task_return_pointer (task, scene, g_object_unref);
}

static void
scene_registered (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GTask *task = user_data;
  OrientdClient *self = g_task_get_source_object (task);
  RegisterData *data = g_task_get_task_data (task);
  GError *error = NULL;
  g_autofree char *sender = NULL;
  g_autoptr (GVariant) reply = orientd_wire_call_finish (result, &sender, &error);

  if (reply == NULL)
    {
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }
  g_variant_get (reply, "(o)", &data->path);
  if (!g_str_has_prefix (data->path, ORIENTD_SCENE_PATH_PREFIX))
    {
      g_task_return_new_error (task, ORIENTD_ERROR, ORIENTD_ERROR_PROTOCOL,
                               "the owner of %s answered RegisterScene with the path %s, not one under %s",
                               ORIENTD_BUS_NAME, data->path, ORIENTD_SCENE_PATH_PREFIX);
      g_object_unref (task);
      return;
    }
  if (g_strcmp0 (self->owner, sender) != 0)
    {
      g_free (self->owner);
      self->owner = g_strdup (sender);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME_OWNER]);
    }
  orientd_wire_call (self->connection, data->path, ORIENTD_PROPERTIES_INTERFACE, "GetAll",
                     g_variant_new ("(s)", ORIENTD_SCENE_INTERFACE), "(a{sv})", g_task_get_cancellable (task),
                     scene_properties_read, task);
}

/**
 * orientd_client_register_scene_with_options:
 * @self: a client
 * @options: how the window registers
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the scene is registered
 * @user_data: data for @callback
 *
 * Registers one app window as a scene (RegisterScene). The scene belongs to this
 * connection: it goes away when the app leaves the bus.
 */
void
orientd_client_register_scene_with_options (OrientdClient *self, OrientdSceneOptions *options,
                                            GCancellable *cancellable, GAsyncReadyCallback callback,
                                            gpointer user_data)
{
  GTask *task;
  RegisterData *data;
  g_autofree char *reply_type = NULL;

  g_return_if_fail (ORIENTD_IS_CLIENT (self));
  g_return_if_fail (ORIENTD_IS_SCENE_OPTIONS (options));
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, orientd_client_register_scene_with_options);
  data = g_new0 (RegisterData, 1);
  data->options = g_variant_ref_sink (orientd_scene_options_to_variant (options));
  g_task_set_task_data (task, data, (GDestroyNotify) register_data_free);
  subscribe_scenes (self);
  reply_type = orientd_wire_reply_type (ORIENTD_CONTRACT_MANAGER, "RegisterScene");
  orientd_wire_call (self->connection, ORIENTD_MANAGER_PATH, ORIENTD_MANAGER_INTERFACE, "RegisterScene",
                     g_variant_new ("(@a{sv})", data->options), reply_type, cancellable, scene_registered,
                     task);
}

/**
 * orientd_client_register_scene_with_options_finish:
 * @self: a client
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_client_register_scene_with_options().
 *
 * Returns: (transfer full): the scene, its properties loaded, or %NULL with @error set
 */
OrientdScene *
orientd_client_register_scene_with_options_finish (OrientdClient *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * orientd_client_register_scene_with_options_sync:
 * @self: a client
 * @options: how the window registers
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Registers one app window as a scene, blocking.
 *
 * Returns: (transfer full): the scene, its properties loaded, or %NULL with @error set
 */
OrientdScene *
orientd_client_register_scene_with_options_sync (OrientdClient *self, OrientdSceneOptions *options,
                                                 GCancellable *cancellable, GError **error)
{
  OrientdScene *scene;
  ORIENTD_SYNC_BEGIN
  orientd_client_register_scene_with_options (self, options, cancellable, ORIENTD_SYNC_CALLBACK);
  scene = orientd_client_register_scene_with_options_finish (self, ORIENTD_SYNC_RESULT, error);
  ORIENTD_SYNC_END
  return scene;
}

/**
 * orientd_client_register_scene:
 * @self: a client
 * @app_id: the app's id (a GTK app's GApplication id: what the compositor reports)
 * @supported: the app's supported orientations, or %ORIENTD_ORIENTATION_MASK_NONE for
 *   its desktop entry's (else the idiom's default)
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the scene is registered
 * @user_data: data for @callback
 *
 * Registers one phone window as a scene; orientd_client_register_scene_with_options()
 * says more.
 */
void
orientd_client_register_scene (OrientdClient *self, const char *app_id, OrientdOrientationMask supported,
                               GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (OrientdSceneOptions) options = orientd_scene_options_new (app_id);

  orientd_scene_options_set_supported_orientations (options, supported);
  orientd_client_register_scene_with_options (self, options, cancellable, callback, user_data);
}

/**
 * orientd_client_register_scene_finish:
 * @self: a client
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_client_register_scene().
 *
 * Returns: (transfer full): the scene, its properties loaded, or %NULL with @error set
 */
OrientdScene *
orientd_client_register_scene_finish (OrientdClient *self, GAsyncResult *result, GError **error)
{
  return orientd_client_register_scene_with_options_finish (self, result, error);
}

/**
 * orientd_client_register_scene_sync:
 * @self: a client
 * @app_id: the app's id (a GTK app's GApplication id: what the compositor reports)
 * @supported: the app's supported orientations, or %ORIENTD_ORIENTATION_MASK_NONE for
 *   its desktop entry's (else the idiom's default)
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Registers one phone window as a scene, blocking.
 *
 * Returns: (transfer full): the scene, its properties loaded, or %NULL with @error set
 */
OrientdScene *
orientd_client_register_scene_sync (OrientdClient *self, const char *app_id, OrientdOrientationMask supported,
                                    GCancellable *cancellable, GError **error)
{
  g_autoptr (OrientdSceneOptions) options = orientd_scene_options_new (app_id);

  orientd_scene_options_set_supported_orientations (options, supported);
  return orientd_client_register_scene_with_options_sync (self, options, cancellable, error);
}

/* The manager's methods: one async call, its finish, its _sync. */

static void
manager_call_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GTask *task = user_data;
  GError *error = NULL;
  GVariant *reply = orientd_wire_call_finish (result, NULL, &error);

  if (reply == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, reply, (GDestroyNotify) g_variant_unref);
  g_object_unref (task);
}

static void
manager_call (OrientdClient *self, const char *method, GVariant *parameters, gpointer source_tag,
              GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);
  g_autofree char *reply_type = orientd_wire_reply_type (ORIENTD_CONTRACT_MANAGER, method);

  g_task_set_source_tag (task, source_tag);
  orientd_wire_call (self->connection, ORIENTD_MANAGER_PATH, ORIENTD_MANAGER_INTERFACE, method, parameters,
                     reply_type, cancellable, manager_call_done, task);
}

/* The reply's body, or NULL with @error set. */
static GVariant *
manager_call_finish (OrientdClient *self, GAsyncResult *result, gpointer source_tag, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == source_tag, NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

static gboolean
manager_call_finish_boolean (OrientdClient *self, GAsyncResult *result, gpointer source_tag, GError **error)
{
  g_autoptr (GVariant) reply = manager_call_finish (self, result, source_tag, error);

  return reply != NULL;
}

static GVariant *
manager_call_finish_child (OrientdClient *self, GAsyncResult *result, gpointer source_tag, GError **error)
{
  g_autoptr (GVariant) reply = manager_call_finish (self, result, source_tag, error);

  return reply != NULL ? g_variant_get_child_value (reply, 0) : NULL;
}

/**
 * orientd_client_set_device_orientation:
 * @self: a client
 * @orientation: a device orientation
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when orientd answered
 * @user_data: data for @callback
 *
 * Reports a device orientation as if the sensor had (SetDeviceOrientation); the settle time applies. An administrator method. Finish with orientd_client_set_device_orientation_finish().
 */
void
orientd_client_set_device_orientation (OrientdClient *self, OrientdDeviceOrientation orientation, GCancellable *cancellable,
  GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (ORIENTD_IS_CLIENT (self));
  
  manager_call (self, "SetDeviceOrientation", g_variant_new ("(s)", orientd_wire_nick (ORIENTD_TYPE_DEVICE_ORIENTATION, orientation)), orientd_client_set_device_orientation, cancellable, callback, user_data);
}

/**
 * orientd_client_set_device_orientation_finish:
 * @self: a client
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_client_set_device_orientation().
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_client_set_device_orientation_finish (OrientdClient *self, GAsyncResult *result, GError **error)
{
  return manager_call_finish_boolean (self, result, orientd_client_set_device_orientation, error);
}

/**
 * orientd_client_set_device_orientation_sync:
 * @self: a client
 * @orientation: a device orientation
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Reports a device orientation as if the sensor had (SetDeviceOrientation); the settle time applies. An administrator method. Blocks.
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_client_set_device_orientation_sync (OrientdClient *self, OrientdDeviceOrientation orientation, GCancellable *cancellable, GError **error)
{
  gboolean value;
  ORIENTD_SYNC_BEGIN
  orientd_client_set_device_orientation (self, orientation, cancellable, ORIENTD_SYNC_CALLBACK);
  value = orientd_client_set_device_orientation_finish (self, ORIENTD_SYNC_RESULT, error);
  ORIENTD_SYNC_END
  return value;
}

/**
 * orientd_client_set_rotation_locked:
 * @self: a client
 * @locked: %TRUE to lock rotation
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when orientd answered
 * @user_data: data for @callback
 *
 * Turns the user's rotation lock on or off (SetRotationLocked). Persisted. An administrator method. Finish with orientd_client_set_rotation_locked_finish().
 */
void
orientd_client_set_rotation_locked (OrientdClient *self, gboolean locked, GCancellable *cancellable,
  GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (ORIENTD_IS_CLIENT (self));
  
  manager_call (self, "SetRotationLocked", g_variant_new ("(b)", locked), orientd_client_set_rotation_locked, cancellable, callback, user_data);
}

/**
 * orientd_client_set_rotation_locked_finish:
 * @self: a client
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_client_set_rotation_locked().
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_client_set_rotation_locked_finish (OrientdClient *self, GAsyncResult *result, GError **error)
{
  return manager_call_finish_boolean (self, result, orientd_client_set_rotation_locked, error);
}

/**
 * orientd_client_set_rotation_locked_sync:
 * @self: a client
 * @locked: %TRUE to lock rotation
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Turns the user's rotation lock on or off (SetRotationLocked). Persisted. An administrator method. Blocks.
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_client_set_rotation_locked_sync (OrientdClient *self, gboolean locked, GCancellable *cancellable, GError **error)
{
  gboolean value;
  ORIENTD_SYNC_BEGIN
  orientd_client_set_rotation_locked (self, locked, cancellable, ORIENTD_SYNC_CALLBACK);
  value = orientd_client_set_rotation_locked_finish (self, ORIENTD_SYNC_RESULT, error);
  ORIENTD_SYNC_END
  return value;
}

/**
 * orientd_client_set_app_locks_allowed:
 * @self: a client
 * @allowed: %FALSE to make every app follow the device
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when orientd answered
 * @user_data: data for @callback
 *
 * Lets apps constrain the orientation or not (SetAppLocksAllowed): with %FALSE every app follows the device, and only the user's per-app choices and kiosk mode constrain it. Persisted. Needs orientd's interface version 6 (#OrientdClient:version). An administrator method. Finish with orientd_client_set_app_locks_allowed_finish().
 */
void
orientd_client_set_app_locks_allowed (OrientdClient *self, gboolean allowed, GCancellable *cancellable,
  GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (ORIENTD_IS_CLIENT (self));
  
  manager_call (self, "SetAppLocksAllowed", g_variant_new ("(b)", allowed), orientd_client_set_app_locks_allowed, cancellable, callback, user_data);
}

/**
 * orientd_client_set_app_locks_allowed_finish:
 * @self: a client
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_client_set_app_locks_allowed().
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_client_set_app_locks_allowed_finish (OrientdClient *self, GAsyncResult *result, GError **error)
{
  return manager_call_finish_boolean (self, result, orientd_client_set_app_locks_allowed, error);
}

/**
 * orientd_client_set_app_locks_allowed_sync:
 * @self: a client
 * @allowed: %FALSE to make every app follow the device
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Lets apps constrain the orientation or not (SetAppLocksAllowed): with %FALSE every app follows the device, and only the user's per-app choices and kiosk mode constrain it. Persisted. Needs orientd's interface version 6 (#OrientdClient:version). An administrator method. Blocks.
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_client_set_app_locks_allowed_sync (OrientdClient *self, gboolean allowed, GCancellable *cancellable, GError **error)
{
  gboolean value;
  ORIENTD_SYNC_BEGIN
  orientd_client_set_app_locks_allowed (self, allowed, cancellable, ORIENTD_SYNC_CALLBACK);
  value = orientd_client_set_app_locks_allowed_finish (self, ORIENTD_SYNC_RESULT, error);
  ORIENTD_SYNC_END
  return value;
}

/**
 * orientd_client_set_kiosk_mode:
 * @self: a client
 * @enabled: whether kiosk mode is on
 * @orientation: the orientation it forces
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when orientd answered
 * @user_data: data for @callback
 *
 * Turns kiosk mode on or off (SetKioskMode). Persisted. An administrator method. Finish with orientd_client_set_kiosk_mode_finish().
 */
void
orientd_client_set_kiosk_mode (OrientdClient *self, gboolean enabled, OrientdInterfaceOrientation orientation, GCancellable *cancellable,
  GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (ORIENTD_IS_CLIENT (self));
  
  manager_call (self, "SetKioskMode", g_variant_new ("(bs)", enabled, orientd_wire_nick (ORIENTD_TYPE_INTERFACE_ORIENTATION, orientation)), orientd_client_set_kiosk_mode, cancellable, callback, user_data);
}

/**
 * orientd_client_set_kiosk_mode_finish:
 * @self: a client
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_client_set_kiosk_mode().
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_client_set_kiosk_mode_finish (OrientdClient *self, GAsyncResult *result, GError **error)
{
  return manager_call_finish_boolean (self, result, orientd_client_set_kiosk_mode, error);
}

/**
 * orientd_client_set_kiosk_mode_sync:
 * @self: a client
 * @enabled: whether kiosk mode is on
 * @orientation: the orientation it forces
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Turns kiosk mode on or off (SetKioskMode). Persisted. An administrator method. Blocks.
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_client_set_kiosk_mode_sync (OrientdClient *self, gboolean enabled, OrientdInterfaceOrientation orientation, GCancellable *cancellable, GError **error)
{
  gboolean value;
  ORIENTD_SYNC_BEGIN
  orientd_client_set_kiosk_mode (self, enabled, orientation, cancellable, ORIENTD_SYNC_CALLBACK);
  value = orientd_client_set_kiosk_mode_finish (self, ORIENTD_SYNC_RESULT, error);
  ORIENTD_SYNC_END
  return value;
}

/**
 * orientd_client_set_split_view_threshold:
 * @self: a client
 * @points: 0–100000
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when orientd answered
 * @user_data: data for @callback
 *
 * Sets the split-view threshold (SetSplitViewThreshold). Persisted. An administrator method. Finish with orientd_client_set_split_view_threshold_finish().
 */
void
orientd_client_set_split_view_threshold (OrientdClient *self, guint points, GCancellable *cancellable,
  GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (ORIENTD_IS_CLIENT (self));
  
  manager_call (self, "SetSplitViewThreshold", g_variant_new ("(u)", points), orientd_client_set_split_view_threshold, cancellable, callback, user_data);
}

/**
 * orientd_client_set_split_view_threshold_finish:
 * @self: a client
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_client_set_split_view_threshold().
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_client_set_split_view_threshold_finish (OrientdClient *self, GAsyncResult *result, GError **error)
{
  return manager_call_finish_boolean (self, result, orientd_client_set_split_view_threshold, error);
}

/**
 * orientd_client_set_split_view_threshold_sync:
 * @self: a client
 * @points: 0–100000
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Sets the split-view threshold (SetSplitViewThreshold). Persisted. An administrator method. Blocks.
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_client_set_split_view_threshold_sync (OrientdClient *self, guint points, GCancellable *cancellable, GError **error)
{
  gboolean value;
  ORIENTD_SYNC_BEGIN
  orientd_client_set_split_view_threshold (self, points, cancellable, ORIENTD_SYNC_CALLBACK);
  value = orientd_client_set_split_view_threshold_finish (self, ORIENTD_SYNC_RESULT, error);
  ORIENTD_SYNC_END
  return value;
}

/**
 * orientd_client_set_settle_time:
 * @self: a client
 * @milliseconds: 0–10000
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when orientd answered
 * @user_data: data for @callback
 *
 * Sets the settle time (SetSettleTime). Persisted. An administrator method. Finish with orientd_client_set_settle_time_finish().
 */
void
orientd_client_set_settle_time (OrientdClient *self, guint milliseconds, GCancellable *cancellable,
  GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (ORIENTD_IS_CLIENT (self));
  
  manager_call (self, "SetSettleTime", g_variant_new ("(u)", milliseconds), orientd_client_set_settle_time, cancellable, callback, user_data);
}

/**
 * orientd_client_set_settle_time_finish:
 * @self: a client
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_client_set_settle_time().
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_client_set_settle_time_finish (OrientdClient *self, GAsyncResult *result, GError **error)
{
  return manager_call_finish_boolean (self, result, orientd_client_set_settle_time, error);
}

/**
 * orientd_client_set_settle_time_sync:
 * @self: a client
 * @milliseconds: 0–10000
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Sets the settle time (SetSettleTime). Persisted. An administrator method. Blocks.
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_client_set_settle_time_sync (OrientdClient *self, guint milliseconds, GCancellable *cancellable, GError **error)
{
  gboolean value;
  ORIENTD_SYNC_BEGIN
  orientd_client_set_settle_time (self, milliseconds, cancellable, ORIENTD_SYNC_CALLBACK);
  value = orientd_client_set_settle_time_finish (self, ORIENTD_SYNC_RESULT, error);
  ORIENTD_SYNC_END
  return value;
}

/**
 * orientd_client_set_app_policy:
 * @self: a client
 * @app_id: the app's id
 * @policy: the policy, an `a{sv}` (the contract's SetAppPolicy keys; empty removes it)
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when orientd answered
 * @user_data: data for @callback
 *
 * Sets or removes an app's policy (SetAppPolicy). Persisted. An administrator method. Finish with orientd_client_set_app_policy_finish().
 */
void
orientd_client_set_app_policy (OrientdClient *self, const char *app_id, GVariant *policy, GCancellable *cancellable,
  GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (ORIENTD_IS_CLIENT (self));
  g_return_if_fail (app_id != NULL);
  g_return_if_fail (policy != NULL && g_variant_is_of_type (policy, G_VARIANT_TYPE_VARDICT));
  manager_call (self, "SetAppPolicy", g_variant_new ("(s@a{sv})", app_id, policy), orientd_client_set_app_policy, cancellable, callback, user_data);
}

/**
 * orientd_client_set_app_policy_finish:
 * @self: a client
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_client_set_app_policy().
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_client_set_app_policy_finish (OrientdClient *self, GAsyncResult *result, GError **error)
{
  return manager_call_finish_boolean (self, result, orientd_client_set_app_policy, error);
}

/**
 * orientd_client_set_app_policy_sync:
 * @self: a client
 * @app_id: the app's id
 * @policy: the policy, an `a{sv}` (the contract's SetAppPolicy keys; empty removes it)
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Sets or removes an app's policy (SetAppPolicy). Persisted. An administrator method. Blocks.
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_client_set_app_policy_sync (OrientdClient *self, const char *app_id, GVariant *policy, GCancellable *cancellable, GError **error)
{
  gboolean value;
  ORIENTD_SYNC_BEGIN
  orientd_client_set_app_policy (self, app_id, policy, cancellable, ORIENTD_SYNC_CALLBACK);
  value = orientd_client_set_app_policy_finish (self, ORIENTD_SYNC_RESULT, error);
  ORIENTD_SYNC_END
  return value;
}

/**
 * orientd_client_get_app_policies:
 * @self: a client
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when orientd answered
 * @user_data: data for @callback
 *
 * Reads every app policy (GetAppPolicies). Finish with orientd_client_get_app_policies_finish().
 */
void
orientd_client_get_app_policies (OrientdClient *self, GCancellable *cancellable,
  GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (ORIENTD_IS_CLIENT (self));
  
  manager_call (self, "GetAppPolicies", NULL, orientd_client_get_app_policies, cancellable, callback, user_data);
}

/**
 * orientd_client_get_app_policies_finish:
 * @self: a client
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_client_get_app_policies().
 *
 * Returns: (transfer full): the policies, an `a{sa{sv}}` by app id, or %NULL with @error set
 */
GVariant *
orientd_client_get_app_policies_finish (OrientdClient *self, GAsyncResult *result, GError **error)
{
  return manager_call_finish_child (self, result, orientd_client_get_app_policies, error);
}

/**
 * orientd_client_get_app_policies_sync:
 * @self: a client
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Reads every app policy (GetAppPolicies). Blocks.
 *
 * Returns: (transfer full): the policies, an `a{sa{sv}}` by app id, or %NULL with @error set
 */
GVariant *
orientd_client_get_app_policies_sync (OrientdClient *self, GCancellable *cancellable, GError **error)
{
  GVariant *value;
  ORIENTD_SYNC_BEGIN
  orientd_client_get_app_policies (self, cancellable, ORIENTD_SYNC_CALLBACK);
  value = orientd_client_get_app_policies_finish (self, ORIENTD_SYNC_RESULT, error);
  ORIENTD_SYNC_END
  return value;
}

/**
 * orientd_client_reset_setting:
 * @self: a client
 * @key: the setting, such as "RotationLocked"
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when orientd answered
 * @user_data: data for @callback
 *
 * Forgets the user's value of a setting (ResetSetting). An administrator method. Finish with orientd_client_reset_setting_finish().
 */
void
orientd_client_reset_setting (OrientdClient *self, const char *key, GCancellable *cancellable,
  GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (ORIENTD_IS_CLIENT (self));
  g_return_if_fail (key != NULL);
  manager_call (self, "ResetSetting", g_variant_new ("(s)", key), orientd_client_reset_setting, cancellable, callback, user_data);
}

/**
 * orientd_client_reset_setting_finish:
 * @self: a client
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_client_reset_setting().
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_client_reset_setting_finish (OrientdClient *self, GAsyncResult *result, GError **error)
{
  return manager_call_finish_boolean (self, result, orientd_client_reset_setting, error);
}

/**
 * orientd_client_reset_setting_sync:
 * @self: a client
 * @key: the setting, such as "RotationLocked"
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Forgets the user's value of a setting (ResetSetting). An administrator method. Blocks.
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_client_reset_setting_sync (OrientdClient *self, const char *key, GCancellable *cancellable, GError **error)
{
  gboolean value;
  ORIENTD_SYNC_BEGIN
  orientd_client_reset_setting (self, key, cancellable, ORIENTD_SYNC_CALLBACK);
  value = orientd_client_reset_setting_finish (self, ORIENTD_SYNC_RESULT, error);
  ORIENTD_SYNC_END
  return value;
}

/**
 * orientd_client_reload:
 * @self: a client
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when orientd answered
 * @user_data: data for @callback
 *
 * Reads the configuration files again (Reload). An administrator method. Finish with orientd_client_reload_finish().
 */
void
orientd_client_reload (OrientdClient *self, GCancellable *cancellable,
  GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (ORIENTD_IS_CLIENT (self));
  
  manager_call (self, "Reload", NULL, orientd_client_reload, cancellable, callback, user_data);
}

/**
 * orientd_client_reload_finish:
 * @self: a client
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_client_reload().
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_client_reload_finish (OrientdClient *self, GAsyncResult *result, GError **error)
{
  return manager_call_finish_boolean (self, result, orientd_client_reload, error);
}

/**
 * orientd_client_reload_sync:
 * @self: a client
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Reads the configuration files again (Reload). An administrator method. Blocks.
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_client_reload_sync (OrientdClient *self, GCancellable *cancellable, GError **error)
{
  gboolean value;
  ORIENTD_SYNC_BEGIN
  orientd_client_reload (self, cancellable, ORIENTD_SYNC_CALLBACK);
  value = orientd_client_reload_finish (self, ORIENTD_SYNC_RESULT, error);
  ORIENTD_SYNC_END
  return value;
}

/**
 * orientd_client_get_history:
 * @self: a client
 * @limit: how many entries at most
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when orientd answered
 * @user_data: data for @callback
 *
 * Reads orientd's history of orientation changes (GetHistory). Finish with orientd_client_get_history_finish().
 */
void
orientd_client_get_history (OrientdClient *self, guint limit, GCancellable *cancellable,
  GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (ORIENTD_IS_CLIENT (self));
  
  manager_call (self, "GetHistory", g_variant_new ("(u)", limit), orientd_client_get_history, cancellable, callback, user_data);
}

/**
 * orientd_client_get_history_finish:
 * @self: a client
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_client_get_history().
 *
 * Returns: (transfer full): the latest changes, an `a(ostsss)` (scene, app id, time, previous, current, reason), or %NULL with @error set
 */
GVariant *
orientd_client_get_history_finish (OrientdClient *self, GAsyncResult *result, GError **error)
{
  return manager_call_finish_child (self, result, orientd_client_get_history, error);
}

/**
 * orientd_client_get_history_sync:
 * @self: a client
 * @limit: how many entries at most
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Reads orientd's history of orientation changes (GetHistory). Blocks.
 *
 * Returns: (transfer full): the latest changes, an `a(ostsss)` (scene, app id, time, previous, current, reason), or %NULL with @error set
 */
GVariant *
orientd_client_get_history_sync (OrientdClient *self, guint limit, GCancellable *cancellable, GError **error)
{
  GVariant *value;
  ORIENTD_SYNC_BEGIN
  orientd_client_get_history (self, limit, cancellable, ORIENTD_SYNC_CALLBACK);
  value = orientd_client_get_history_finish (self, ORIENTD_SYNC_RESULT, error);
  ORIENTD_SYNC_END
  return value;
}

/**
 * orientd_client_explain_panel:
 * @self: a client
 * @app_id: (nullable): an app id, or %NULL for the app in front
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when orientd answered
 * @user_data: data for @callback
 *
 * Explains the panel's orientation and the app in front (ExplainPanel). Finish with orientd_client_explain_panel_finish().
 */
void
orientd_client_explain_panel (OrientdClient *self, const char *app_id, GCancellable *cancellable,
  GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (ORIENTD_IS_CLIENT (self));
  
  manager_call (self, "ExplainPanel", g_variant_new ("(s)", app_id != NULL ? app_id : ""), orientd_client_explain_panel, cancellable, callback, user_data);
}

/**
 * orientd_client_explain_panel_finish:
 * @self: a client
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_client_explain_panel().
 *
 * Returns: (transfer full) (element-type OrientdExplainStep): the steps, or %NULL with @error set
 */
GList *
orientd_client_explain_panel_finish (OrientdClient *self, GAsyncResult *result, GError **error)
{
  g_autoptr (GVariant) steps = manager_call_finish_child (self, result, orientd_client_explain_panel, error);

  return steps != NULL ? orientd_explain_steps_from_variant (steps) : NULL;
}

/**
 * orientd_client_explain_panel_sync:
 * @self: a client
 * @app_id: (nullable): an app id, or %NULL for the app in front
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Explains the panel's orientation and the app in front (ExplainPanel). Blocks.
 *
 * Returns: (transfer full) (element-type OrientdExplainStep): the steps, or %NULL with @error set
 */
GList *
orientd_client_explain_panel_sync (OrientdClient *self, const char *app_id, GCancellable *cancellable, GError **error)
{
  GList *value;
  ORIENTD_SYNC_BEGIN
  orientd_client_explain_panel (self, app_id, cancellable, ORIENTD_SYNC_CALLBACK);
  value = orientd_client_explain_panel_finish (self, ORIENTD_SYNC_RESULT, error);
  ORIENTD_SYNC_END
  return value;
}

/**
 * orientd_client_get_version:
 * @self: a client
 *
 * Returns: The contract version orientd serves (#OrientdClient:version)
 */
guint
orientd_client_get_version (OrientdClient *self)
{
  guint value;

  g_return_val_if_fail (ORIENTD_IS_CLIENT (self), 0);
  g_object_get (self, "version", &value, NULL);
  return value;
}

/**
 * orientd_client_get_device_orientation:
 * @self: a client
 *
 * Returns: How the device is held (#OrientdClient:device-orientation)
 */
OrientdDeviceOrientation
orientd_client_get_device_orientation (OrientdClient *self)
{
  OrientdDeviceOrientation value;

  g_return_val_if_fail (ORIENTD_IS_CLIENT (self), 0);
  g_object_get (self, "device-orientation", &value, NULL);
  return value;
}

/**
 * orientd_client_get_rotation_locked:
 * @self: a client
 *
 * Returns: Whether the rotation lock is on (#OrientdClient:rotation-locked)
 */
gboolean
orientd_client_get_rotation_locked (OrientdClient *self)
{
  gboolean value;

  g_return_val_if_fail (ORIENTD_IS_CLIENT (self), 0);
  g_object_get (self, "rotation-locked", &value, NULL);
  return value;
}

/**
 * orientd_client_get_kiosk_mode:
 * @self: a client
 *
 * Returns: Whether kiosk mode is on (#OrientdClient:kiosk-mode)
 */
gboolean
orientd_client_get_kiosk_mode (OrientdClient *self)
{
  gboolean value;

  g_return_val_if_fail (ORIENTD_IS_CLIENT (self), 0);
  g_object_get (self, "kiosk-mode", &value, NULL);
  return value;
}

/**
 * orientd_client_get_kiosk_orientation:
 * @self: a client
 *
 * Returns: The orientation kiosk mode forces (#OrientdClient:kiosk-orientation)
 */
OrientdInterfaceOrientation
orientd_client_get_kiosk_orientation (OrientdClient *self)
{
  OrientdInterfaceOrientation value;

  g_return_val_if_fail (ORIENTD_IS_CLIENT (self), 0);
  g_object_get (self, "kiosk-orientation", &value, NULL);
  return value;
}

/**
 * orientd_client_get_split_view_threshold:
 * @self: a client
 *
 * Returns: The split-view threshold in points (#OrientdClient:split-view-threshold)
 */
guint
orientd_client_get_split_view_threshold (OrientdClient *self)
{
  guint value;

  g_return_val_if_fail (ORIENTD_IS_CLIENT (self), 0);
  g_object_get (self, "split-view-threshold", &value, NULL);
  return value;
}

/**
 * orientd_client_get_settle_time:
 * @self: a client
 *
 * Returns: The settle time in milliseconds (#OrientdClient:settle-time)
 */
guint
orientd_client_get_settle_time (OrientdClient *self)
{
  guint value;

  g_return_val_if_fail (ORIENTD_IS_CLIENT (self), 0);
  g_object_get (self, "settle-time", &value, NULL);
  return value;
}

/**
 * orientd_client_dup_config_files:
 * @self: a client
 *
 * Returns: (transfer full) (nullable): the configuration files applied (#OrientdClient:config-files)
 */
char **
orientd_client_dup_config_files (OrientdClient *self)
{
  char **value;

  g_return_val_if_fail (ORIENTD_IS_CLIENT (self), 0);
  g_object_get (self, "config-files", &value, NULL);
  return value;
}

/**
 * orientd_client_dup_locked_settings:
 * @self: a client
 *
 * Returns: (transfer full) (nullable): the settings the configuration locks (#OrientdClient:locked-settings)
 */
char **
orientd_client_dup_locked_settings (OrientdClient *self)
{
  char **value;

  g_return_val_if_fail (ORIENTD_IS_CLIENT (self), 0);
  g_object_get (self, "locked-settings", &value, NULL);
  return value;
}

/**
 * orientd_client_get_sensor_available:
 * @self: a client
 *
 * Returns: Whether an accelerometer is there (#OrientdClient:sensor-available)
 */
gboolean
orientd_client_get_sensor_available (OrientdClient *self)
{
  gboolean value;

  g_return_val_if_fail (ORIENTD_IS_CLIENT (self), 0);
  g_object_get (self, "sensor-available", &value, NULL);
  return value;
}

/**
 * orientd_client_dup_sensor_source:
 * @self: a client
 *
 * Returns: (transfer full) (nullable): where the device orientation came from (#OrientdClient:sensor-source)
 */
char *
orientd_client_dup_sensor_source (OrientdClient *self)
{
  char *value;

  g_return_val_if_fail (ORIENTD_IS_CLIENT (self), 0);
  g_object_get (self, "sensor-source", &value, NULL);
  return value;
}

/**
 * orientd_client_dup_output_backend:
 * @self: a client
 *
 * Returns: (transfer full) (nullable): which compositor interface turns the panel (#OrientdClient:output-backend)
 */
char *
orientd_client_dup_output_backend (OrientdClient *self)
{
  char *value;

  g_return_val_if_fail (ORIENTD_IS_CLIENT (self), 0);
  g_object_get (self, "output-backend", &value, NULL);
  return value;
}

/**
 * orientd_client_dup_output_name:
 * @self: a client
 *
 * Returns: (transfer full) (nullable): the panel's connector (#OrientdClient:output-name)
 */
char *
orientd_client_dup_output_name (OrientdClient *self)
{
  char *value;

  g_return_val_if_fail (ORIENTD_IS_CLIENT (self), 0);
  g_object_get (self, "output-name", &value, NULL);
  return value;
}

/**
 * orientd_client_get_output_orientation:
 * @self: a client
 *
 * Returns: What the panel shows (#OrientdClient:output-orientation)
 */
OrientdInterfaceOrientation
orientd_client_get_output_orientation (OrientdClient *self)
{
  OrientdInterfaceOrientation value;

  g_return_val_if_fail (ORIENTD_IS_CLIENT (self), 0);
  g_object_get (self, "output-orientation", &value, NULL);
  return value;
}

/**
 * orientd_client_dup_output_status:
 * @self: a client
 *
 * Returns: (transfer full) (nullable): why no backend drives the panel (#OrientdClient:output-status)
 */
char *
orientd_client_dup_output_status (OrientdClient *self)
{
  char *value;

  g_return_val_if_fail (ORIENTD_IS_CLIENT (self), 0);
  g_object_get (self, "output-status", &value, NULL);
  return value;
}

/**
 * orientd_client_dup_front_scene:
 * @self: a client
 *
 * Returns: (transfer full) (nullable): the object path of the scene in front (#OrientdClient:front-scene)
 */
char *
orientd_client_dup_front_scene (OrientdClient *self)
{
  char *value;

  g_return_val_if_fail (ORIENTD_IS_CLIENT (self), 0);
  g_object_get (self, "front-scene", &value, NULL);
  return value;
}

/**
 * orientd_client_dup_window_tracking:
 * @self: a client
 *
 * Returns: (transfer full) (nullable): whose app windows orientd follows (#OrientdClient:window-tracking)
 */
char *
orientd_client_dup_window_tracking (OrientdClient *self)
{
  char *value;

  g_return_val_if_fail (ORIENTD_IS_CLIENT (self), 0);
  g_object_get (self, "window-tracking", &value, NULL);
  return value;
}

/**
 * orientd_client_get_tracked_windows:
 * @self: a client
 *
 * Returns: How many app windows the tracker reports (#OrientdClient:tracked-windows)
 */
guint
orientd_client_get_tracked_windows (OrientdClient *self)
{
  guint value;

  g_return_val_if_fail (ORIENTD_IS_CLIENT (self), 0);
  g_object_get (self, "tracked-windows", &value, NULL);
  return value;
}

/**
 * orientd_client_dup_front_app:
 * @self: a client
 *
 * Returns: (transfer full) (nullable): the app id of the scene in front (#OrientdClient:front-app)
 */
char *
orientd_client_dup_front_app (OrientdClient *self)
{
  char *value;

  g_return_val_if_fail (ORIENTD_IS_CLIENT (self), 0);
  g_object_get (self, "front-app", &value, NULL);
  return value;
}

/**
 * orientd_client_get_undeclared_app_orientations:
 * @self: a client
 *
 * Returns: What an undeclared app's window follows the device within (#OrientdClient:undeclared-app-orientations)
 */
OrientdOrientationMask
orientd_client_get_undeclared_app_orientations (OrientdClient *self)
{
  OrientdOrientationMask value;

  g_return_val_if_fail (ORIENTD_IS_CLIENT (self), 0);
  g_object_get (self, "undeclared-app-orientations", &value, NULL);
  return value;
}

/**
 * orientd_client_dup_window_tracking_status:
 * @self: a client
 *
 * Returns: (transfer full) (nullable): why no window tracker follows the compositor (#OrientdClient:window-tracking-status)
 */
char *
orientd_client_dup_window_tracking_status (OrientdClient *self)
{
  char *value;

  g_return_val_if_fail (ORIENTD_IS_CLIENT (self), 0);
  g_object_get (self, "window-tracking-status", &value, NULL);
  return value;
}

/**
 * orientd_client_dup_setting_sources:
 * @self: a client
 *
 * Returns: (transfer full) (nullable): who set each setting, an `a{ss}` (#OrientdClient:setting-sources)
 */
GVariant *
orientd_client_dup_setting_sources (OrientdClient *self)
{
  GVariant *value;

  g_return_val_if_fail (ORIENTD_IS_CLIENT (self), 0);
  g_object_get (self, "setting-sources", &value, NULL);
  return value;
}

/**
 * orientd_client_get_screen_class:
 * @self: a client
 *
 * Returns: the class of the screen whose rules apps meet (#OrientdClient:screen-class)
 */
OrientdScreenClass
orientd_client_get_screen_class (OrientdClient *self)
{
  OrientdScreenClass value;

  g_return_val_if_fail (ORIENTD_IS_CLIENT (self), 0);
  g_object_get (self, "screen-class", &value, NULL);
  return value;
}

/**
 * orientd_client_dup_screen_class_reason:
 * @self: a client
 *
 * Returns: (transfer full) (nullable): why the screen has its class (#OrientdClient:screen-class-reason)
 */
char *
orientd_client_dup_screen_class_reason (OrientdClient *self)
{
  char *value;

  g_return_val_if_fail (ORIENTD_IS_CLIENT (self), 0);
  g_object_get (self, "screen-class-reason", &value, NULL);
  return value;
}

/**
 * orientd_client_get_posture:
 * @self: a client
 *
 * Returns: whether the device is held or on a desk (#OrientdClient:posture)
 */
OrientdPosture
orientd_client_get_posture (OrientdClient *self)
{
  OrientdPosture value;

  g_return_val_if_fail (ORIENTD_IS_CLIENT (self), 0);
  g_object_get (self, "posture", &value, NULL);
  return value;
}

/**
 * orientd_client_dup_posture_reason:
 * @self: a client
 *
 * Returns: (transfer full) (nullable): why the device has its posture (#OrientdClient:posture-reason)
 */
char *
orientd_client_dup_posture_reason (OrientdClient *self)
{
  char *value;

  g_return_val_if_fail (ORIENTD_IS_CLIENT (self), 0);
  g_object_get (self, "posture-reason", &value, NULL);
  return value;
}

/**
 * orientd_client_get_app_locks_allowed:
 * @self: a client
 *
 * Returns: whether apps may constrain the orientation (#OrientdClient:app-locks-allowed)
 */
gboolean
orientd_client_get_app_locks_allowed (OrientdClient *self)
{
  gboolean value;

  g_return_val_if_fail (ORIENTD_IS_CLIENT (self), TRUE);
  g_object_get (self, "app-locks-allowed", &value, NULL);
  return value;
}

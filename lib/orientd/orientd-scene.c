/* orientd-scene.c: one registered app window, its properties followed, its controller
 * tree kept to register it again when orientd restarts.
 * SPDX-License-Identifier: MIT */
#include "orientd-private.h"
#include "orientd-scene-mirror.h"

/**
 * OrientdScene:
 *
 * One app window registered with orientd (a UIWindowScene), made by
 * orientd_client_register_scene(). Its properties (#OrientdScene:interface-orientation
 * first) are loaded when it is returned and follow orientd: each change is notified, and
 * each change of orientation also emits #OrientdScene::orientation-changed with its
 * reason. When a call on it returns, its properties already say what the call did.
 *
 * The view controller calls mirror UIKit: a root controller, navigation stacks
 * (orientd_scene_push_controller()), tabs, modal presentations. The scene keeps its own
 * copy of the tree it built, so that when orientd restarts it registers itself again with
 * its controllers, window policy, size and activation state, under a new
 * #OrientdScene:object-path, and emits #OrientdScene::registered-again.
 *
 * Dropping the last reference unregisters the scene (as does the app leaving the bus).
 */
struct _OrientdScene
{
  GObject parent_instance;
  OrientdClient *client;
  char *path;
  GVariant *options;
  GVariant **values;
  gboolean registered;
  guint generation;
  guint32 fresh_serial; /* orientd's message that last gave all the properties */
  OrientdSceneMirror *mirror;
  GVariant *window_orientations; /* the last SetWindowOrientations' parameters */
  GVariant *geometry;            /* the last SetGeometry's */
  GVariant *activation;          /* the last SetActivationState's */
};

G_DEFINE_FINAL_TYPE (OrientdScene, orientd_scene, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_CLIENT,
  PROP_OBJECT_PATH,
  PROP_REGISTERED,
  PROP_APP_ID,
  PROP_OWNER,
  PROP_DETACHED,
  PROP_OBSERVED,
  PROP_IDIOM,
  PROP_DISPLAY,
  PROP_INTERFACE_ORIENTATION,
  PROP_SUPPORTED_ORIENTATIONS,
  PROP_DECIDING_CONTROLLER,
  PROP_WIDTH,
  PROP_HEIGHT,
  PROP_SPLIT_VIEW,
  PROP_ACTIVATION_STATE,
  PROP_STATUS_BAR_HIDDEN,
  PROP_ORIENTATION_LOCKED,
  N_PROPS
};

#define FIRST_SCENE_PROP PROP_APP_ID
#define N_SCENE_PROPS (N_PROPS - FIRST_SCENE_PROP)
#define INDEX(prop) ((prop) - FIRST_SCENE_PROP)

static GParamSpec *properties[N_PROPS];
static OrientdPropertyMap scene_map[N_SCENE_PROPS];

enum
{
  SIGNAL_ORIENTATION_CHANGED,
  SIGNAL_REGISTERED_AGAIN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
orientd_scene_dispose (GObject *object)
{
  OrientdScene *self = ORIENTD_SCENE (object);

  if (self->client != NULL)
    {
      orientd_client_remove_scene (self->client, self);
      if (self->registered && self->path != NULL && orientd_client_get_owner_internal (self->client) != NULL)
        /* The window is gone: so is its scene. No reply is awaited. */
        g_dbus_connection_call (orientd_client_get_connection_internal (self->client), ORIENTD_BUS_NAME,
                                ORIENTD_MANAGER_PATH, ORIENTD_MANAGER_INTERFACE, "UnregisterScene",
                                g_variant_new ("(o)", self->path), NULL, G_DBUS_CALL_FLAGS_NO_AUTO_START, -1,
                                NULL, NULL, NULL);
      self->registered = FALSE;
    }
  g_clear_object (&self->client);
  G_OBJECT_CLASS (orientd_scene_parent_class)->dispose (object);
}

static void
orientd_scene_finalize (GObject *object)
{
  OrientdScene *self = ORIENTD_SCENE (object);

  g_free (self->path);
  g_clear_pointer (&self->options, g_variant_unref);
  for (guint i = 0; i < N_SCENE_PROPS; i++)
    g_clear_pointer (&self->values[i], g_variant_unref);
  g_free (self->values);
  orientd_scene_mirror_free (self->mirror);
  g_clear_pointer (&self->window_orientations, g_variant_unref);
  g_clear_pointer (&self->geometry, g_variant_unref);
  g_clear_pointer (&self->activation, g_variant_unref);
  G_OBJECT_CLASS (orientd_scene_parent_class)->finalize (object);
}

static void
orientd_scene_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  OrientdScene *self = ORIENTD_SCENE (object);

  switch (prop_id)
    {
    case PROP_CLIENT:
      g_value_set_object (value, self->client);
      break;
    case PROP_OBJECT_PATH:
      g_value_set_string (value, self->path);
      break;
    case PROP_REGISTERED:
      g_value_set_boolean (value, self->registered);
      break;
    default:
      if (prop_id >= FIRST_SCENE_PROP && prop_id < N_PROPS)
        orientd_wire_value_from_variant (self->values[INDEX (prop_id)], pspec, value);
      else
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

#define READABLE (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY)

static void
map_property (guint prop_id, const char *dbus_name, GParamSpec *pspec)
{
  properties[prop_id] = pspec;
  scene_map[INDEX (prop_id)] = (OrientdPropertyMap) { dbus_name, pspec };
}

static void
orientd_scene_class_init (OrientdSceneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = orientd_scene_dispose;
  object_class->finalize = orientd_scene_finalize;
  object_class->get_property = orientd_scene_get_property;

  /**
   * OrientdScene:client:
   *
   * The client that registered the scene.
   */
  properties[PROP_CLIENT] = g_param_spec_object ("client", NULL, NULL, ORIENTD_TYPE_CLIENT, READABLE);
  /**
   * OrientdScene:object-path:
   *
   * The scene's object path; a new one after orientd restarts.
   */
  properties[PROP_OBJECT_PATH] = g_param_spec_string ("object-path", NULL, NULL, NULL, READABLE);
  /**
   * OrientdScene:registered:
   *
   * %FALSE once the scene was unregistered, or could not be registered again after
   * orientd restarted.
   */
  properties[PROP_REGISTERED] = g_param_spec_boolean ("registered", NULL, NULL, FALSE, READABLE);
  /**
   * OrientdScene:app-id:
   *
   * The app id the scene was registered under (AppId).
   */
  map_property (PROP_APP_ID, "AppId", g_param_spec_string ("app-id", NULL, NULL, NULL, READABLE));
  /**
   * OrientdScene:owner:
   *
   * The unique name of the connection that owns the scene, "" when detached (Owner).
   */
  map_property (PROP_OWNER, "Owner", g_param_spec_string ("owner", NULL, NULL, NULL, READABLE));
  /**
   * OrientdScene:detached:
   *
   * Whether the scene outlives its connection (Detached).
   */
  map_property (PROP_DETACHED, "Detached", g_param_spec_boolean ("detached", NULL, NULL, FALSE, READABLE));
  /**
   * OrientdScene:observed:
   *
   * Whether orientd made the scene for a window that registered none (Observed).
   */
  map_property (PROP_OBSERVED, "Observed", g_param_spec_boolean ("observed", NULL, NULL, FALSE, READABLE));
  /**
   * OrientdScene:idiom:
   *
   * The scene's idiom (Idiom).
   */
  map_property (PROP_IDIOM, "Idiom",
                g_param_spec_enum ("idiom", NULL, NULL, ORIENTD_TYPE_IDIOM, ORIENTD_IDIOM_PHONE, READABLE));
  /**
   * OrientdScene:display:
   *
   * The display the window is on (Display).
   */
  map_property (PROP_DISPLAY, "Display", g_param_spec_string ("display", NULL, NULL, NULL, READABLE));
  /**
   * OrientdScene:interface-orientation:
   *
   * The scene's interface orientation (InterfaceOrientation): lay the window out to it.
   */
  map_property (PROP_INTERFACE_ORIENTATION, "InterfaceOrientation",
                g_param_spec_enum ("interface-orientation", NULL, NULL, ORIENTD_TYPE_INTERFACE_ORIENTATION,
                                   ORIENTD_INTERFACE_ORIENTATION_UNKNOWN, READABLE));
  /**
   * OrientdScene:supported-orientations:
   *
   * The effective mask of the last evaluation (SupportedOrientationsMask).
   */
  map_property (PROP_SUPPORTED_ORIENTATIONS, "SupportedOrientationsMask",
                g_param_spec_flags ("supported-orientations", NULL, NULL, ORIENTD_TYPE_ORIENTATION_MASK, 0,
                                    READABLE));
  /**
   * OrientdScene:deciding-controller:
   *
   * The id of the controller that decided at the last evaluation, "" for none
   * (DecidingController).
   */
  map_property (PROP_DECIDING_CONTROLLER, "DecidingController",
                g_param_spec_string ("deciding-controller", NULL, NULL, NULL, READABLE));
  /**
   * OrientdScene:width:
   *
   * The window's width in points, in the scene's current orientation (Width).
   */
  map_property (PROP_WIDTH, "Width", g_param_spec_uint ("width", NULL, NULL, 0, G_MAXUINT, 0, READABLE));
  /**
   * OrientdScene:height:
   *
   * The window's height in points, in the scene's current orientation (Height).
   */
  map_property (PROP_HEIGHT, "Height", g_param_spec_uint ("height", NULL, NULL, 0, G_MAXUINT, 0, READABLE));
  /**
   * OrientdScene:split-view:
   *
   * Whether a pad scene is in split view (SplitView).
   */
  map_property (PROP_SPLIT_VIEW, "SplitView", g_param_spec_boolean ("split-view", NULL, NULL, FALSE, READABLE));
  /**
   * OrientdScene:activation-state:
   *
   * The scene's activation state (ActivationState).
   */
  map_property (PROP_ACTIVATION_STATE, "ActivationState",
                g_param_spec_enum ("activation-state", NULL, NULL, ORIENTD_TYPE_ACTIVATION_STATE,
                                   ORIENTD_ACTIVATION_STATE_UNKNOWN, READABLE));
  /**
   * OrientdScene:status-bar-hidden:
   *
   * Whether the status bar is hidden (StatusBarHidden).
   */
  map_property (PROP_STATUS_BAR_HIDDEN, "StatusBarHidden",
                g_param_spec_boolean ("status-bar-hidden", NULL, NULL, FALSE, READABLE));
  /**
   * OrientdScene:orientation-locked:
   *
   * Whether orientd honours the deciding controller's prefers-orientation-locked now
   * (OrientationLocked, iOS 26's isInterfaceOrientationLocked): while %TRUE the device does
   * not turn the scene. Always %FALSE with an orientd before version 6.
   */
  map_property (PROP_ORIENTATION_LOCKED, "OrientationLocked",
                g_param_spec_boolean ("orientation-locked", NULL, NULL, FALSE, READABLE));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * OrientdScene::orientation-changed:
   * @self: the scene
   * @previous: the interface orientation before
   * @current: the interface orientation now
   * @reason: why: "device", "update", "request", "presentation", "dismissal",
   *   "navigation", "tab", "policy", "activation" or "geometry"
   *
   * The scene's orientation changed (OrientationChanged). Not emitted at registration,
   * nor when the scene registers again after orientd restarted.
   */
  signals[SIGNAL_ORIENTATION_CHANGED] =
    g_signal_new ("orientation-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, ORIENTD_TYPE_INTERFACE_ORIENTATION, ORIENTD_TYPE_INTERFACE_ORIENTATION,
                  G_TYPE_STRING);
  /**
   * OrientdScene::registered-again:
   * @self: the scene
   *
   * orientd restarted and the scene is registered again, with its controllers, under a
   * new #OrientdScene:object-path; its properties are read again (lay the window out to
   * #OrientdScene:interface-orientation).
   */
  signals[SIGNAL_REGISTERED_AGAIN] = g_signal_new ("registered-again", G_TYPE_FROM_CLASS (klass),
                                                   G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
orientd_scene_init (OrientdScene *self)
{
  self->values = g_new0 (GVariant *, N_SCENE_PROPS);
  self->mirror = orientd_scene_mirror_new ();
}

OrientdScene *
orientd_scene_new_registered (OrientdClient *client, GVariant *options, const char *path, GVariant *dict,
                              guint32 serial, GError **error)
{
  g_autoptr (OrientdScene) self = g_object_new (ORIENTD_TYPE_SCENE, NULL);

  if (!orientd_wire_apply_properties (G_OBJECT (self), ORIENTD_CONTRACT_SCENE, scene_map, self->values,
                                      N_SCENE_PROPS, dict, TRUE, error))
    return NULL;
  self->client = g_object_ref (client);
  self->options = g_variant_ref (options);
  self->path = g_strdup (path);
  self->registered = TRUE;
  self->fresh_serial = serial;
  return g_steal_pointer (&self);
}

const char *
orientd_scene_get_path_internal (OrientdScene *self)
{
  return self->path;
}

/* A change orientd announced; its property value counts only if orientd sent it after
 * the last time the scene caught up (its registration's GetAll, a call's reply). */
void
orientd_scene_handle_orientation_changed (OrientdScene *self, const char *previous, const char *current,
                                          const char *reason, guint32 serial)
{
  int from, to;
  g_autoptr (GVariant) dict = NULL;
  GVariantBuilder builder;

  if (!orientd_wire_from_nick (ORIENTD_TYPE_INTERFACE_ORIENTATION, previous, &from) ||
      !orientd_wire_from_nick (ORIENTD_TYPE_INTERFACE_ORIENTATION, current, &to))
    {
      g_debug ("ignoring OrientationChanged %s -> %s: not interface orientations", previous, current);
      return;
    }
  /* The property says the new orientation before the handlers run. */
  if (serial <= self->fresh_serial)
    goto emit;
  g_variant_builder_init (&builder, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&builder, "{sv}", "InterfaceOrientation", g_variant_new_string (current));
  dict = g_variant_ref_sink (g_variant_builder_end (&builder));
  orientd_wire_apply_properties (G_OBJECT (self), ORIENTD_CONTRACT_SCENE, scene_map, self->values, N_SCENE_PROPS,
                                 dict, FALSE, NULL);
emit:
  g_signal_emit (self, signals[SIGNAL_ORIENTATION_CHANGED], 0, from, to, reason);
}

void
orientd_scene_handle_properties_changed (OrientdScene *self, GVariant *changed, guint32 serial)
{
  if (serial <= self->fresh_serial)
    return; /* older than what a call's reply already gave */
  orientd_wire_apply_properties (G_OBJECT (self), ORIENTD_CONTRACT_SCENE, scene_map, self->values, N_SCENE_PROPS,
                                 changed, FALSE, NULL);
}

/* Calls on the scene: each one's effect on the app's copy of the tree, kept when orientd
 * accepted it, and the scene's properties caught up with what orientd said before its reply. */

typedef enum
{
  EFFECT_NONE,
  EFFECT_ROOT,
  EFFECT_CHILD,
  EFFECT_POP,
  EFFECT_SELECT_TAB,
  EFFECT_PRESENT,
  EFFECT_DISMISS,
  EFFECT_PROPERTIES,
  EFFECT_MODE,
  EFFECT_WINDOW_ORIENTATIONS,
  EFFECT_GEOMETRY,
  EFFECT_ACTIVATION,
} Effect;

typedef struct
{
  Effect effect;
  GVariant *parameters;
} CallData;

static void
call_data_free (CallData *data)
{
  g_variant_unref (data->parameters);
  g_free (data);
}

static void
keep_effect (OrientdScene *self, Effect effect, GVariant *parameters)
{
  const char *a, *b, *c;
  g_autoptr (GVariant) properties = NULL;

  switch (effect)
    {
    case EFFECT_NONE:
      break;
    case EFFECT_ROOT:
      g_variant_get (parameters, "(&s&s@a{sv})", &a, &b, &properties);
      orientd_scene_mirror_set_root (self->mirror, a, b, properties);
      break;
    case EFFECT_CHILD:
      g_variant_get (parameters, "(&s&s&s@a{sv})", &a, &b, &c, &properties);
      orientd_scene_mirror_add_child (self->mirror, a, b, c, properties);
      break;
    case EFFECT_POP:
      g_variant_get (parameters, "(&s)", &a);
      orientd_scene_mirror_pop (self->mirror, a);
      break;
    case EFFECT_SELECT_TAB:
      g_variant_get (parameters, "(&s&s)", &a, &b);
      orientd_scene_mirror_select_tab (self->mirror, a, b);
      break;
    case EFFECT_PRESENT:
      g_variant_get (parameters, "(&s&s&s@a{sv})", &a, &b, &c, &properties);
      orientd_scene_mirror_present (self->mirror, a, b, c, properties);
      break;
    case EFFECT_DISMISS:
      g_variant_get (parameters, "(&s)", &a);
      orientd_scene_mirror_dismiss (self->mirror, a);
      break;
    case EFFECT_PROPERTIES:
      g_variant_get (parameters, "(&s@a{sv})", &a, &properties);
      orientd_scene_mirror_set_properties (self->mirror, a, properties);
      break;
    case EFFECT_MODE:
      g_variant_get (parameters, "(&s&s)", &a, &b);
      orientd_scene_mirror_set_mode (self->mirror, a, b);
      break;
    case EFFECT_WINDOW_ORIENTATIONS:
      g_clear_pointer (&self->window_orientations, g_variant_unref);
      self->window_orientations = g_variant_ref (parameters);
      break;
    case EFFECT_GEOMETRY:
      g_clear_pointer (&self->geometry, g_variant_unref);
      self->geometry = g_variant_ref (parameters);
      break;
    case EFFECT_ACTIVATION:
      g_clear_pointer (&self->activation, g_variant_unref);
      self->activation = g_variant_ref (parameters);
      break;
    }
}

static void
scene_call_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GTask *task = user_data;
  OrientdScene *self = g_task_get_source_object (task);
  CallData *data = g_task_get_task_data (task);
  GError *error = NULL;
  GVariant *reply = orientd_wire_call_finish (result, NULL, &error);
  g_autoptr (GVariant) news = NULL;
  guint32 serial = 0;

  if (reply == NULL)
    {
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }
  keep_effect (self, data->effect, data->parameters);
  /* What orientd said about the scene before its reply (the call's own changes among it):
   * the properties are current when the call returns, and its signals, when the context
   * hears them, change nothing again. */
  if (self->client != NULL)
    news = orientd_client_take_scene_news (self->client, self->path, self->fresh_serial, &serial);
  if (news != NULL)
    {
      self->fresh_serial = MAX (self->fresh_serial, serial);
      orientd_wire_apply_properties (G_OBJECT (self), ORIENTD_CONTRACT_SCENE, scene_map, self->values,
                                     N_SCENE_PROPS, news, FALSE, NULL);
    }
  g_task_return_pointer (task, reply, (GDestroyNotify) g_variant_unref);
  g_object_unref (task);
}

/* Calls @method on the scene; when orientd accepts it, the call's effect is kept in the
 * app's copy of the tree and the scene's properties are caught up. */
static void
scene_call (OrientdScene *self, const char *method, GVariant *parameters, Effect effect, gpointer source_tag,
            GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);
  CallData *data = g_new0 (CallData, 1);
  g_autofree char *reply_type = orientd_wire_reply_type (ORIENTD_CONTRACT_SCENE, method);

  g_task_set_source_tag (task, source_tag);
  data->effect = effect;
  data->parameters = g_variant_ref_sink (parameters != NULL ? parameters : g_variant_new ("()"));
  g_task_set_task_data (task, data, (GDestroyNotify) call_data_free);
  if (!self->registered || self->client == NULL)
    {
      g_task_return_new_error (task, ORIENTD_ERROR, ORIENTD_ERROR_NOT_REGISTERED,
                               "%s: the scene %s is not registered (any more)", method,
                               self->path != NULL ? self->path : "");
      g_object_unref (task);
      return;
    }
  orientd_wire_call (orientd_client_get_connection_internal (self->client), self->path, ORIENTD_SCENE_INTERFACE,
                     method, parameters != NULL ? data->parameters : NULL, reply_type, cancellable, scene_call_done,
                     task);
}

static GVariant *
scene_call_finish (OrientdScene *self, GAsyncResult *result, gpointer source_tag, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == source_tag, NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

static gboolean
scene_call_finish_boolean (OrientdScene *self, GAsyncResult *result, gpointer source_tag, GError **error)
{
  g_autoptr (GVariant) reply = scene_call_finish (self, result, source_tag, error);

  return reply != NULL;
}

static GVariant *
scene_call_finish_child (OrientdScene *self, GAsyncResult *result, gpointer source_tag, GError **error)
{
  g_autoptr (GVariant) reply = scene_call_finish (self, result, source_tag, error);

  return reply != NULL ? g_variant_get_child_value (reply, 0) : NULL;
}

static OrientdInterfaceOrientation
scene_call_finish_orientation (OrientdScene *self, GAsyncResult *result, gpointer source_tag, GError **error)
{
  g_autoptr (GVariant) reply = scene_call_finish (self, result, source_tag, error);
  const char *orientation;
  int value;

  if (reply == NULL)
    return ORIENTD_INTERFACE_ORIENTATION_UNKNOWN;
  g_variant_get (reply, "(&s)", &orientation);
  if (!orientd_wire_from_nick (ORIENTD_TYPE_INTERFACE_ORIENTATION, orientation, &value) ||
      value == ORIENTD_INTERFACE_ORIENTATION_UNKNOWN)
    {
      g_set_error (error, ORIENTD_ERROR, ORIENTD_ERROR_PROTOCOL,
                   "orientd answered with \"%s\", not an interface orientation", orientation);
      return ORIENTD_INTERFACE_ORIENTATION_UNKNOWN;
    }
  return value;
}

static const char *
kind_name (OrientdControllerKind kind)
{
  const char *name = orientd_wire_nick (ORIENTD_TYPE_CONTROLLER_KIND, kind);

  return name != NULL ? name : "";
}

/* Registering again after orientd restarted */

typedef struct
{
  OrientdScene *scene;
  guint generation;
  guint pending;
  char *path;
  char *first_error;
  GVariant *properties;
  guint32 properties_serial;
} Reregistration;

static void
reregistration_free (Reregistration *state)
{
  g_object_unref (state->scene);
  g_free (state->path);
  g_free (state->first_error);
  g_clear_pointer (&state->properties, g_variant_unref);
  g_free (state);
}

static void
reregistration_failed (OrientdScene *self, const char *why)
{
  g_message ("orientd restarted; the scene %s could not be registered again: %s", self->path, why);
  self->registered = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REGISTERED]);
}

static void
reregistration_finish (Reregistration *state)
{
  OrientdScene *self = state->scene;

  if (state->generation != self->generation || self->client == NULL)
    return;
  if (state->first_error != NULL)
    g_message ("orientd restarted; the scene %s registered again, but rebuilding it failed: %s", state->path,
               state->first_error);
  g_free (self->path);
  self->path = g_strdup (state->path);
  self->fresh_serial = state->properties_serial; /* the new orientd's serials */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OBJECT_PATH]);
  if (state->properties != NULL)
    orientd_wire_apply_properties (G_OBJECT (self), ORIENTD_CONTRACT_SCENE, scene_map, self->values,
                                   N_SCENE_PROPS, state->properties, FALSE, NULL);
  orientd_client_add_scene (self->client, self);
  g_signal_emit (self, signals[SIGNAL_REGISTERED_AGAIN], 0);
}

static void
replay_step_done (Reregistration *state)
{
  if (--state->pending == 0)
    {
      reregistration_finish (state);
      reregistration_free (state);
    }
}

static GDBusMessage *
replay_reply (GObject *source, GAsyncResult *result, Reregistration *state)
{
  g_autoptr (GError) error = NULL;
  GDBusMessage *reply = g_dbus_connection_send_message_with_reply_finish (G_DBUS_CONNECTION (source), result, &error);

  if (reply != NULL && g_dbus_message_to_gerror (reply, &error))
    g_clear_object (&reply);
  if (reply == NULL && state->first_error == NULL)
    state->first_error = g_strdup (error->message);
  return reply;
}

static void
replay_replied (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Reregistration *state = user_data;
  g_autoptr (GDBusMessage) reply = replay_reply (source, result, state);

  replay_step_done (state);
}

static void
replay_properties_replied (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Reregistration *state = user_data;
  g_autoptr (GDBusMessage) reply = replay_reply (source, result, state);
  GVariant *body = reply != NULL ? g_dbus_message_get_body (reply) : NULL;

  if (body != NULL && g_variant_is_of_type (body, G_VARIANT_TYPE ("(a{sv})")))
    {
      state->properties = g_variant_get_child_value (body, 0);
      state->properties_serial = g_dbus_message_get_serial (reply);
    }
  replay_step_done (state);
}

static void
send_replay (GDBusConnection *connection, Reregistration *state, const char *interface, const char *method,
             GVariant *parameters, GAsyncReadyCallback callback)
{
  g_autoptr (GDBusMessage) message = g_dbus_message_new_method_call (ORIENTD_BUS_NAME, state->path, interface, method);

  g_dbus_message_set_body (message, parameters);
  state->pending++;
  g_dbus_connection_send_message_with_reply (connection, message, G_DBUS_SEND_MESSAGE_FLAGS_NONE, -1, NULL, NULL,
                                             callback, state);
}

static void
registered_again (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Reregistration *state = user_data;
  OrientdScene *self = state->scene;
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) reply = orientd_wire_call_finish (result, NULL, &error);
  g_autoptr (GArray) calls = NULL;
  GDBusConnection *connection;

  if (state->generation != self->generation || self->client == NULL)
    {
      reregistration_free (state);
      return;
    }
  if (reply == NULL)
    {
      reregistration_failed (self, error->message);
      reregistration_free (state);
      return;
    }
  g_variant_get (reply, "(o)", &state->path);
  connection = orientd_client_get_connection_internal (self->client);
  /* Everything is sent at once: orientd runs one connection's calls in order. */
  state->pending = 1; /* until all are sent */
  calls = orientd_scene_mirror_replay (self->mirror);
  for (guint i = 0; i < calls->len; i++)
    {
      OrientdReplayCall *call = &g_array_index (calls, OrientdReplayCall, i);

      send_replay (connection, state, ORIENTD_SCENE_INTERFACE, call->method, call->parameters, replay_replied);
    }
  if (self->window_orientations != NULL)
    send_replay (connection, state, ORIENTD_SCENE_INTERFACE, "SetWindowOrientations", self->window_orientations, replay_replied);
  if (self->geometry != NULL)
    send_replay (connection, state, ORIENTD_SCENE_INTERFACE, "SetGeometry", self->geometry, replay_replied);
  if (self->activation != NULL)
    send_replay (connection, state, ORIENTD_SCENE_INTERFACE, "SetActivationState", self->activation, replay_replied);
  send_replay (connection, state, ORIENTD_PROPERTIES_INTERFACE, "GetAll",
               g_variant_new ("(s)", ORIENTD_SCENE_INTERFACE), replay_properties_replied);
  replay_step_done (state);
}

void
orientd_scene_register_again (OrientdScene *self)
{
  Reregistration *state;
  g_autofree char *reply_type = NULL;

  if (!self->registered || self->client == NULL)
    return;
  state = g_new0 (Reregistration, 1);
  state->scene = g_object_ref (self);
  state->generation = ++self->generation;
  reply_type = orientd_wire_reply_type (ORIENTD_CONTRACT_MANAGER, "RegisterScene");
  orientd_wire_call (orientd_client_get_connection_internal (self->client), ORIENTD_MANAGER_PATH,
                     ORIENTD_MANAGER_INTERFACE, "RegisterScene", g_variant_new ("(@a{sv})", self->options),
                     reply_type, NULL, registered_again, state);
}

/**
 * orientd_scene_set_root_controller:
 * @self: a scene
 * @id: the new root controller's id (1–255 characters)
 * @kind: the controller's kind
 * @properties: (nullable): what the controller declares, %NULL for orientd's defaults
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when orientd answered
 * @user_data: data for @callback
 *
 * Replaces the whole controller tree with one root controller (UIWindow's rootViewController) and re-evaluates; a change carries the reason "navigation". Finish with orientd_scene_set_root_controller_finish().
 */
void
orientd_scene_set_root_controller (OrientdScene *self, const char *id, OrientdControllerKind kind, OrientdControllerProperties *properties, GCancellable *cancellable,
  GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (ORIENTD_IS_SCENE (self));
  g_return_if_fail (id != NULL);
  g_return_if_fail (properties == NULL || ORIENTD_IS_CONTROLLER_PROPERTIES (properties));
  scene_call (self, "SetRootController", g_variant_new ("(ss@a{sv})", id, kind_name (kind), orientd_controller_properties_to_variant (properties)), EFFECT_ROOT, orientd_scene_set_root_controller, cancellable, callback, user_data);
}

/**
 * orientd_scene_set_root_controller_finish:
 * @self: a scene
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_scene_set_root_controller().
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_scene_set_root_controller_finish (OrientdScene *self, GAsyncResult *result, GError **error)
{
  return scene_call_finish_boolean (self, result, orientd_scene_set_root_controller, error);
}

/**
 * orientd_scene_set_root_controller_sync:
 * @self: a scene
 * @id: the new root controller's id (1–255 characters)
 * @kind: the controller's kind
 * @properties: (nullable): what the controller declares, %NULL for orientd's defaults
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Replaces the whole controller tree with one root controller (UIWindow's rootViewController) and re-evaluates; a change carries the reason "navigation". Blocks.
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_scene_set_root_controller_sync (OrientdScene *self, const char *id, OrientdControllerKind kind, OrientdControllerProperties *properties, GCancellable *cancellable, GError **error)
{
  gboolean value;
  ORIENTD_SYNC_BEGIN
  orientd_scene_set_root_controller (self, id, kind, properties, cancellable, ORIENTD_SYNC_CALLBACK);
  value = orientd_scene_set_root_controller_finish (self, ORIENTD_SYNC_RESULT, error);
  ORIENTD_SYNC_END
  return value;
}

/**
 * orientd_scene_push_controller:
 * @self: a scene
 * @navigation: the id of a navigation controller of the scene
 * @id: the new controller's id, unique in the scene
 * @kind: the controller's kind
 * @properties: (nullable): what the controller declares, %NULL for orientd's defaults
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when orientd answered
 * @user_data: data for @callback
 *
 * Pushes a controller on a navigation stack and re-evaluates at once; a change carries the reason "navigation". Finish with orientd_scene_push_controller_finish().
 */
void
orientd_scene_push_controller (OrientdScene *self, const char *navigation, const char *id, OrientdControllerKind kind, OrientdControllerProperties *properties, GCancellable *cancellable,
  GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (ORIENTD_IS_SCENE (self));
  g_return_if_fail (navigation != NULL);
  g_return_if_fail (id != NULL);
  g_return_if_fail (properties == NULL || ORIENTD_IS_CONTROLLER_PROPERTIES (properties));
  scene_call (self, "PushController", g_variant_new ("(sss@a{sv})", navigation, id, kind_name (kind), orientd_controller_properties_to_variant (properties)), EFFECT_CHILD, orientd_scene_push_controller, cancellable, callback, user_data);
}

/**
 * orientd_scene_push_controller_finish:
 * @self: a scene
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_scene_push_controller().
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_scene_push_controller_finish (OrientdScene *self, GAsyncResult *result, GError **error)
{
  return scene_call_finish_boolean (self, result, orientd_scene_push_controller, error);
}

/**
 * orientd_scene_push_controller_sync:
 * @self: a scene
 * @navigation: the id of a navigation controller of the scene
 * @id: the new controller's id, unique in the scene
 * @kind: the controller's kind
 * @properties: (nullable): what the controller declares, %NULL for orientd's defaults
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Pushes a controller on a navigation stack and re-evaluates at once; a change carries the reason "navigation". Blocks.
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_scene_push_controller_sync (OrientdScene *self, const char *navigation, const char *id, OrientdControllerKind kind, OrientdControllerProperties *properties, GCancellable *cancellable, GError **error)
{
  gboolean value;
  ORIENTD_SYNC_BEGIN
  orientd_scene_push_controller (self, navigation, id, kind, properties, cancellable, ORIENTD_SYNC_CALLBACK);
  value = orientd_scene_push_controller_finish (self, ORIENTD_SYNC_RESULT, error);
  ORIENTD_SYNC_END
  return value;
}

/**
 * orientd_scene_pop_controller:
 * @self: a scene
 * @navigation: the id of a navigation controller of the scene
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when orientd answered
 * @user_data: data for @callback
 *
 * Pops the top of a navigation stack (with what it presented) and re-evaluates at once; a change carries the reason "navigation". A stack keeps its root child. Finish with orientd_scene_pop_controller_finish().
 */
void
orientd_scene_pop_controller (OrientdScene *self, const char *navigation, GCancellable *cancellable,
  GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (ORIENTD_IS_SCENE (self));
  g_return_if_fail (navigation != NULL);
  scene_call (self, "PopController", g_variant_new ("(s)", navigation), EFFECT_POP, orientd_scene_pop_controller, cancellable, callback, user_data);
}

/**
 * orientd_scene_pop_controller_finish:
 * @self: a scene
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_scene_pop_controller().
 *
 * Returns: (transfer full): the id of the controller popped, or %NULL with @error set
 */
char *
orientd_scene_pop_controller_finish (OrientdScene *self, GAsyncResult *result, GError **error)
{
  g_autoptr (GVariant) value = scene_call_finish_child (self, result, orientd_scene_pop_controller, error);

  return value != NULL ? g_variant_dup_string (value, NULL) : NULL;
}

/**
 * orientd_scene_pop_controller_sync:
 * @self: a scene
 * @navigation: the id of a navigation controller of the scene
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Pops the top of a navigation stack (with what it presented) and re-evaluates at once; a change carries the reason "navigation". A stack keeps its root child. Blocks.
 *
 * Returns: (transfer full): the id of the controller popped, or %NULL with @error set
 */
char *
orientd_scene_pop_controller_sync (OrientdScene *self, const char *navigation, GCancellable *cancellable, GError **error)
{
  char *value;
  ORIENTD_SYNC_BEGIN
  orientd_scene_pop_controller (self, navigation, cancellable, ORIENTD_SYNC_CALLBACK);
  value = orientd_scene_pop_controller_finish (self, ORIENTD_SYNC_RESULT, error);
  ORIENTD_SYNC_END
  return value;
}

/**
 * orientd_scene_add_tab:
 * @self: a scene
 * @tab: the id of a tab controller of the scene
 * @id: the new child's id, unique in the scene
 * @kind: the controller's kind
 * @properties: (nullable): what the controller declares, %NULL for orientd's defaults
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when orientd answered
 * @user_data: data for @callback
 *
 * Adds a child to a tab controller (the first one added is selected) and re-evaluates; a change carries the reason "tab". Finish with orientd_scene_add_tab_finish().
 */
void
orientd_scene_add_tab (OrientdScene *self, const char *tab, const char *id, OrientdControllerKind kind, OrientdControllerProperties *properties, GCancellable *cancellable,
  GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (ORIENTD_IS_SCENE (self));
  g_return_if_fail (tab != NULL);
  g_return_if_fail (id != NULL);
  g_return_if_fail (properties == NULL || ORIENTD_IS_CONTROLLER_PROPERTIES (properties));
  scene_call (self, "AddTab", g_variant_new ("(sss@a{sv})", tab, id, kind_name (kind), orientd_controller_properties_to_variant (properties)), EFFECT_CHILD, orientd_scene_add_tab, cancellable, callback, user_data);
}

/**
 * orientd_scene_add_tab_finish:
 * @self: a scene
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_scene_add_tab().
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_scene_add_tab_finish (OrientdScene *self, GAsyncResult *result, GError **error)
{
  return scene_call_finish_boolean (self, result, orientd_scene_add_tab, error);
}

/**
 * orientd_scene_add_tab_sync:
 * @self: a scene
 * @tab: the id of a tab controller of the scene
 * @id: the new child's id, unique in the scene
 * @kind: the controller's kind
 * @properties: (nullable): what the controller declares, %NULL for orientd's defaults
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Adds a child to a tab controller (the first one added is selected) and re-evaluates; a change carries the reason "tab". Blocks.
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_scene_add_tab_sync (OrientdScene *self, const char *tab, const char *id, OrientdControllerKind kind, OrientdControllerProperties *properties, GCancellable *cancellable, GError **error)
{
  gboolean value;
  ORIENTD_SYNC_BEGIN
  orientd_scene_add_tab (self, tab, id, kind, properties, cancellable, ORIENTD_SYNC_CALLBACK);
  value = orientd_scene_add_tab_finish (self, ORIENTD_SYNC_RESULT, error);
  ORIENTD_SYNC_END
  return value;
}

/**
 * orientd_scene_select_tab:
 * @self: a scene
 * @tab: the id of a tab controller of the scene
 * @child: the id of one of its children
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when orientd answered
 * @user_data: data for @callback
 *
 * Selects a tab and re-evaluates; a change carries the reason "tab". Finish with orientd_scene_select_tab_finish().
 */
void
orientd_scene_select_tab (OrientdScene *self, const char *tab, const char *child, GCancellable *cancellable,
  GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (ORIENTD_IS_SCENE (self));
  g_return_if_fail (tab != NULL);
  g_return_if_fail (child != NULL);
  scene_call (self, "SelectTab", g_variant_new ("(ss)", tab, child), EFFECT_SELECT_TAB, orientd_scene_select_tab, cancellable, callback, user_data);
}

/**
 * orientd_scene_select_tab_finish:
 * @self: a scene
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_scene_select_tab().
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_scene_select_tab_finish (OrientdScene *self, GAsyncResult *result, GError **error)
{
  return scene_call_finish_boolean (self, result, orientd_scene_select_tab, error);
}

/**
 * orientd_scene_select_tab_sync:
 * @self: a scene
 * @tab: the id of a tab controller of the scene
 * @child: the id of one of its children
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Selects a tab and re-evaluates; a change carries the reason "tab". Blocks.
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_scene_select_tab_sync (OrientdScene *self, const char *tab, const char *child, GCancellable *cancellable, GError **error)
{
  gboolean value;
  ORIENTD_SYNC_BEGIN
  orientd_scene_select_tab (self, tab, child, cancellable, ORIENTD_SYNC_CALLBACK);
  value = orientd_scene_select_tab_finish (self, ORIENTD_SYNC_RESULT, error);
  ORIENTD_SYNC_END
  return value;
}

/**
 * orientd_scene_present_controller:
 * @self: a scene
 * @presenter: the id of the presenting controller
 * @id: the new controller's id, unique in the scene
 * @kind: the controller's kind
 * @properties: (nullable): what the controller declares, %NULL for orientd's defaults
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when orientd answered
 * @user_data: data for @callback
 *
 * Presents a controller modally. A window-filling one takes over the decision: the scene turns to its preferred orientation if the mask allows, even under the rotation lock; a change carries the reason "presentation". Finish with orientd_scene_present_controller_finish().
 */
void
orientd_scene_present_controller (OrientdScene *self, const char *presenter, const char *id, OrientdControllerKind kind, OrientdControllerProperties *properties, GCancellable *cancellable,
  GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (ORIENTD_IS_SCENE (self));
  g_return_if_fail (presenter != NULL);
  g_return_if_fail (id != NULL);
  g_return_if_fail (properties == NULL || ORIENTD_IS_CONTROLLER_PROPERTIES (properties));
  scene_call (self, "PresentController", g_variant_new ("(sss@a{sv})", presenter, id, kind_name (kind), orientd_controller_properties_to_variant (properties)), EFFECT_PRESENT, orientd_scene_present_controller, cancellable, callback, user_data);
}

/**
 * orientd_scene_present_controller_finish:
 * @self: a scene
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_scene_present_controller().
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_scene_present_controller_finish (OrientdScene *self, GAsyncResult *result, GError **error)
{
  return scene_call_finish_boolean (self, result, orientd_scene_present_controller, error);
}

/**
 * orientd_scene_present_controller_sync:
 * @self: a scene
 * @presenter: the id of the presenting controller
 * @id: the new controller's id, unique in the scene
 * @kind: the controller's kind
 * @properties: (nullable): what the controller declares, %NULL for orientd's defaults
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Presents a controller modally. A window-filling one takes over the decision: the scene turns to its preferred orientation if the mask allows, even under the rotation lock; a change carries the reason "presentation". Blocks.
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_scene_present_controller_sync (OrientdScene *self, const char *presenter, const char *id, OrientdControllerKind kind, OrientdControllerProperties *properties, GCancellable *cancellable, GError **error)
{
  gboolean value;
  ORIENTD_SYNC_BEGIN
  orientd_scene_present_controller (self, presenter, id, kind, properties, cancellable, ORIENTD_SYNC_CALLBACK);
  value = orientd_scene_present_controller_finish (self, ORIENTD_SYNC_RESULT, error);
  ORIENTD_SYNC_END
  return value;
}

/**
 * orientd_scene_dismiss_controller:
 * @self: a scene
 * @id: the id of a presented controller
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when orientd answered
 * @user_data: data for @callback
 *
 * Dismisses a presented controller (with everything in it) and re-evaluates; a change carries the reason "dismissal". Finish with orientd_scene_dismiss_controller_finish().
 */
void
orientd_scene_dismiss_controller (OrientdScene *self, const char *id, GCancellable *cancellable,
  GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (ORIENTD_IS_SCENE (self));
  g_return_if_fail (id != NULL);
  scene_call (self, "DismissController", g_variant_new ("(s)", id), EFFECT_DISMISS, orientd_scene_dismiss_controller, cancellable, callback, user_data);
}

/**
 * orientd_scene_dismiss_controller_finish:
 * @self: a scene
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_scene_dismiss_controller().
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_scene_dismiss_controller_finish (OrientdScene *self, GAsyncResult *result, GError **error)
{
  return scene_call_finish_boolean (self, result, orientd_scene_dismiss_controller, error);
}

/**
 * orientd_scene_dismiss_controller_sync:
 * @self: a scene
 * @id: the id of a presented controller
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Dismisses a presented controller (with everything in it) and re-evaluates; a change carries the reason "dismissal". Blocks.
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_scene_dismiss_controller_sync (OrientdScene *self, const char *id, GCancellable *cancellable, GError **error)
{
  gboolean value;
  ORIENTD_SYNC_BEGIN
  orientd_scene_dismiss_controller (self, id, cancellable, ORIENTD_SYNC_CALLBACK);
  value = orientd_scene_dismiss_controller_finish (self, ORIENTD_SYNC_RESULT, error);
  ORIENTD_SYNC_END
  return value;
}

/**
 * orientd_scene_set_controller_properties:
 * @self: a scene
 * @id: the id of a controller of the scene
 * @properties: what changes; what it does not set keeps its value
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when orientd answered
 * @user_data: data for @callback
 *
 * Changes a controller's declaration; like UIKit's setNeedsUpdateOfSupportedInterfaceOrientations it takes effect at the next evaluation (orientd_scene_update_orientation()). Finish with orientd_scene_set_controller_properties_finish().
 */
void
orientd_scene_set_controller_properties (OrientdScene *self, const char *id, OrientdControllerProperties *properties, GCancellable *cancellable,
  GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (ORIENTD_IS_SCENE (self));
  g_return_if_fail (id != NULL);
  g_return_if_fail (ORIENTD_IS_CONTROLLER_PROPERTIES (properties));
  scene_call (self, "SetControllerProperties", g_variant_new ("(s@a{sv})", id, orientd_controller_properties_to_variant (properties)), EFFECT_PROPERTIES, orientd_scene_set_controller_properties, cancellable, callback, user_data);
}

/**
 * orientd_scene_set_controller_properties_finish:
 * @self: a scene
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_scene_set_controller_properties().
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_scene_set_controller_properties_finish (OrientdScene *self, GAsyncResult *result, GError **error)
{
  return scene_call_finish_boolean (self, result, orientd_scene_set_controller_properties, error);
}

/**
 * orientd_scene_set_controller_properties_sync:
 * @self: a scene
 * @id: the id of a controller of the scene
 * @properties: what changes; what it does not set keeps its value
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Changes a controller's declaration; like UIKit's setNeedsUpdateOfSupportedInterfaceOrientations it takes effect at the next evaluation (orientd_scene_update_orientation()). Blocks.
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_scene_set_controller_properties_sync (OrientdScene *self, const char *id, OrientdControllerProperties *properties, GCancellable *cancellable, GError **error)
{
  gboolean value;
  ORIENTD_SYNC_BEGIN
  orientd_scene_set_controller_properties (self, id, properties, cancellable, ORIENTD_SYNC_CALLBACK);
  value = orientd_scene_set_controller_properties_finish (self, ORIENTD_SYNC_RESULT, error);
  ORIENTD_SYNC_END
  return value;
}

/**
 * orientd_scene_set_orientation_mode:
 * @self: a scene
 * @id: the id of a controller of the scene
 * @mode: the mode, %ORIENTD_ORIENTATION_MODE_NONE to clear it
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when orientd answered
 * @user_data: data for @callback
 *
 * Sets a controller's orientation mode, which replaces its declared mask while set; it takes effect at the next evaluation. Finish with orientd_scene_set_orientation_mode_finish().
 */
void
orientd_scene_set_orientation_mode (OrientdScene *self, const char *id, OrientdOrientationMode mode, GCancellable *cancellable,
  GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (ORIENTD_IS_SCENE (self));
  g_return_if_fail (id != NULL);
  scene_call (self, "SetOrientationMode", g_variant_new ("(ss)", id, orientd_wire_nick (ORIENTD_TYPE_ORIENTATION_MODE, mode) != NULL ? orientd_wire_nick (ORIENTD_TYPE_ORIENTATION_MODE, mode) : ""), EFFECT_MODE, orientd_scene_set_orientation_mode, cancellable, callback, user_data);
}

/**
 * orientd_scene_set_orientation_mode_finish:
 * @self: a scene
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_scene_set_orientation_mode().
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_scene_set_orientation_mode_finish (OrientdScene *self, GAsyncResult *result, GError **error)
{
  return scene_call_finish_boolean (self, result, orientd_scene_set_orientation_mode, error);
}

/**
 * orientd_scene_set_orientation_mode_sync:
 * @self: a scene
 * @id: the id of a controller of the scene
 * @mode: the mode, %ORIENTD_ORIENTATION_MODE_NONE to clear it
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Sets a controller's orientation mode, which replaces its declared mask while set; it takes effect at the next evaluation. Blocks.
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_scene_set_orientation_mode_sync (OrientdScene *self, const char *id, OrientdOrientationMode mode, GCancellable *cancellable, GError **error)
{
  gboolean value;
  ORIENTD_SYNC_BEGIN
  orientd_scene_set_orientation_mode (self, id, mode, cancellable, ORIENTD_SYNC_CALLBACK);
  value = orientd_scene_set_orientation_mode_finish (self, ORIENTD_SYNC_RESULT, error);
  ORIENTD_SYNC_END
  return value;
}

/**
 * orientd_scene_update_orientation:
 * @self: a scene
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when orientd answered
 * @user_data: data for @callback
 *
 * Re-evaluates the scene now, applying pending declarations and modes; a change carries the reason "update". Finish with orientd_scene_update_orientation_finish().
 */
void
orientd_scene_update_orientation (OrientdScene *self, GCancellable *cancellable,
  GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (ORIENTD_IS_SCENE (self));
  scene_call (self, "UpdateOrientation", NULL, EFFECT_NONE, orientd_scene_update_orientation, cancellable, callback, user_data);
}

/**
 * orientd_scene_update_orientation_finish:
 * @self: a scene
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_scene_update_orientation().
 *
 * Returns: the scene's interface orientation afterwards, or %ORIENTD_INTERFACE_ORIENTATION_UNKNOWN with @error set
 */
OrientdInterfaceOrientation
orientd_scene_update_orientation_finish (OrientdScene *self, GAsyncResult *result, GError **error)
{
  return scene_call_finish_orientation (self, result, orientd_scene_update_orientation, error);
}

/**
 * orientd_scene_update_orientation_sync:
 * @self: a scene
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Re-evaluates the scene now, applying pending declarations and modes; a change carries the reason "update". Blocks.
 *
 * Returns: the scene's interface orientation afterwards, or %ORIENTD_INTERFACE_ORIENTATION_UNKNOWN with @error set
 */
OrientdInterfaceOrientation
orientd_scene_update_orientation_sync (OrientdScene *self, GCancellable *cancellable, GError **error)
{
  OrientdInterfaceOrientation value;
  ORIENTD_SYNC_BEGIN
  orientd_scene_update_orientation (self, cancellable, ORIENTD_SYNC_CALLBACK);
  value = orientd_scene_update_orientation_finish (self, ORIENTD_SYNC_RESULT, error);
  ORIENTD_SYNC_END
  return value;
}

/**
 * orientd_scene_request_orientation:
 * @self: a scene
 * @orientation: the orientation wanted
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when orientd answered
 * @user_data: data for @callback
 *
 * Asks for one orientation (iOS 16's requestGeometryUpdate): taken if the effective mask allows it, else %ORIENTD_ERROR_UNSUPPORTED_ORIENTATION; refused in split view (%ORIENTD_ERROR_NOT_PERMITTED). Finish with orientd_scene_request_orientation_finish().
 */
void
orientd_scene_request_orientation (OrientdScene *self, OrientdInterfaceOrientation orientation, GCancellable *cancellable,
  GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (ORIENTD_IS_SCENE (self));
  scene_call (self, "RequestOrientation", g_variant_new ("(s)", orientd_wire_nick (ORIENTD_TYPE_INTERFACE_ORIENTATION, orientation) != NULL ? orientd_wire_nick (ORIENTD_TYPE_INTERFACE_ORIENTATION, orientation) : ""), EFFECT_NONE, orientd_scene_request_orientation, cancellable, callback, user_data);
}

/**
 * orientd_scene_request_orientation_finish:
 * @self: a scene
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_scene_request_orientation().
 *
 * Returns: the scene's interface orientation afterwards, or %ORIENTD_INTERFACE_ORIENTATION_UNKNOWN with @error set
 */
OrientdInterfaceOrientation
orientd_scene_request_orientation_finish (OrientdScene *self, GAsyncResult *result, GError **error)
{
  return scene_call_finish_orientation (self, result, orientd_scene_request_orientation, error);
}

/**
 * orientd_scene_request_orientation_sync:
 * @self: a scene
 * @orientation: the orientation wanted
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Asks for one orientation (iOS 16's requestGeometryUpdate): taken if the effective mask allows it, else %ORIENTD_ERROR_UNSUPPORTED_ORIENTATION; refused in split view (%ORIENTD_ERROR_NOT_PERMITTED). Blocks.
 *
 * Returns: the scene's interface orientation afterwards, or %ORIENTD_INTERFACE_ORIENTATION_UNKNOWN with @error set
 */
OrientdInterfaceOrientation
orientd_scene_request_orientation_sync (OrientdScene *self, OrientdInterfaceOrientation orientation, GCancellable *cancellable, GError **error)
{
  OrientdInterfaceOrientation value;
  ORIENTD_SYNC_BEGIN
  orientd_scene_request_orientation (self, orientation, cancellable, ORIENTD_SYNC_CALLBACK);
  value = orientd_scene_request_orientation_finish (self, ORIENTD_SYNC_RESULT, error);
  ORIENTD_SYNC_END
  return value;
}

/**
 * orientd_scene_set_window_orientations:
 * @self: a scene
 * @scene_delegate: the scene delegate's mask, %ORIENTD_ORIENTATION_MASK_NONE for none
 * @app_delegate: the app delegate's mask, %ORIENTD_ORIENTATION_MASK_NONE for none
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when orientd answered
 * @user_data: data for @callback
 *
 * Replaces the window policy: the scene delegate's mask if given, else the app delegate's, else the app's supported orientations; re-evaluates (reason "policy"). Finish with orientd_scene_set_window_orientations_finish().
 */
void
orientd_scene_set_window_orientations (OrientdScene *self, OrientdOrientationMask scene_delegate, OrientdOrientationMask app_delegate, GCancellable *cancellable,
  GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (ORIENTD_IS_SCENE (self));
  scene_call (self, "SetWindowOrientations", g_variant_new ("(@as@as)", orientd_wire_mask_to_variant (scene_delegate), orientd_wire_mask_to_variant (app_delegate)), EFFECT_WINDOW_ORIENTATIONS, orientd_scene_set_window_orientations, cancellable, callback, user_data);
}

/**
 * orientd_scene_set_window_orientations_finish:
 * @self: a scene
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_scene_set_window_orientations().
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_scene_set_window_orientations_finish (OrientdScene *self, GAsyncResult *result, GError **error)
{
  return scene_call_finish_boolean (self, result, orientd_scene_set_window_orientations, error);
}

/**
 * orientd_scene_set_window_orientations_sync:
 * @self: a scene
 * @scene_delegate: the scene delegate's mask, %ORIENTD_ORIENTATION_MASK_NONE for none
 * @app_delegate: the app delegate's mask, %ORIENTD_ORIENTATION_MASK_NONE for none
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Replaces the window policy: the scene delegate's mask if given, else the app delegate's, else the app's supported orientations; re-evaluates (reason "policy"). Blocks.
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_scene_set_window_orientations_sync (OrientdScene *self, OrientdOrientationMask scene_delegate, OrientdOrientationMask app_delegate, GCancellable *cancellable, GError **error)
{
  gboolean value;
  ORIENTD_SYNC_BEGIN
  orientd_scene_set_window_orientations (self, scene_delegate, app_delegate, cancellable, ORIENTD_SYNC_CALLBACK);
  value = orientd_scene_set_window_orientations_finish (self, ORIENTD_SYNC_RESULT, error);
  ORIENTD_SYNC_END
  return value;
}

/**
 * orientd_scene_set_geometry:
 * @self: a scene
 * @width: the window's width in points, 1–100000
 * @height: its height, 1–100000
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when orientd answered
 * @user_data: data for @callback
 *
 * Sets the window's size, in the scene's current orientation (reason "geometry" for a change; on a pad it may enter or leave split view). Finish with orientd_scene_set_geometry_finish().
 */
void
orientd_scene_set_geometry (OrientdScene *self, guint width, guint height, GCancellable *cancellable,
  GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (ORIENTD_IS_SCENE (self));
  scene_call (self, "SetGeometry", g_variant_new ("(uu)", width, height), EFFECT_GEOMETRY, orientd_scene_set_geometry, cancellable, callback, user_data);
}

/**
 * orientd_scene_set_geometry_finish:
 * @self: a scene
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_scene_set_geometry().
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_scene_set_geometry_finish (OrientdScene *self, GAsyncResult *result, GError **error)
{
  return scene_call_finish_boolean (self, result, orientd_scene_set_geometry, error);
}

/**
 * orientd_scene_set_geometry_sync:
 * @self: a scene
 * @width: the window's width in points, 1–100000
 * @height: its height, 1–100000
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Sets the window's size, in the scene's current orientation (reason "geometry" for a change; on a pad it may enter or leave split view). Blocks.
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_scene_set_geometry_sync (OrientdScene *self, guint width, guint height, GCancellable *cancellable, GError **error)
{
  gboolean value;
  ORIENTD_SYNC_BEGIN
  orientd_scene_set_geometry (self, width, height, cancellable, ORIENTD_SYNC_CALLBACK);
  value = orientd_scene_set_geometry_finish (self, ORIENTD_SYNC_RESULT, error);
  ORIENTD_SYNC_END
  return value;
}

/**
 * orientd_scene_set_activation_state:
 * @self: a scene
 * @state: the window's state
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when orientd answered
 * @user_data: data for @callback
 *
 * Sets the scene's activation state (UIScene.ActivationState); a background scene does not follow the device (reason "activation"). Finish with orientd_scene_set_activation_state_finish().
 */
void
orientd_scene_set_activation_state (OrientdScene *self, OrientdActivationState state, GCancellable *cancellable,
  GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (ORIENTD_IS_SCENE (self));
  scene_call (self, "SetActivationState", g_variant_new ("(s)", orientd_wire_nick (ORIENTD_TYPE_ACTIVATION_STATE, state) != NULL ? orientd_wire_nick (ORIENTD_TYPE_ACTIVATION_STATE, state) : ""), EFFECT_ACTIVATION, orientd_scene_set_activation_state, cancellable, callback, user_data);
}

/**
 * orientd_scene_set_activation_state_finish:
 * @self: a scene
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_scene_set_activation_state().
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_scene_set_activation_state_finish (OrientdScene *self, GAsyncResult *result, GError **error)
{
  return scene_call_finish_boolean (self, result, orientd_scene_set_activation_state, error);
}

/**
 * orientd_scene_set_activation_state_sync:
 * @self: a scene
 * @state: the window's state
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Sets the scene's activation state (UIScene.ActivationState); a background scene does not follow the device (reason "activation"). Blocks.
 *
 * Returns: %TRUE, or %FALSE with @error set (in #ORIENTD_ERROR for orientd's errors)
 */
gboolean
orientd_scene_set_activation_state_sync (OrientdScene *self, OrientdActivationState state, GCancellable *cancellable, GError **error)
{
  gboolean value;
  ORIENTD_SYNC_BEGIN
  orientd_scene_set_activation_state (self, state, cancellable, ORIENTD_SYNC_CALLBACK);
  value = orientd_scene_set_activation_state_finish (self, ORIENTD_SYNC_RESULT, error);
  ORIENTD_SYNC_END
  return value;
}

/**
 * orientd_scene_explain:
 * @self: a scene
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when orientd answered
 * @user_data: data for @callback
 *
 * Explains the scene's current decision (Explain). Finish with orientd_scene_explain_finish().
 */
void
orientd_scene_explain (OrientdScene *self, GCancellable *cancellable,
  GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (ORIENTD_IS_SCENE (self));
  scene_call (self, "Explain", NULL, EFFECT_NONE, orientd_scene_explain, cancellable, callback, user_data);
}

/**
 * orientd_scene_explain_finish:
 * @self: a scene
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_scene_explain().
 *
 * Returns: (transfer full) (element-type OrientdExplainStep): the steps of the decision, in the iOS troubleshooting order, or %NULL with @error set
 */
GList *
orientd_scene_explain_finish (OrientdScene *self, GAsyncResult *result, GError **error)
{
  g_autoptr (GVariant) steps = scene_call_finish_child (self, result, orientd_scene_explain, error);

  return steps != NULL ? orientd_explain_steps_from_variant (steps) : NULL;
}

/**
 * orientd_scene_explain_sync:
 * @self: a scene
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Explains the scene's current decision (Explain). Blocks.
 *
 * Returns: (transfer full) (element-type OrientdExplainStep): the steps of the decision, in the iOS troubleshooting order, or %NULL with @error set
 */
GList *
orientd_scene_explain_sync (OrientdScene *self, GCancellable *cancellable, GError **error)
{
  GList *value;
  ORIENTD_SYNC_BEGIN
  orientd_scene_explain (self, cancellable, ORIENTD_SYNC_CALLBACK);
  value = orientd_scene_explain_finish (self, ORIENTD_SYNC_RESULT, error);
  ORIENTD_SYNC_END
  return value;
}

/**
 * orientd_scene_get_controllers:
 * @self: a scene
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when orientd answered
 * @user_data: data for @callback
 *
 * Reads the scene's controller tree (GetControllers). Finish with orientd_scene_get_controllers_finish().
 */
void
orientd_scene_get_controllers (OrientdScene *self, GCancellable *cancellable,
  GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (ORIENTD_IS_SCENE (self));
  scene_call (self, "GetControllers", NULL, EFFECT_NONE, orientd_scene_get_controllers, cancellable, callback, user_data);
}

/**
 * orientd_scene_get_controllers_finish:
 * @self: a scene
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_scene_get_controllers().
 *
 * Returns: (transfer full): the controller tree depth first, an `a(sssa{sv})` (id, kind, parent, properties), or %NULL with @error set
 */
GVariant *
orientd_scene_get_controllers_finish (OrientdScene *self, GAsyncResult *result, GError **error)
{
  return scene_call_finish_child (self, result, orientd_scene_get_controllers, error);
}

/**
 * orientd_scene_get_controllers_sync:
 * @self: a scene
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Reads the scene's controller tree (GetControllers). Blocks.
 *
 * Returns: (transfer full): the controller tree depth first, an `a(sssa{sv})` (id, kind, parent, properties), or %NULL with @error set
 */
GVariant *
orientd_scene_get_controllers_sync (OrientdScene *self, GCancellable *cancellable, GError **error)
{
  GVariant *value;
  ORIENTD_SYNC_BEGIN
  orientd_scene_get_controllers (self, cancellable, ORIENTD_SYNC_CALLBACK);
  value = orientd_scene_get_controllers_finish (self, ORIENTD_SYNC_RESULT, error);
  ORIENTD_SYNC_END
  return value;
}

/**
 * orientd_scene_dup_app_id:
 * @self: a scene
 *
 * Returns: (transfer full) (nullable): the app id (#OrientdScene:app-id)
 */
char *
orientd_scene_dup_app_id (OrientdScene *self)
{
  char *value;

  g_return_val_if_fail (ORIENTD_IS_SCENE (self), 0);
  g_object_get (self, "app-id", &value, NULL);
  return value;
}

/**
 * orientd_scene_get_idiom:
 * @self: a scene
 *
 * Returns: the idiom (#OrientdScene:idiom)
 */
OrientdIdiom
orientd_scene_get_idiom (OrientdScene *self)
{
  OrientdIdiom value;

  g_return_val_if_fail (ORIENTD_IS_SCENE (self), 0);
  g_object_get (self, "idiom", &value, NULL);
  return value;
}

/**
 * orientd_scene_dup_display:
 * @self: a scene
 *
 * Returns: (transfer full) (nullable): the display (#OrientdScene:display)
 */
char *
orientd_scene_dup_display (OrientdScene *self)
{
  char *value;

  g_return_val_if_fail (ORIENTD_IS_SCENE (self), 0);
  g_object_get (self, "display", &value, NULL);
  return value;
}

/**
 * orientd_scene_get_detached:
 * @self: a scene
 *
 * Returns: whether the scene is detached (#OrientdScene:detached)
 */
gboolean
orientd_scene_get_detached (OrientdScene *self)
{
  gboolean value;

  g_return_val_if_fail (ORIENTD_IS_SCENE (self), 0);
  g_object_get (self, "detached", &value, NULL);
  return value;
}

/**
 * orientd_scene_get_observed:
 * @self: a scene
 *
 * Returns: whether orientd observes the window rather than the app registering it (#OrientdScene:observed)
 */
gboolean
orientd_scene_get_observed (OrientdScene *self)
{
  gboolean value;

  g_return_val_if_fail (ORIENTD_IS_SCENE (self), 0);
  g_object_get (self, "observed", &value, NULL);
  return value;
}

/**
 * orientd_scene_get_interface_orientation:
 * @self: a scene
 *
 * Returns: the scene's interface orientation (#OrientdScene:interface-orientation)
 */
OrientdInterfaceOrientation
orientd_scene_get_interface_orientation (OrientdScene *self)
{
  OrientdInterfaceOrientation value;

  g_return_val_if_fail (ORIENTD_IS_SCENE (self), 0);
  g_object_get (self, "interface-orientation", &value, NULL);
  return value;
}

/**
 * orientd_scene_get_supported_orientations:
 * @self: a scene
 *
 * Returns: the effective mask of the last evaluation (#OrientdScene:supported-orientations)
 */
OrientdOrientationMask
orientd_scene_get_supported_orientations (OrientdScene *self)
{
  OrientdOrientationMask value;

  g_return_val_if_fail (ORIENTD_IS_SCENE (self), 0);
  g_object_get (self, "supported-orientations", &value, NULL);
  return value;
}

/**
 * orientd_scene_dup_deciding_controller:
 * @self: a scene
 *
 * Returns: (transfer full) (nullable): the deciding controller's id (#OrientdScene:deciding-controller)
 */
char *
orientd_scene_dup_deciding_controller (OrientdScene *self)
{
  char *value;

  g_return_val_if_fail (ORIENTD_IS_SCENE (self), 0);
  g_object_get (self, "deciding-controller", &value, NULL);
  return value;
}

/**
 * orientd_scene_get_width:
 * @self: a scene
 *
 * Returns: the width in points (#OrientdScene:width)
 */
guint
orientd_scene_get_width (OrientdScene *self)
{
  guint value;

  g_return_val_if_fail (ORIENTD_IS_SCENE (self), 0);
  g_object_get (self, "width", &value, NULL);
  return value;
}

/**
 * orientd_scene_get_height:
 * @self: a scene
 *
 * Returns: the height in points (#OrientdScene:height)
 */
guint
orientd_scene_get_height (OrientdScene *self)
{
  guint value;

  g_return_val_if_fail (ORIENTD_IS_SCENE (self), 0);
  g_object_get (self, "height", &value, NULL);
  return value;
}

/**
 * orientd_scene_get_split_view:
 * @self: a scene
 *
 * Returns: whether the scene is in split view (#OrientdScene:split-view)
 */
gboolean
orientd_scene_get_split_view (OrientdScene *self)
{
  gboolean value;

  g_return_val_if_fail (ORIENTD_IS_SCENE (self), 0);
  g_object_get (self, "split-view", &value, NULL);
  return value;
}

/**
 * orientd_scene_get_activation_state:
 * @self: a scene
 *
 * Returns: the activation state (#OrientdScene:activation-state)
 */
OrientdActivationState
orientd_scene_get_activation_state (OrientdScene *self)
{
  OrientdActivationState value;

  g_return_val_if_fail (ORIENTD_IS_SCENE (self), 0);
  g_object_get (self, "activation-state", &value, NULL);
  return value;
}

/**
 * orientd_scene_get_status_bar_hidden:
 * @self: a scene
 *
 * Returns: whether the status bar is hidden (#OrientdScene:status-bar-hidden)
 */
gboolean
orientd_scene_get_status_bar_hidden (OrientdScene *self)
{
  gboolean value;

  g_return_val_if_fail (ORIENTD_IS_SCENE (self), 0);
  g_object_get (self, "status-bar-hidden", &value, NULL);
  return value;
}

/**
 * orientd_scene_get_orientation_locked:
 * @self: a scene
 *
 * Returns: whether the device does not turn the scene because its deciding controller
 *   prefers the orientation locked (#OrientdScene:orientation-locked)
 */
gboolean
orientd_scene_get_orientation_locked (OrientdScene *self)
{
  gboolean value;

  g_return_val_if_fail (ORIENTD_IS_SCENE (self), 0);
  g_object_get (self, "orientation-locked", &value, NULL);
  return value;
}

/**
 * orientd_scene_get_client:
 * @self: a scene
 *
 * Returns: (transfer none) (nullable): the client that registered the scene
 */
OrientdClient *
orientd_scene_get_client (OrientdScene *self)
{
  g_return_val_if_fail (ORIENTD_IS_SCENE (self), NULL);
  return self->client;
}

/**
 * orientd_scene_get_object_path:
 * @self: a scene
 *
 * Returns: the scene's object path (a new one after orientd restarted)
 */
const char *
orientd_scene_get_object_path (OrientdScene *self)
{
  g_return_val_if_fail (ORIENTD_IS_SCENE (self), NULL);
  return self->path;
}

/**
 * orientd_scene_get_registered:
 * @self: a scene
 *
 * Returns: whether the scene is registered (#OrientdScene:registered)
 */
gboolean
orientd_scene_get_registered (OrientdScene *self)
{
  g_return_val_if_fail (ORIENTD_IS_SCENE (self), FALSE);
  return self->registered;
}

static void
unregistered (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GTask *task = user_data;
  OrientdScene *self = g_task_get_source_object (task);
  GError *error = NULL;
  g_autoptr (GVariant) reply = orientd_wire_call_finish (result, NULL, &error);

  if (reply == NULL)
    {
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }
  self->generation++; /* a registration again under way is dropped */
  if (self->client != NULL)
    orientd_client_remove_scene (self->client, self);
  self->registered = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REGISTERED]);
  g_task_return_boolean (task, TRUE);
  g_object_unref (task);
}

/**
 * orientd_scene_unregister:
 * @self: a scene
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when orientd answered
 * @user_data: data for @callback
 *
 * Removes the scene and its controllers (UnregisterScene). No
 * #OrientdScene::orientation-changed follows. Finish with orientd_scene_unregister_finish().
 */
void
orientd_scene_unregister (OrientdScene *self, GCancellable *cancellable, GAsyncReadyCallback callback,
                          gpointer user_data)
{
  GTask *task;
  g_autofree char *reply_type = NULL;

  g_return_if_fail (ORIENTD_IS_SCENE (self));
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, orientd_scene_unregister);
  if (!self->registered || self->client == NULL)
    {
      g_task_return_new_error (task, ORIENTD_ERROR, ORIENTD_ERROR_NOT_REGISTERED,
                               "UnregisterScene: the scene %s is not registered (any more)", self->path);
      g_object_unref (task);
      return;
    }
  reply_type = orientd_wire_reply_type (ORIENTD_CONTRACT_MANAGER, "UnregisterScene");
  orientd_wire_call (orientd_client_get_connection_internal (self->client), ORIENTD_MANAGER_PATH,
                     ORIENTD_MANAGER_INTERFACE, "UnregisterScene", g_variant_new ("(o)", self->path), reply_type,
                     cancellable, unregistered, task);
}

/**
 * orientd_scene_unregister_finish:
 * @self: a scene
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_scene_unregister().
 *
 * Returns: %TRUE, or %FALSE with @error set
 */
gboolean
orientd_scene_unregister_finish (OrientdScene *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * orientd_scene_unregister_sync:
 * @self: a scene
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Removes the scene and its controllers, blocking.
 *
 * Returns: %TRUE, or %FALSE with @error set
 */
gboolean
orientd_scene_unregister_sync (OrientdScene *self, GCancellable *cancellable, GError **error)
{
  gboolean value;
  ORIENTD_SYNC_BEGIN
  orientd_scene_unregister (self, cancellable, ORIENTD_SYNC_CALLBACK);
  value = orientd_scene_unregister_finish (self, ORIENTD_SYNC_RESULT, error);
  ORIENTD_SYNC_END
  return value;
}

/* orientd-wire.c: values and calls on the bus, checked against the contract.
 * SPDX-License-Identifier: MIT */
#include "orientd-private.h"

/* The single names of a mask, in the contract's canonical order. */
static const struct
{
  const char *name;
  OrientdOrientationMask mask;
} mask_names[] = {
  { "portrait", ORIENTD_ORIENTATION_MASK_PORTRAIT },
  { "landscape-right", ORIENTD_ORIENTATION_MASK_LANDSCAPE_RIGHT },
  { "landscape-left", ORIENTD_ORIENTATION_MASK_LANDSCAPE_LEFT },
  { "portrait-upside-down", ORIENTD_ORIENTATION_MASK_PORTRAIT_UPSIDE_DOWN },
  /* Shorthands, accepted on input. */
  { "landscape", ORIENTD_ORIENTATION_MASK_LANDSCAPE },
  { "all", ORIENTD_ORIENTATION_MASK_ALL },
  { "all-but-upside-down", ORIENTD_ORIENTATION_MASK_ALL_BUT_UPSIDE_DOWN },
};

/* The wire name of an enum value (its GEnumValue nick), NULL if it has none. */
const char *
orientd_wire_nick (GType enum_type, int value)
{
  GEnumClass *klass = g_type_class_ref (enum_type);
  GEnumValue *entry = g_enum_get_value (klass, value);
  const char *nick = entry != NULL ? entry->value_nick : NULL;

  g_type_class_unref (klass); /* the class stays: static types are never finalized */
  return nick;
}

gboolean
orientd_wire_from_nick (GType enum_type, const char *nick, int *value)
{
  GEnumClass *klass = g_type_class_ref (enum_type);
  GEnumValue *entry = nick != NULL ? g_enum_get_value_by_nick (klass, nick) : NULL;

  g_type_class_unref (klass);
  if (entry == NULL)
    return FALSE;
  *value = entry->value;
  return TRUE;
}

GVariant *
orientd_wire_mask_to_variant (OrientdOrientationMask mask)
{
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE_STRING_ARRAY);
  for (guint i = 0; i < 4; i++)
    if (mask & mask_names[i].mask)
      g_variant_builder_add (&builder, "s", mask_names[i].name);
  return g_variant_builder_end (&builder);
}

/* A mask from an "as" of names (unknown names are left out) or a "u" of UIKit bits. */
OrientdOrientationMask
orientd_wire_mask_from_variant (GVariant *names)
{
  OrientdOrientationMask mask = 0;
  GVariantIter iter;
  const char *name;

  if (g_variant_is_of_type (names, G_VARIANT_TYPE_UINT32))
    return g_variant_get_uint32 (names) & ORIENTD_ORIENTATION_MASK_ALL;
  if (!g_variant_is_of_type (names, G_VARIANT_TYPE_STRING_ARRAY))
    return 0;
  g_variant_iter_init (&iter, names);
  while (g_variant_iter_next (&iter, "&s", &name))
    for (guint i = 0; i < G_N_ELEMENTS (mask_names); i++)
      if (g_str_equal (name, mask_names[i].name))
        mask |= mask_names[i].mask;
  return mask;
}

/* A property's value as its GObject property's type: booleans, numbers, strings, string
 * lists, enums (by nick; a value orientd did not send is the default) and masks. The
 * variant has the contract's type (checked on arrival). */
void
orientd_wire_value_from_variant (GVariant *variant, GParamSpec *pspec, GValue *value)
{
  GType type = G_PARAM_SPEC_VALUE_TYPE (pspec);

  if (variant == NULL)
    {
      g_param_value_set_default (pspec, value);
      return;
    }
  if (type == G_TYPE_BOOLEAN)
    g_value_set_boolean (value, g_variant_get_boolean (variant));
  else if (type == G_TYPE_UINT)
    g_value_set_uint (value, g_variant_get_uint32 (variant));
  else if (type == G_TYPE_STRING)
    g_value_set_string (value, g_variant_get_string (variant, NULL));
  else if (type == G_TYPE_STRV)
    g_value_take_boxed (value, g_variant_dup_strv (variant, NULL));
  else if (type == G_TYPE_VARIANT)
    g_value_set_variant (value, variant);
  else if (G_TYPE_IS_FLAGS (type))
    g_value_set_flags (value, orientd_wire_mask_from_variant (variant));
  else if (G_TYPE_IS_ENUM (type))
    {
      int found;

      if (orientd_wire_from_nick (type, g_variant_get_string (variant, NULL), &found))
        g_value_set_enum (value, found);
      else
        g_param_value_set_default (pspec, value);
    }
  else
    g_assert_not_reached ();
}

/* "(…)" of a contract method's out arguments. */
char *
orientd_wire_reply_type (const GDBusInterfaceInfo *interface, const char *method)
{
  GDBusMethodInfo *info = g_dbus_interface_info_lookup_method ((GDBusInterfaceInfo *) interface, method);
  GString *type = g_string_new ("(");

  g_assert (info != NULL);
  for (guint i = 0; info->out_args != NULL && info->out_args[i] != NULL; i++)
    g_string_append (type, info->out_args[i]->signature);
  g_string_append_c (type, ')');
  return g_string_free (type, FALSE);
}

/* Takes the properties of @dict (a{sv}) that @map names into @values, checking each one's
 * type against the contract; notifies the ones that changed. A property of another type
 * is an error when @strict (the first load), else left out with a debug message.
 * Properties the contract does not name (a newer orientd's) are ignored. */
gboolean
orientd_wire_apply_properties (GObject *object, const GDBusInterfaceInfo *interface,
                               const OrientdPropertyMap *map, GVariant **values, guint n_values,
                               GVariant *dict, gboolean strict, GError **error)
{
  GVariantIter iter;
  const char *name;
  GVariant *value;
  g_autoptr (GPtrArray) changed = g_ptr_array_new ();

  g_variant_iter_init (&iter, dict);
  while (g_variant_iter_next (&iter, "{&sv}", &name, &value))
    {
      g_autoptr (GVariant) owned = value;
      GDBusPropertyInfo *info = g_dbus_interface_info_lookup_property ((GDBusInterfaceInfo *) interface, name);
      guint index;

      for (index = 0; index < n_values; index++)
        if (g_str_equal (map[index].dbus_name, name))
          break;
      if (info == NULL || index == n_values)
        continue;
      if (!g_variant_is_of_type (value, G_VARIANT_TYPE (info->signature)))
        {
          if (strict)
            {
              g_set_error (error, ORIENTD_ERROR, ORIENTD_ERROR_PROTOCOL,
                           "orientd's property %s.%s has the type %s, the contract says %s",
                           interface->name, name, g_variant_get_type_string (value), info->signature);
              return FALSE;
            }
          g_debug ("ignoring %s.%s of type %s (the contract says %s)", interface->name, name,
                   g_variant_get_type_string (value), info->signature);
          continue;
        }
      if (values[index] != NULL && g_variant_equal (values[index], value))
        continue;
      g_clear_pointer (&values[index], g_variant_unref);
      values[index] = g_steal_pointer (&owned);
      g_ptr_array_add (changed, map[index].pspec);
    }
  for (guint i = 0; i < changed->len; i++)
    g_object_notify_by_pspec (object, changed->pdata[i]);
  return TRUE;
}

/* Calls */

typedef struct
{
  char *method;
  char *reply_type;
  GDBusMessage *reply;
  GError *error;
} CallData;

static void
call_data_free (CallData *data)
{
  g_free (data->method);
  g_free (data->reply_type);
  g_clear_object (&data->reply);
  g_clear_error (&data->error);
  g_free (data);
}

static void call_finished (GTask *task);

static void
call_replied (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GTask *task = user_data;
  CallData *data = g_task_get_task_data (task);
  GError *error = NULL;

  data->reply = g_dbus_connection_send_message_with_reply_finish (G_DBUS_CONNECTION (source), result, &error);
  if (data->reply == NULL)
    data->error = error;
  call_finished (task);
}

static void
call_finished (GTask *task)
{
  CallData *data = g_task_get_task_data (task);
  GError *error = NULL;
  GVariant *body;

  if (data->error != NULL)
    {
      g_task_return_error (task, orientd_error_from_call (g_steal_pointer (&data->error), data->method));
      g_object_unref (task);
      return;
    }
  if (g_dbus_message_to_gerror (data->reply, &error))
    {
      g_task_return_error (task, orientd_error_from_call (error, data->method));
      g_object_unref (task);
      return;
    }
  body = g_dbus_message_get_body (data->reply);
  if (body == NULL ? !g_str_equal (data->reply_type, "()")
                   : !g_variant_is_of_type (body, G_VARIANT_TYPE (data->reply_type)))
    {
      g_task_return_new_error (task, ORIENTD_ERROR, ORIENTD_ERROR_PROTOCOL,
                               "the owner of %s (%s) answered %s with the type %s, the contract says %s",
                               ORIENTD_BUS_NAME, g_dbus_message_get_sender (data->reply), data->method,
                               body != NULL ? g_variant_get_type_string (body) : "()", data->reply_type);
      g_object_unref (task);
      return;
    }
  g_task_return_boolean (task, TRUE);
  g_object_unref (task);
}

/* Sends @method to orientd's well-known name (the bus may start orientd). The reply is
 * checked against @reply_type ("(…)"); a wrong one is ORIENTD_ERROR_PROTOCOL. */
void
orientd_wire_call (GDBusConnection *connection, const char *path, const char *interface,
                   const char *method, GVariant *parameters, const char *reply_type, GCancellable *cancellable,
                   GAsyncReadyCallback callback, gpointer user_data)
{
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);
  CallData *data = g_new0 (CallData, 1);
  g_autoptr (GDBusMessage) message = NULL;

  g_task_set_source_tag (task, orientd_wire_call);
  data->method = g_strdup (method);
  data->reply_type = g_strdup (reply_type);
  g_task_set_task_data (task, data, (GDestroyNotify) call_data_free);

  message = g_dbus_message_new_method_call (ORIENTD_BUS_NAME, path, interface, method);
  if (parameters != NULL)
    g_dbus_message_set_body (message, parameters);
  g_dbus_connection_send_message_with_reply (connection, message, G_DBUS_SEND_MESSAGE_FLAGS_NONE, -1, NULL,
                                             cancellable, call_replied, task);
}

/* The reply's body (a new reference; "()" for none) and the unique name that sent it. */
GVariant *
orientd_wire_call_finish (GAsyncResult *result, char **sender, GError **error)
{
  GTask *task = G_TASK (result);
  CallData *data = g_task_get_task_data (task);
  GVariant *body;

  if (!g_task_propagate_boolean (task, error))
    return NULL;
  if (sender != NULL)
    *sender = g_strdup (g_dbus_message_get_sender (data->reply));
  body = g_dbus_message_get_body (data->reply);
  return body != NULL ? g_variant_ref (body) : g_variant_ref_sink (g_variant_new ("()"));
}

/* The serial of orientd's reply: signals orientd sent before it carry lower serials. */
guint32
orientd_wire_call_serial (GAsyncResult *result)
{
  CallData *data = g_task_get_task_data (G_TASK (result));

  return data->reply != NULL ? g_dbus_message_get_serial (data->reply) : 0;
}

/* Sync waits */

/* One spare context per thread, reused by the next _sync call: a new GMainContext per call
 * is a new wakeup file descriptor per call. A call made while another waits (from a
 * callback) takes a new one. */
static GPrivate spare_context = G_PRIVATE_INIT ((GDestroyNotify) g_main_context_unref);

void
orientd_sync_wait_begin (OrientdSyncWait *wait)
{
  wait->context = g_private_get (&spare_context);
  if (wait->context != NULL)
    g_private_set (&spare_context, NULL);
  else
    wait->context = g_main_context_new ();
  wait->result = NULL;
  g_main_context_push_thread_default (wait->context);
}

void
orientd_sync_wait_done (GObject *source, GAsyncResult *result, gpointer wait)
{
  ((OrientdSyncWait *) wait)->result = g_object_ref (result);
}

GAsyncResult *
orientd_sync_wait_end (OrientdSyncWait *wait)
{
  while (wait->result == NULL)
    g_main_context_iteration (wait->context, TRUE);
  g_main_context_pop_thread_default (wait->context);
  return wait->result;
}

void
orientd_sync_wait_clear (OrientdSyncWait *wait)
{
  g_clear_object (&wait->result);
  /* Sources the call left (a cancelled reply's) run out before the context goes. */
  while (g_main_context_pending (wait->context))
    g_main_context_iteration (wait->context, FALSE);
  if (g_private_get (&spare_context) == NULL)
    g_private_set (&spare_context, g_steal_pointer (&wait->context));
  else
    g_clear_pointer (&wait->context, g_main_context_unref);
}

/* orientd-error.c: the contract's D-Bus error names mapped to ORIENTD_ERROR codes.
 * SPDX-License-Identifier: MIT */
#include "orientd-private.h"

static const GDBusErrorEntry orientd_error_entries[] = {
  { ORIENTD_ERROR_FAILED, "io.github.orientd.OrientationManager1.Error.Failed" },
  { ORIENTD_ERROR_UNKNOWN_SCENE, "io.github.orientd.OrientationManager1.Error.UnknownScene" },
  { ORIENTD_ERROR_UNKNOWN_CONTROLLER, "io.github.orientd.OrientationManager1.Error.UnknownController" },
  { ORIENTD_ERROR_DUPLICATE_CONTROLLER, "io.github.orientd.OrientationManager1.Error.DuplicateController" },
  { ORIENTD_ERROR_WRONG_CONTROLLER_KIND, "io.github.orientd.OrientationManager1.Error.WrongControllerKind" },
  { ORIENTD_ERROR_NO_SUPPORTED_ORIENTATION, "io.github.orientd.OrientationManager1.Error.NoSupportedOrientation" },
  { ORIENTD_ERROR_UNSUPPORTED_ORIENTATION, "io.github.orientd.OrientationManager1.Error.UnsupportedOrientation" },
  { ORIENTD_ERROR_NOT_PERMITTED, "io.github.orientd.OrientationManager1.Error.NotPermitted" },
  { ORIENTD_ERROR_LIMIT_EXCEEDED, "io.github.orientd.OrientationManager1.Error.LimitExceeded" },
  { ORIENTD_ERROR_SAVE_FAILED, "io.github.orientd.OrientationManager1.Error.SaveFailed" },
};

G_STATIC_ASSERT (G_N_ELEMENTS (orientd_error_entries) == ORIENTD_ERROR_SAVE_FAILED + 1);

/**
 * orientd_error_quark:
 *
 * The quark of #ORIENTD_ERROR. orientd's D-Bus errors arrive in this domain (with the
 * remote name stripped from the message).
 *
 * Returns: the error domain
 */
GQuark
orientd_error_quark (void)
{
  static gsize quark = 0;

  g_dbus_error_register_error_domain ("orientd-error-quark", &quark, orientd_error_entries,
                                      G_N_ELEMENTS (orientd_error_entries));
  return (GQuark) quark;
}

/* Turns a failed call's error into the library's domain: orientd's errors (registered
 * above), the standard InvalidArgs and AccessDenied, a missing orientd, and a reply of the
 * wrong type. Cancellation and timeouts stay G_IO_ERROR, as GIO's callers expect. */
GError *
orientd_error_from_call (GError *error, const char *method)
{
  (void) orientd_error_quark ();

  if (error->domain == ORIENTD_ERROR)
    {
      g_dbus_error_strip_remote_error (error);
      return error;
    }
  if (error->domain == G_DBUS_ERROR)
    {
      int code = -1;
      const char *what = NULL;

      switch (error->code)
        {
        case G_DBUS_ERROR_INVALID_ARGS: code = ORIENTD_ERROR_INVALID_ARGS; break;
        case G_DBUS_ERROR_ACCESS_DENIED: code = ORIENTD_ERROR_ACCESS_DENIED; break;
        case G_DBUS_ERROR_SERVICE_UNKNOWN:
        case G_DBUS_ERROR_NAME_HAS_NO_OWNER:
        case G_DBUS_ERROR_SPAWN_EXEC_FAILED:
        case G_DBUS_ERROR_SPAWN_FORK_FAILED:
        case G_DBUS_ERROR_SPAWN_CHILD_EXITED:
        case G_DBUS_ERROR_SPAWN_CHILD_SIGNALED:
        case G_DBUS_ERROR_SPAWN_FAILED:
        case G_DBUS_ERROR_SPAWN_SETUP_FAILED:
        case G_DBUS_ERROR_SPAWN_CONFIG_INVALID:
        case G_DBUS_ERROR_SPAWN_SERVICE_INVALID:
        case G_DBUS_ERROR_SPAWN_SERVICE_NOT_FOUND:
        case G_DBUS_ERROR_SPAWN_PERMISSIONS_INVALID:
        case G_DBUS_ERROR_SPAWN_FILE_INVALID:
        case G_DBUS_ERROR_NO_REPLY:
        case G_DBUS_ERROR_DISCONNECTED:
          code = ORIENTD_ERROR_NOT_RUNNING;
          what = "orientd is not running on the session bus (nor can the bus start it)";
          break;
        case G_DBUS_ERROR_UNKNOWN_METHOD:
        case G_DBUS_ERROR_UNKNOWN_OBJECT:
        case G_DBUS_ERROR_UNKNOWN_INTERFACE:
        case G_DBUS_ERROR_UNKNOWN_PROPERTY:
          code = ORIENTD_ERROR_PROTOCOL;
          what = "the owner of io.github.orientd.OrientationManager1 does not serve the contract";
          break;
        default: break;
        }
      if (code >= 0)
        {
          GError *mapped;

          g_dbus_error_strip_remote_error (error);
          if (what != NULL)
            mapped = g_error_new (ORIENTD_ERROR, code, "%s: %s failed: %s", what, method, error->message);
          else
            mapped = g_error_new_literal (ORIENTD_ERROR, code, error->message);
          g_error_free (error);
          return mapped;
        }
      return error;
    }
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CLOSED))
    {
      GError *mapped = g_error_new (ORIENTD_ERROR, ORIENTD_ERROR_NOT_RUNNING,
                                    "the bus connection is closed: %s failed: %s", method, error->message);
      g_error_free (error);
      return mapped;
    }
  return error;
}

// CGio: GIO (GDBus, GVariant, the GLib main loop) for Swift.
//
// Swift imports nearly all of GIO directly. GLibBridge uses only the non-variadic API
// (g_variant_new_string/_tuple/_array, g_dbus_method_invocation_return_dbus_error, ...)
// and g_variant_type_new instead of the G_VARIANT_TYPE macro, so no C helpers are needed
// yet. Add a `static inline` helper here only for something Swift cannot import
// (a variadic function or a function-like macro).
#ifndef ORIENTD_CGIO_SHIM_H
#define ORIENTD_CGIO_SHIM_H

#include <gio/gio.h>
#include <glib-unix.h>
// glibc's malloc_trim and mallopt (not in Swift's Glibc module), for MemoryRelease.
#include <malloc.h>

// GDesktopAppInfo's header lives in gio-unix-2.0's include folder, whose pkg-config flags carry
// `-pthread` (refused by SwiftPM with a warning on every build). These are the four functions
// of gio/gdesktopappinfo.h that orientd uses, declared as GIO declares them; the type is opaque
// here, and libgio-2.0 (linked by the module map) provides them.
typedef struct _GDesktopAppInfo GDesktopAppInfo;
GDesktopAppInfo *g_desktop_app_info_new(const char *desktop_id);
const char *g_desktop_app_info_get_filename(GDesktopAppInfo *info);
gboolean g_desktop_app_info_has_key(GDesktopAppInfo *info, const char *key);
char *g_desktop_app_info_get_string(GDesktopAppInfo *info, const char *key);

// GUnixFDList's one reader orientd uses (gio/gunixfdlist.h, also in gio-unix-2.0's folder):
// the process file descriptor GetConnectionCredentials may send.
gint g_unix_fd_list_get(GUnixFDList *list, gint index_, GError **error);

#endif

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

// GUnixFDList's one reader orientd uses (gio/gunixfdlist.h, also in gio-unix-2.0's folder):
// the process file descriptor GetConnectionCredentials may send.
gint g_unix_fd_list_get(GUnixFDList *list, gint index_, GError **error);

#endif

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
#include <gio/gdesktopappinfo.h>
// glibc's malloc_trim and mallopt (not in Swift's Glibc module), for MemoryRelease.
#include <malloc.h>

#endif

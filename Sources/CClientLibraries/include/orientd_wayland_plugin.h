// The Wayland plugin's functions as orientd calls them: opened when a Wayland adapter
// connects (orientd_wayland_open), closed after the last one.
#ifndef ORIENTD_WAYLAND_PLUGIN_H
#define ORIENTD_WAYLAND_PLUGIN_H

#include <stddef.h>

#include "orientd_wayland.h"

/// The plugin's functions orientd calls, each in a field of its own name.
#define ORIENTD_WL_FUNCTIONS(F) \
    F(orientd_wl_api_version) F(orientd_wl_open) F(orientd_wl_toplevel_request) F(orientd_wl_output_apply) \
    F(orientd_wl_output_set_auto_rotate_policy) F(orientd_wl_fd) F(orientd_wl_dispatch) \
    F(orientd_wl_flush) F(orientd_wl_error) F(orientd_wl_close)

struct orientd_wayland {
#define ORIENTD_WL_FIELD(name) __typeof__(&name) _Nonnull name;
    ORIENTD_WL_FUNCTIONS(ORIENTD_WL_FIELD)
#undef ORIENTD_WL_FIELD
};

/// The plugin's file name: beside the executable in a build folder, in PREFIX/lib/orientd
/// when installed.
#define ORIENTD_WAYLAND_PLUGIN "liborientd-wayland.so"

/// Adds a user of the plugin at `path`, opening it (and so libwayland-client) for the first:
/// its functions, or NULL with why in `error`. Callable from any thread.
const struct orientd_wayland *_Nullable orientd_wayland_open(const char *_Nonnull path, char *_Nonnull error, size_t size);

/// Removes a user (one per non-NULL open); the plugin is closed after the last.
void orientd_wayland_close(void);

#endif

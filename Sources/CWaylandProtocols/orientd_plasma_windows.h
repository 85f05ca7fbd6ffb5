// KWin's window list (org_kde_plasma_window_management) for orientd_wayland.c: bound when a
// connection asks for ORIENTD_WL_BIND_PLASMA_WINDOWS, its windows reported through the same
// toplevel callbacks as wlroots' (the states mapped onto ORIENTD_WL_* bits).
#ifndef ORIENTD_PLASMA_WINDOWS_H
#define ORIENTD_PLASMA_WINDOWS_H

#include <stddef.h>
#include <stdint.h>

#include "orientd_wayland.h"

struct wl_registry;
struct orientd_plasma;

/// Whether `interface` is KWin's window list.
int orientd_plasma_is_manager(const char *interface);

/// Binds the manager global `name` (offered at `version`) and follows at most `max_windows`
/// windows, reporting through `*callbacks` (read at each report: cleared callbacks report
/// nothing) with `context`. NULL when out of memory.
struct orientd_plasma *orientd_plasma_bind(struct wl_registry *registry, uint32_t name, uint32_t version,
                                           size_t max_windows, const struct orientd_wl_callbacks *callbacks,
                                           void *context);

/// Asks KWin to change the window `handle` (one of ORIENTD_WL_REQUEST_*) as Plasma's task
/// manager does (org_kde_plasma_window.set_state; queued: flush to send). -1 when no such
/// window is followed.
int orientd_plasma_request(struct orientd_plasma *plasma, uint64_t handle, int request);

/// Destroys the manager and every window proxy (the connection is closing).
void orientd_plasma_free(struct orientd_plasma *plasma);

#endif

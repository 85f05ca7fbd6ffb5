// What orientd_wayland.c and orientd_wayland_outputs.c share of a connection.
#ifndef ORIENTD_WAYLAND_PRIVATE_H
#define ORIENTD_WAYLAND_PRIVATE_H

#include <wayland-client.h>

#include "orientd_wayland.h"

struct orientd_wl_outputs;
struct orientd_kde_outputs;
struct orientd_plasma;

struct orientd_wl {
    struct wl_display *display;
    struct wl_registry *registry;
    struct wl_callback *sync;
    struct zwlr_foreign_toplevel_manager_v1 *manager;
    struct wl_seat *seat;
    struct orientd_plasma *plasma;  // KWin's window list, when bound
    struct orientd_wl_callbacks callbacks;
    void *context;
    unsigned binds;
    size_t max_toplevels;
    size_t toplevel_count;
    uint64_t next_handle;
    struct wl_list toplevels;
    struct orientd_wl_outputs *outputs;  // with ORIENTD_WL_BIND_OUTPUTS
    struct orientd_kde_outputs *kde_outputs;  // with ORIENTD_WL_BIND_OUTPUTS, on KWin
    struct zphoc_device_state_v1 *device_state;  // with ORIENTD_WL_BIND_OUTPUTS, on phoc
    uint32_t device_state_name;
    struct zphoc_tablet_mode_switch_v1 *tablet_mode_switch;  // while it has the capability
    int device_state_said;  // the last ORIENTD_WL_DEVICE_STATE_* reported
    int dispatching;
    int closing;
};

/// The outputs part (orientd_wayland_outputs.c): offered every global; frees what it bound.
void orientd_wl_outputs_global(struct orientd_wl *wl, uint32_t name, const char *interface, uint32_t version);
void orientd_wl_outputs_global_remove(struct orientd_wl *wl, uint32_t name);
void orientd_wl_outputs_free(struct orientd_wl *wl);

/// Keeps an output's `name` as sent into `buffer` (ORIENTD_WL_MAX_NAME + 1 bytes), its length
/// into `length`: a longer name is no name (empty), as it could never be chosen by --output.
void orientd_wl_keep_name(char *buffer, size_t *length, const char *name);

/// KWin's outputs (orientd_kde_outputs.c): the same hooks, and an apply as
/// orientd_wl_output_apply's (-1 when kde_output_management_v2 is not bound, no device has
/// that name on, or an apply is in flight).
void orientd_kde_outputs_global(struct orientd_wl *wl, uint32_t name, const char *interface, uint32_t version);
void orientd_kde_outputs_global_remove(struct orientd_wl *wl, uint32_t name);
void orientd_kde_outputs_free(struct orientd_wl *wl);
int orientd_kde_outputs_apply(struct orientd_wl *wl, const char *device_name, int32_t transform);
int orientd_kde_outputs_set_policy(struct orientd_wl *wl, const char *device_name, uint32_t policy);

/// phoc's device state (orientd_phoc_device_state.c): the same hooks.
void orientd_phoc_device_state_global(struct orientd_wl *wl, uint32_t name, const char *interface, uint32_t version);
void orientd_phoc_device_state_global_remove(struct orientd_wl *wl, uint32_t name);
void orientd_phoc_device_state_free(struct orientd_wl *wl);

#endif

// See include/orientd_wayland.h.
#include "orientd_wayland.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wayland-client.h>

#include "orientd_wayland_private.h"
#include "orientd_plasma_windows.h"
#include "wlr-foreign-toplevel-management-unstable-v1-client-protocol.h"

struct toplevel {
    struct orientd_wl *wl;
    struct zwlr_foreign_toplevel_handle_v1 *proxy;
    uint64_t handle;
    char *app_id;          // pending: as the latest app_id event said
    size_t app_id_length;
    uint32_t states;       // pending: as the latest state event said
    struct wl_list link;   // in orientd_wl.toplevels
};



// MARK: Toplevels

static void toplevel_free(struct toplevel *toplevel) {
    wl_list_remove(&toplevel->link);
    toplevel->wl->toplevel_count--;
    zwlr_foreign_toplevel_handle_v1_destroy(toplevel->proxy);
    free(toplevel->app_id);
    free(toplevel);
}

static void handle_title(void *data, struct zwlr_foreign_toplevel_handle_v1 *proxy, const char *title) {
    (void)data; (void)proxy; (void)title;
}

static void handle_app_id(void *data, struct zwlr_foreign_toplevel_handle_v1 *proxy, const char *app_id) {
    (void)proxy;
    struct toplevel *toplevel = data;
    size_t length = strnlen(app_id, ORIENTD_WL_MAX_TEXT);
    char *copy = malloc(length + 1);
    if (!copy) return;
    memcpy(copy, app_id, length);
    copy[length] = '\0';
    free(toplevel->app_id);
    toplevel->app_id = copy;
    toplevel->app_id_length = length;
}

static void handle_output(void *data, struct zwlr_foreign_toplevel_handle_v1 *proxy, struct wl_output *output) {
    (void)data; (void)proxy; (void)output;
}

static void handle_state(void *data, struct zwlr_foreign_toplevel_handle_v1 *proxy, struct wl_array *state) {
    (void)proxy;
    struct toplevel *toplevel = data;
    uint32_t states = 0;
    size_t count = state->size / sizeof(uint32_t);
    const uint32_t *values = state->data;
    for (size_t index = 0; index < count; index++) {
        if (values[index] < 32) states |= 1u << values[index];
    }
    toplevel->states = states;
}

static void handle_done(void *data, struct zwlr_foreign_toplevel_handle_v1 *proxy) {
    (void)proxy;
    struct toplevel *toplevel = data;
    struct orientd_wl *wl = toplevel->wl;
    if (wl->callbacks.toplevel)
        wl->callbacks.toplevel(wl->context, toplevel->handle, toplevel->app_id, toplevel->app_id_length, toplevel->states);
}

static void handle_closed(void *data, struct zwlr_foreign_toplevel_handle_v1 *proxy) {
    (void)proxy;
    struct toplevel *toplevel = data;
    struct orientd_wl *wl = toplevel->wl;
    uint64_t handle = toplevel->handle;
    toplevel_free(toplevel);
    if (wl->callbacks.toplevel_closed) wl->callbacks.toplevel_closed(wl->context, handle);
}

static void handle_parent(void *data, struct zwlr_foreign_toplevel_handle_v1 *proxy,
                          struct zwlr_foreign_toplevel_handle_v1 *parent) {
    (void)data; (void)proxy; (void)parent;
}

static const struct zwlr_foreign_toplevel_handle_v1_listener toplevel_listener = {
    .title = handle_title,
    .app_id = handle_app_id,
    .output_enter = handle_output,
    .output_leave = handle_output,
    .state = handle_state,
    .done = handle_done,
    .closed = handle_closed,
    .parent = handle_parent,
};

static void manager_toplevel(void *data, struct zwlr_foreign_toplevel_manager_v1 *manager,
                             struct zwlr_foreign_toplevel_handle_v1 *proxy) {
    (void)manager;
    struct orientd_wl *wl = data;
    if (wl->toplevel_count >= wl->max_toplevels) {
        // Full: the oldest window not in front makes room, so that a client mapping windows
        // without end churns its own and the window the user opens next is still followed.
        struct toplevel *each, *victim = NULL;
        wl_list_for_each_reverse(each, &wl->toplevels, link) {
            if (!(each->states & ORIENTD_WL_ACTIVATED)) { victim = each; break; }
        }
        if (victim) {
            uint64_t handle = victim->handle;
            toplevel_free(victim);
            if (wl->callbacks.toplevel_refused) wl->callbacks.toplevel_refused(wl->context);
            if (wl->callbacks.toplevel_closed) wl->callbacks.toplevel_closed(wl->context, handle);
        }
    }
    struct toplevel *toplevel = wl->toplevel_count < wl->max_toplevels ? calloc(1, sizeof *toplevel) : NULL;
    if (!toplevel) {
        // Not followed: the compositor stops sending its events.
        zwlr_foreign_toplevel_handle_v1_destroy(proxy);
        if (wl->callbacks.toplevel_refused) wl->callbacks.toplevel_refused(wl->context);
        return;
    }
    toplevel->wl = wl;
    toplevel->proxy = proxy;
    toplevel->handle = ++wl->next_handle;
    wl_list_insert(&wl->toplevels, &toplevel->link);
    wl->toplevel_count++;
    zwlr_foreign_toplevel_handle_v1_add_listener(proxy, &toplevel_listener, toplevel);
}

static void manager_finished(void *data, struct zwlr_foreign_toplevel_manager_v1 *manager) {
    struct orientd_wl *wl = data;
    zwlr_foreign_toplevel_manager_v1_destroy(manager);
    wl->manager = NULL;
    if (wl->callbacks.toplevel_manager_finished) wl->callbacks.toplevel_manager_finished(wl->context);
}

static const struct zwlr_foreign_toplevel_manager_v1_listener manager_listener = {
    .toplevel = manager_toplevel,
    .finished = manager_finished,
};

// MARK: Globals

static void registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    struct orientd_wl *wl = data;
    if ((wl->binds & ORIENTD_WL_BIND_SEAT) && !wl->seat && strcmp(interface, wl_seat_interface.name) == 0) {
        wl->seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
    }
    if ((wl->binds & ORIENTD_WL_BIND_TOPLEVELS) && !wl->manager && version >= 1
        && strcmp(interface, zwlr_foreign_toplevel_manager_v1_interface.name) == 0) {
        uint32_t bound = version < 3 ? version : 3;
        wl->manager = wl_registry_bind(registry, name, &zwlr_foreign_toplevel_manager_v1_interface, bound);
        if (wl->manager) zwlr_foreign_toplevel_manager_v1_add_listener(wl->manager, &manager_listener, wl);
    }
    if (wl->binds & ORIENTD_WL_BIND_OUTPUTS) {
        orientd_wl_outputs_global(wl, name, interface, version);
        orientd_phoc_device_state_global(wl, name, interface, version);
    }
    if ((wl->binds & ORIENTD_WL_BIND_PLASMA_WINDOWS) && !wl->plasma && orientd_plasma_is_manager(interface)) {
        wl->plasma = orientd_plasma_bind(registry, name, version, wl->max_toplevels, &wl->callbacks, wl->context);
    }
    if (wl->callbacks.global) wl->callbacks.global(wl->context, interface, version);
}

static void registry_global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)registry;
    struct orientd_wl *wl = data;
    if (wl->binds & ORIENTD_WL_BIND_OUTPUTS) {
        orientd_wl_outputs_global_remove(wl, name);
        orientd_phoc_device_state_global_remove(wl, name);
    }
    if (wl->callbacks.global_removed) wl->callbacks.global_removed(wl->context, name);
}

static const struct wl_registry_listener registry_listener = {
    .global = registry_global,
    .global_remove = registry_global_remove,
};

static void sync_done(void *data, struct wl_callback *callback, uint32_t serial) {
    (void)serial;
    struct orientd_wl *wl = data;
    wl_callback_destroy(callback);
    wl->sync = NULL;
    if (wl->callbacks.listed) wl->callbacks.listed(wl->context);
}

static const struct wl_callback_listener sync_listener = { .done = sync_done };

// MARK: The connection

struct orientd_wl *orientd_wl_open(int fd, unsigned binds, size_t max_toplevels,
                                   const struct orientd_wl_callbacks *callbacks, void *context) {
    struct orientd_wl *wl = calloc(1, sizeof *wl);
    if (!wl) {
        close(fd);
        return NULL;
    }
    wl->display = wl_display_connect_to_fd(fd);
    if (!wl->display) {
        close(fd);
        free(wl);
        return NULL;
    }
    wl->callbacks = *callbacks;
    wl->context = context;
    wl->binds = binds;
    wl->max_toplevels = max_toplevels;
    wl_list_init(&wl->toplevels);
    wl->registry = wl_display_get_registry(wl->display);
    wl_registry_add_listener(wl->registry, &registry_listener, wl);
    wl->sync = wl_display_sync(wl->display);
    wl_callback_add_listener(wl->sync, &sync_listener, wl);
    return wl;
}

unsigned orientd_wl_api_version(void) {
    return ORIENTD_WL_API_VERSION;
}

int orientd_wl_fd(struct orientd_wl *wl) { return wl_display_get_fd(wl->display); }

int orientd_wl_flush(struct orientd_wl *wl) {
    if (wl_display_get_error(wl->display)) return -1;
    if (wl_display_flush(wl->display) >= 0) return 0;
    if (errno == EAGAIN) return 1;
    return -1;
}

static void free_connection(struct orientd_wl *wl) {
    struct toplevel *toplevel, *next;
    wl_list_for_each_safe(toplevel, next, &wl->toplevels, link) toplevel_free(toplevel);
    if (wl->manager) zwlr_foreign_toplevel_manager_v1_destroy(wl->manager);
    orientd_wl_outputs_free(wl);
    orientd_phoc_device_state_free(wl);
    orientd_plasma_free(wl->plasma);
    if (wl->sync) wl_callback_destroy(wl->sync);
    if (wl->seat) wl_seat_destroy(wl->seat);
    wl_registry_destroy(wl->registry);
    wl_display_disconnect(wl->display);
    free(wl);
}

int orientd_wl_dispatch(struct orientd_wl *wl) {
    struct wl_display *display = wl->display;
    int result = 0;
    wl->dispatching = 1;
    if (wl_display_get_error(display)) {
        result = -1;
        goto done;
    }
    while (wl_display_prepare_read(display) != 0) {
        if (wl_display_dispatch_pending(display) < 0 || wl->closing) {
            result = -1;
            goto done;
        }
    }
    // One read of what the socket holds (libwayland's buffer bounds it): a flood is taken
    // a bufferful per turn of the main loop, never all at once.
    if (wl_display_read_events(display) < 0 || wl_display_dispatch_pending(display) < 0) {
        result = -1;
        goto done;
    }
    if (!wl->closing) result = orientd_wl_flush(wl);
done:
    wl->dispatching = 0;
    if (wl->closing) {
        free_connection(wl);
        return -1;
    }
    return result;
}

void orientd_wl_error(struct orientd_wl *wl, char *buffer, size_t size) {
    if (size == 0) return;
    buffer[0] = '\0';
    int code = wl_display_get_error(wl->display);
    if (code == 0) return;
    if (code == EPROTO) {
        const struct wl_interface *interface = NULL;
        uint32_t id = 0;
        uint32_t error = wl_display_get_protocol_error(wl->display, &interface, &id);
        snprintf(buffer, size, "the compositor ended the connection with protocol error %u on %s",
                 error, interface ? interface->name : "an unknown object");
    } else if (code == EPIPE || code == ECONNRESET) {
        snprintf(buffer, size, "the compositor closed its Wayland socket");
    } else {
        snprintf(buffer, size, "the Wayland connection failed: %s", strerror(code));
    }
}

void orientd_wl_close(struct orientd_wl *wl) {
    if (!wl) return;
    memset(&wl->callbacks, 0, sizeof wl->callbacks);
    if (wl->dispatching) {
        wl->closing = 1;
        return;
    }
    free_connection(wl);
}

int orientd_wl_toplevel_request(struct orientd_wl *wl, uint64_t handle, int request) {
    struct toplevel *toplevel;
    wl_list_for_each(toplevel, &wl->toplevels, link) {
        if (toplevel->handle != handle) continue;
        switch (request) {
        case ORIENTD_WL_REQUEST_ACTIVATE:
            if (!wl->seat) return -1;
            zwlr_foreign_toplevel_handle_v1_activate(toplevel->proxy, wl->seat);
            return 0;
        case ORIENTD_WL_REQUEST_MINIMIZE:
            zwlr_foreign_toplevel_handle_v1_set_minimized(toplevel->proxy);
            return 0;
        case ORIENTD_WL_REQUEST_UNMINIMIZE:
            zwlr_foreign_toplevel_handle_v1_unset_minimized(toplevel->proxy);
            return 0;
        default:
            return -1;
        }
    }
    return orientd_plasma_request(wl->plasma, handle, request);
}

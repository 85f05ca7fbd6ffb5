// See orientd_plasma_windows.h.
#include "orientd_plasma_windows.h"

#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>

#include "plasma-window-management-client-protocol.h"

/// The newest protocol version spoken (plasma-wayland-protocols 1.10, KWin 5.27).
#define PLASMA_VERSION 16u

struct plasma_window {
    struct orientd_plasma *plasma;
    struct org_kde_plasma_window *proxy;
    uint64_t handle;
    char *app_id;          // as the latest app_id_changed said (NULL: none yet)
    size_t app_id_length;
    uint32_t states;       // ORIENTD_WL_* bits, as the latest state_changed said
    int complete;          // initial_state came (or the version has none): report changes
    struct wl_list link;   // in orientd_plasma.windows
};

struct orientd_plasma {
    struct org_kde_plasma_window_management *manager;
    uint32_t version;
    const struct orientd_wl_callbacks *callbacks;
    void *context;
    size_t max_windows;
    size_t window_count;
    uint64_t next_handle;
    struct wl_list windows;
};

int orientd_plasma_is_manager(const char *interface) {
    return strcmp(interface, org_kde_plasma_window_management_interface.name) == 0;
}

// MARK: Windows

static void window_free(struct plasma_window *window) {
    wl_list_remove(&window->link);
    window->plasma->window_count--;
    if (wl_proxy_get_version((struct wl_proxy *)window->proxy) >= ORG_KDE_PLASMA_WINDOW_DESTROY_SINCE_VERSION)
        org_kde_plasma_window_destroy(window->proxy);
    else
        wl_proxy_destroy((struct wl_proxy *)window->proxy);
    free(window->app_id);
    free(window);
}

static void window_report(struct plasma_window *window) {
    const struct orientd_wl_callbacks *callbacks = window->plasma->callbacks;
    if (window->complete && callbacks->toplevel)
        callbacks->toplevel(window->plasma->context, window->handle, window->app_id, window->app_id_length, window->states);
}

static void window_app_id(void *data, struct org_kde_plasma_window *proxy, const char *app_id) {
    (void)proxy;
    struct plasma_window *window = data;
    size_t length = strnlen(app_id, ORIENTD_WL_MAX_TEXT);
    if (window->app_id && window->app_id_length == length && memcmp(window->app_id, app_id, length) == 0) return;
    char *copy = malloc(length + 1);
    if (!copy) return;
    memcpy(copy, app_id, length);
    copy[length] = '\0';
    free(window->app_id);
    window->app_id = copy;
    window->app_id_length = length;
    window_report(window);
}

static void window_state(void *data, struct org_kde_plasma_window *proxy, uint32_t flags) {
    (void)proxy;
    struct plasma_window *window = data;
    uint32_t states = 0;
    if (flags & ORG_KDE_PLASMA_WINDOW_MANAGEMENT_STATE_ACTIVE) states |= ORIENTD_WL_ACTIVATED;
    if (flags & ORG_KDE_PLASMA_WINDOW_MANAGEMENT_STATE_MINIMIZED) states |= ORIENTD_WL_MINIMIZED;
    if (flags & ORG_KDE_PLASMA_WINDOW_MANAGEMENT_STATE_MAXIMIZED) states |= ORIENTD_WL_MAXIMIZED;
    if (flags & ORG_KDE_PLASMA_WINDOW_MANAGEMENT_STATE_FULLSCREEN) states |= ORIENTD_WL_FULLSCREEN;
    if (states == window->states) return;
    window->states = states;
    window_report(window);
}

static void window_initial_state(void *data, struct org_kde_plasma_window *proxy) {
    (void)proxy;
    struct plasma_window *window = data;
    if (window->complete) return;
    window->complete = 1;
    window_report(window);
}

static void window_unmapped(void *data, struct org_kde_plasma_window *proxy) {
    (void)proxy;
    struct plasma_window *window = data;
    struct orientd_plasma *plasma = window->plasma;
    uint64_t handle = window->handle;
    int reported = window->complete;
    window_free(window);
    if (reported && plasma->callbacks->toplevel_closed) plasma->callbacks->toplevel_closed(plasma->context, handle);
}

static void ignore_string(void *data, struct org_kde_plasma_window *proxy, const char *text) {
    (void)data; (void)proxy; (void)text;
}
static void ignore_int(void *data, struct org_kde_plasma_window *proxy, int32_t number) {
    (void)data; (void)proxy; (void)number;
}
static void ignore_uint(void *data, struct org_kde_plasma_window *proxy, uint32_t number) {
    (void)data; (void)proxy; (void)number;
}
static void ignore_none(void *data, struct org_kde_plasma_window *proxy) {
    (void)data; (void)proxy;
}
static void ignore_parent(void *data, struct org_kde_plasma_window *proxy, struct org_kde_plasma_window *parent) {
    (void)data; (void)proxy; (void)parent;
}
static void ignore_geometry(void *data, struct org_kde_plasma_window *proxy, int32_t x, int32_t y, uint32_t width, uint32_t height) {
    (void)data; (void)proxy; (void)x; (void)y; (void)width; (void)height;
}
static void ignore_menu(void *data, struct org_kde_plasma_window *proxy, const char *service, const char *path) {
    (void)data; (void)proxy; (void)service; (void)path;
}

static const struct org_kde_plasma_window_listener window_listener = {
    .title_changed = ignore_string,
    .app_id_changed = window_app_id,
    .state_changed = window_state,
    .virtual_desktop_changed = ignore_int,
    .themed_icon_name_changed = ignore_string,
    .unmapped = window_unmapped,
    .initial_state = window_initial_state,
    .parent_window = ignore_parent,
    .geometry = ignore_geometry,
    .icon_changed = ignore_none,
    .pid_changed = ignore_uint,
    .virtual_desktop_entered = ignore_string,
    .virtual_desktop_left = ignore_string,
    .application_menu = ignore_menu,
    .activity_entered = ignore_string,
    .activity_left = ignore_string,
    .resource_name_changed = ignore_string,
};

/// Follows a window the manager announced (by id before version 13, by uuid since).
static void follow(struct orientd_plasma *plasma, uint32_t id, const char *uuid) {
    if (plasma->window_count >= plasma->max_windows) {
        // Full: the oldest window not in front makes room, so that a client mapping windows
        // without end churns its own and the window the user opens next is still followed.
        struct plasma_window *each, *victim = NULL;
        wl_list_for_each_reverse(each, &plasma->windows, link) {
            if (!(each->states & ORIENTD_WL_ACTIVATED)) { victim = each; break; }
        }
        if (victim) {
            uint64_t handle = victim->handle;
            int reported = victim->complete;
            window_free(victim);
            if (plasma->callbacks->toplevel_refused) plasma->callbacks->toplevel_refused(plasma->context);
            if (reported && plasma->callbacks->toplevel_closed) plasma->callbacks->toplevel_closed(plasma->context, handle);
        }
    }
    struct plasma_window *window = plasma->window_count < plasma->max_windows ? calloc(1, sizeof *window) : NULL;
    if (!window) {
        if (plasma->callbacks->toplevel_refused) plasma->callbacks->toplevel_refused(plasma->context);
        return;
    }
    window->proxy = uuid ? org_kde_plasma_window_management_get_window_by_uuid(plasma->manager, uuid)
                         : org_kde_plasma_window_management_get_window(plasma->manager, id);
    if (!window->proxy) {
        free(window);
        return;
    }
    window->plasma = plasma;
    window->handle = ++plasma->next_handle;
    // Before version 4 no initial_state marks the end of the first properties.
    window->complete = plasma->version < ORG_KDE_PLASMA_WINDOW_INITIAL_STATE_SINCE_VERSION;
    wl_list_insert(&plasma->windows, &window->link);
    plasma->window_count++;
    org_kde_plasma_window_add_listener(window->proxy, &window_listener, window);
}

// MARK: The manager

static void manager_show_desktop(void *data, struct org_kde_plasma_window_management *manager, uint32_t state) {
    (void)data; (void)manager; (void)state;
}

static void manager_window(void *data, struct org_kde_plasma_window_management *manager, uint32_t id) {
    (void)manager;
    struct orientd_plasma *plasma = data;
    // Since version 13 every window comes with its uuid (a compositor may send both events).
    if (plasma->version < ORG_KDE_PLASMA_WINDOW_MANAGEMENT_WINDOW_WITH_UUID_SINCE_VERSION) follow(plasma, id, NULL);
}

static void manager_stacking(void *data, struct org_kde_plasma_window_management *manager, struct wl_array *ids) {
    (void)data; (void)manager; (void)ids;
}

static void manager_stacking_uuids(void *data, struct org_kde_plasma_window_management *manager, const char *uuids) {
    (void)data; (void)manager; (void)uuids;
}

static void manager_window_with_uuid(void *data, struct org_kde_plasma_window_management *manager, uint32_t id, const char *uuid) {
    (void)manager;
    struct orientd_plasma *plasma = data;
    if (plasma->version >= ORG_KDE_PLASMA_WINDOW_MANAGEMENT_WINDOW_WITH_UUID_SINCE_VERSION) follow(plasma, id, uuid);
}

static const struct org_kde_plasma_window_management_listener manager_listener = {
    .show_desktop_changed = manager_show_desktop,
    .window = manager_window,
    .stacking_order_changed = manager_stacking,
    .stacking_order_uuid_changed = manager_stacking_uuids,
    .window_with_uuid = manager_window_with_uuid,
};

struct orientd_plasma *orientd_plasma_bind(struct wl_registry *registry, uint32_t name, uint32_t version,
                                           size_t max_windows, const struct orientd_wl_callbacks *callbacks,
                                           void *context) {
    struct orientd_plasma *plasma = calloc(1, sizeof *plasma);
    if (!plasma || version < 1) {
        free(plasma);
        return NULL;
    }
    plasma->version = version < PLASMA_VERSION ? version : PLASMA_VERSION;
    plasma->callbacks = callbacks;
    plasma->context = context;
    plasma->max_windows = max_windows;
    wl_list_init(&plasma->windows);
    plasma->manager = wl_registry_bind(registry, name, &org_kde_plasma_window_management_interface, plasma->version);
    if (!plasma->manager) {
        free(plasma);
        return NULL;
    }
    org_kde_plasma_window_management_add_listener(plasma->manager, &manager_listener, plasma);
    return plasma;
}

int orientd_plasma_request(struct orientd_plasma *plasma, uint64_t handle, int request) {
    if (!plasma || request < ORIENTD_WL_REQUEST_ACTIVATE || request > ORIENTD_WL_REQUEST_UNMINIMIZE) return -1;
    uint32_t flag = request == ORIENTD_WL_REQUEST_ACTIVATE ? ORG_KDE_PLASMA_WINDOW_MANAGEMENT_STATE_ACTIVE
                                                          : ORG_KDE_PLASMA_WINDOW_MANAGEMENT_STATE_MINIMIZED;
    struct plasma_window *window;
    wl_list_for_each(window, &plasma->windows, link) {
        if (window->handle != handle) continue;
        org_kde_plasma_window_set_state(window->proxy, flag, request == ORIENTD_WL_REQUEST_UNMINIMIZE ? 0 : flag);
        return 0;
    }
    return -1;
}

void orientd_plasma_free(struct orientd_plasma *plasma) {
    if (!plasma) return;
    struct plasma_window *window, *next;
    wl_list_for_each_safe(window, next, &plasma->windows, link) window_free(window);
    wl_proxy_destroy((struct wl_proxy *)plasma->manager);
    free(plasma);
}

// phoc's device state (zphoc_device_state_v1, protocols/phoc-device-state-unstable-v1.xml):
// its capabilities and, when it has one, its tablet-mode switch. See include/orientd_wayland.h
// (device_state).
#include <stdint.h>
#include <string.h>
#include <wayland-client.h>

#include "orientd_wayland_private.h"
#include "phoc-device-state-unstable-v1-client-protocol.h"

static void report(struct orientd_wl *wl, int state) {
    if (state == wl->device_state_said) return;  // a repeated word is no news
    wl->device_state_said = state;
    if (wl->callbacks.device_state) wl->callbacks.device_state(wl->context, state);
}

static void switch_disabled(void *data, struct zphoc_tablet_mode_switch_v1 *proxy) {
    (void)proxy;
    report(data, ORIENTD_WL_DEVICE_STATE_LAPTOP_MODE);
}

static void switch_enabled(void *data, struct zphoc_tablet_mode_switch_v1 *proxy) {
    (void)proxy;
    report(data, ORIENTD_WL_DEVICE_STATE_TABLET_MODE);
}

static const struct zphoc_tablet_mode_switch_v1_listener switch_listener = {
    .disabled = switch_disabled,
    .enabled = switch_enabled,
};

static void device_state_capabilities(void *data, struct zphoc_device_state_v1 *proxy, uint32_t capabilities) {
    struct orientd_wl *wl = data;
    if (capabilities & ZPHOC_DEVICE_STATE_V1_CAPABILITY_TABLET_MODE_SWITCH) {
        // Asked only with the capability (phoc ends the connection otherwise); its state
        // follows at once, and until it comes nothing new is said.
        if (!wl->tablet_mode_switch) {
            wl->tablet_mode_switch = zphoc_device_state_v1_get_tablet_mode_switch(proxy);
            if (wl->tablet_mode_switch)
                zphoc_tablet_mode_switch_v1_add_listener(wl->tablet_mode_switch, &switch_listener, wl);
        }
        return;
    }
    if (wl->tablet_mode_switch) {
        zphoc_tablet_mode_switch_v1_destroy(wl->tablet_mode_switch);
        wl->tablet_mode_switch = NULL;
    }
    report(wl, ORIENTD_WL_DEVICE_STATE_NO_TABLET_MODE_SWITCH);
}

static const struct zphoc_device_state_v1_listener device_state_listener = {
    .capabilities = device_state_capabilities,
};

static void release(struct orientd_wl *wl) {
    if (wl->tablet_mode_switch) zphoc_tablet_mode_switch_v1_destroy(wl->tablet_mode_switch);
    // zphoc_device_state_v1 has no destructor request: the proxy alone is freed.
    if (wl->device_state) zphoc_device_state_v1_destroy(wl->device_state);
    wl->tablet_mode_switch = NULL;
    wl->device_state = NULL;
}

void orientd_phoc_device_state_global(struct orientd_wl *wl, uint32_t name, const char *interface, uint32_t version) {
    if (wl->device_state || version < 1 || strcmp(interface, zphoc_device_state_v1_interface.name) != 0) return;
    // Version 1 has all orientd reads (version 2 adds only the keyboard's capability).
    wl->device_state = wl_registry_bind(wl->registry, name, &zphoc_device_state_v1_interface, 1);
    if (!wl->device_state) return;
    wl->device_state_name = name;
    zphoc_device_state_v1_add_listener(wl->device_state, &device_state_listener, wl);
}

void orientd_phoc_device_state_global_remove(struct orientd_wl *wl, uint32_t name) {
    if (!wl->device_state || name != wl->device_state_name) return;
    release(wl);
    report(wl, ORIENTD_WL_DEVICE_STATE_NONE);
}

void orientd_phoc_device_state_free(struct orientd_wl *wl) { release(wl); }

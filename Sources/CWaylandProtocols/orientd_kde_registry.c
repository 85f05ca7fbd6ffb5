// KWin's kde_output_device_registry_v2 (plasma-wayland-protocols 1.21, KWin 6.7 and later):
// KWin no longer offers each output device as a global but hands them out through this
// registry, one `output` event per device at bind and per device plugged in later, and says a
// device is gone with the device's own `removed`. Its devices are followed as the globals'
// are (orientd_kde_devices.c), at the registry's version; while it is bound, no device global
// is followed, so a KWin offering both lists each output once.
#include <stdlib.h>
#include <string.h>

#include "orientd_kde_outputs_private.h"

/// The version bound: the lowest the registry accepts (below it KWin posts
/// unsupported_version), which every device it hands out then has.
#define REGISTRY_VERSION 21

struct orientd_kde_registry {
    struct kde_output_device_registry_v2 *proxy;
    uint32_t global;
};

static void registry_output(void *data, struct kde_output_device_registry_v2 *proxy, struct kde_output_device_v2 *device) {
    (void)proxy;
    struct orientd_kde_outputs *outputs = data;
    // Past the table, KWin is told the device is not wanted.
    orientd_kde_device_add(outputs, device, 0, REGISTRY_VERSION);
}

/// KWin stops announcing devices (the answer to a `stop`, which orientd never sends): the
/// devices it handed out stay until each is removed.
static void registry_finished(void *data, struct kde_output_device_registry_v2 *proxy) {
    struct orientd_kde_outputs *outputs = data;
    kde_output_device_registry_v2_destroy(proxy);
    if (outputs->registry) outputs->registry->proxy = NULL;
}

static const struct kde_output_device_registry_v2_listener registry_listener = {
    .finished = registry_finished,
    .output = registry_output,
};

int orientd_kde_registry_is(const char *interface) {
    return strcmp(interface, kde_output_device_registry_v2_interface.name) == 0;
}

int orientd_kde_registry_bind(struct orientd_kde_outputs *outputs, uint32_t name, uint32_t version) {
    if (outputs->registry || version < REGISTRY_VERSION) return -1;
    struct orientd_kde_registry *registry = calloc(1, sizeof *registry);
    if (!registry) return -1;
    registry->proxy = wl_registry_bind(outputs->wl->registry, name, &kde_output_device_registry_v2_interface, REGISTRY_VERSION);
    if (!registry->proxy) {
        free(registry);
        return -1;
    }
    registry->global = name;
    outputs->registry = registry;
    // The device globals bound before it are dropped (at connection, before any was reported:
    // their events come after the whole list); the registry hands the same outputs out.
    orientd_kde_devices_free(outputs);
    kde_output_device_registry_v2_add_listener(registry->proxy, &registry_listener, outputs);
    return 0;
}

int orientd_kde_registry_is_global(struct orientd_kde_outputs *outputs, uint32_t name) {
    return outputs->registry && outputs->registry->global == name;
}

void orientd_kde_registry_free(struct orientd_kde_outputs *outputs) {
    if (!outputs->registry) return;
    if (outputs->registry->proxy) kde_output_device_registry_v2_destroy(outputs->registry->proxy);
    free(outputs->registry);
    outputs->registry = NULL;
}

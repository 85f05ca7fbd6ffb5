// KWin's outputs for orientd's Wayland connection (ORIENTD_WL_BIND_OUTPUTS): its output
// devices, one global each up to KWin 6.6 or handed out by kde_output_device_registry_v2
// from KWin 6.7 (orientd_kde_devices.c, orientd_kde_registry.c), reported through
// output_heads as wlr-output-management's heads are, and kde_output_management_v2's
// configurations that turn one (applied or failed, through output_applied) or set its
// auto-rotate policy (through output_policy_applied). See include/orientd_wayland.h.
#include <stdlib.h>
#include <string.h>

#include "orientd_kde_outputs_private.h"

/// The versions of device globals and of the management bound at most (protocols/*.xml
/// define more): the device's auto_rotate_policy event came in version 4, the
/// configuration's set_auto_rotate_policy in version 5 (KWin 5.27 offers 2 and 3, KWin 6 more).
#define DEVICE_VERSION 4
#define MANAGEMENT_VERSION 5

static struct orientd_kde_outputs *kde_outputs_of(struct orientd_wl *wl) {
    if (!wl->kde_outputs) {
        wl->kde_outputs = calloc(1, sizeof *wl->kde_outputs);
        if (wl->kde_outputs) wl->kde_outputs->wl = wl;
    }
    return wl->kde_outputs;
}

// MARK: kde_output_configuration_v2

static void configuration_end(struct orientd_kde_outputs *outputs, int result) {
    if (outputs->configuration) kde_output_configuration_v2_destroy(outputs->configuration);
    outputs->configuration = NULL;
    struct orientd_wl *wl = outputs->wl;
    if (result >= 0 && wl->callbacks.output_applied) wl->callbacks.output_applied(wl->context, result);
}

static void configuration_applied(void *data, struct kde_output_configuration_v2 *configuration) {
    (void)configuration;
    configuration_end(data, ORIENTD_WL_APPLY_SUCCEEDED);
}

static void configuration_failed(void *data, struct kde_output_configuration_v2 *configuration) {
    (void)configuration;
    configuration_end(data, ORIENTD_WL_APPLY_FAILED);
}

static const struct kde_output_configuration_v2_listener configuration_listener = {
    .applied = configuration_applied,
    .failed = configuration_failed,
};

static void policy_configuration_end(struct orientd_kde_outputs *outputs, int result) {
    if (outputs->policy_configuration) kde_output_configuration_v2_destroy(outputs->policy_configuration);
    outputs->policy_configuration = NULL;
    struct orientd_wl *wl = outputs->wl;
    if (result >= 0 && wl->callbacks.output_policy_applied) wl->callbacks.output_policy_applied(wl->context, result);
}

static void policy_configuration_applied(void *data, struct kde_output_configuration_v2 *configuration) {
    (void)configuration;
    policy_configuration_end(data, ORIENTD_WL_APPLY_SUCCEEDED);
}

static void policy_configuration_failed(void *data, struct kde_output_configuration_v2 *configuration) {
    (void)configuration;
    policy_configuration_end(data, ORIENTD_WL_APPLY_FAILED);
}

static const struct kde_output_configuration_v2_listener policy_configuration_listener = {
    .applied = policy_configuration_applied,
    .failed = policy_configuration_failed,
};

// MARK: The connection's hooks

void orientd_kde_outputs_global(struct orientd_wl *wl, uint32_t name, const char *interface, uint32_t version) {
    int is_device = strcmp(interface, kde_output_device_v2_interface.name) == 0;
    int is_management = strcmp(interface, kde_output_management_v2_interface.name) == 0;
    int is_registry = orientd_kde_registry_is(interface);
    if ((!is_device && !is_management && !is_registry) || version < 1) return;
    struct orientd_kde_outputs *outputs = kde_outputs_of(wl);
    if (!outputs) return;
    if (is_registry) orientd_kde_registry_bind(outputs, name, version);
    // A KWin offering the registry hands its devices out there (ORIENTD_WL_MAX_HEADS at most).
    if (is_device && !outputs->registry && outputs->device_count < ORIENTD_WL_MAX_HEADS) {
        uint32_t bound = version < DEVICE_VERSION ? version : DEVICE_VERSION;
        struct kde_output_device_v2 *proxy = wl_registry_bind(wl->registry, name, &kde_output_device_v2_interface, bound);
        if (proxy) orientd_kde_device_add(outputs, proxy, name, bound);
    }
    if (is_management && !outputs->management) {
        outputs->management_version = version < MANAGEMENT_VERSION ? version : MANAGEMENT_VERSION;
        outputs->management = wl_registry_bind(wl->registry, name, &kde_output_management_v2_interface,
                                               outputs->management_version);
    }
}

void orientd_kde_outputs_global_remove(struct orientd_wl *wl, uint32_t name) {
    struct orientd_kde_outputs *outputs = wl->kde_outputs;
    if (!outputs || name == 0) return;
    if (orientd_kde_registry_is_global(outputs, name)) orientd_kde_registry_free(outputs);
    for (size_t index = 0; index < outputs->device_count; index++) {
        if (outputs->devices[index].global != name) continue;
        orientd_kde_device_remove(outputs, index);
        return;
    }
}

void orientd_kde_outputs_free(struct orientd_wl *wl) {
    struct orientd_kde_outputs *outputs = wl->kde_outputs;
    if (!outputs) return;
    configuration_end(outputs, -1);
    policy_configuration_end(outputs, -1);
    orientd_kde_devices_free(outputs);
    orientd_kde_registry_free(outputs);
    if (outputs->management) kde_output_management_v2_destroy(outputs->management);
    free(outputs);
    wl->kde_outputs = NULL;
}

/// The reported device on named `device_name`, or NULL.
static struct orientd_kde_device *device_named(struct orientd_kde_outputs *outputs, const char *device_name) {
    struct orientd_kde_device *target = NULL;
    for (size_t index = 0; index < outputs->device_count; index++) {
        struct orientd_kde_device *device = &outputs->devices[index];
        if (device->done && device->name_length > 0 && strcmp(device->name, device_name) == 0) target = device;
    }
    return target && target->enabled ? target : NULL;
}

int orientd_kde_outputs_set_policy(struct orientd_wl *wl, const char *device_name, uint32_t policy) {
    struct orientd_kde_outputs *outputs = wl->kde_outputs;
    if (!outputs || !outputs->management || outputs->management_version < ORIENTD_KDE_MANAGEMENT_POLICY_VERSION
        || outputs->policy_configuration || policy > ORIENTD_WL_AUTO_ROTATE_ALWAYS) return -1;
    struct orientd_kde_device *target = device_named(outputs, device_name);
    if (!target || target->version < ORIENTD_KDE_DEVICE_POLICY_VERSION) return -1;
    outputs->policy_configuration = kde_output_management_v2_create_configuration(outputs->management);
    if (!outputs->policy_configuration) return -1;
    kde_output_configuration_v2_add_listener(outputs->policy_configuration, &policy_configuration_listener, outputs);
    kde_output_configuration_v2_set_auto_rotate_policy(outputs->policy_configuration, target->proxy, policy);
    kde_output_configuration_v2_apply(outputs->policy_configuration);
    return 0;
}

int orientd_kde_outputs_apply(struct orientd_wl *wl, const char *device_name, int32_t transform) {
    struct orientd_kde_outputs *outputs = wl->kde_outputs;
    if (!outputs || !outputs->management || outputs->configuration || transform < 0 || transform > 7) return -1;
    struct orientd_kde_device *target = device_named(outputs, device_name);
    if (!target) return -1;
    outputs->configuration = kde_output_management_v2_create_configuration(outputs->management);
    if (!outputs->configuration) return -1;
    kde_output_configuration_v2_add_listener(outputs->configuration, &configuration_listener, outputs);
    // KWin changes what a configuration names: the other outputs stay as they are.
    kde_output_configuration_v2_transform(outputs->configuration, target->proxy, transform);
    kde_output_configuration_v2_apply(outputs->configuration);
    return 0;
}

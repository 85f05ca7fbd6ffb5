// KWin's outputs for orientd's Wayland connection (ORIENTD_WL_BIND_OUTPUTS): each
// kde_output_device_v2 (its name, transform and enabled state, complete at each done) reported
// through output_heads as wlr-output-management's heads are, and kde_output_management_v2's
// configurations that turn one (applied or failed, through output_applied) or set its
// auto-rotate policy (through output_policy_applied). Everything KWin sends is bounded: at most
// ORIENTD_WL_MAX_HEADS devices, names of at most ORIENTD_WL_MAX_NAME bytes, transforms 0–7,
// policies of the protocol's enum. See include/orientd_wayland.h.
#include <stdlib.h>
#include <string.h>

#include "orientd_wayland_private.h"
#include "kde-output-device-v2-client-protocol.h"
#include "kde-output-management-v2-client-protocol.h"

/// The versions bound at most (protocols/*.xml, plasma-wayland-protocols 1.11, define more):
/// the device's auto_rotate_policy event came in version 4, the configuration's
/// set_auto_rotate_policy in version 5 (KWin 5.27 offers 2 and 3, KWin 6 more).
#define DEVICE_VERSION 4
#define MANAGEMENT_VERSION 5
#define DEVICE_POLICY_VERSION 4
#define MANAGEMENT_POLICY_VERSION 5

struct device {
    uint32_t global;            // the registry's name of the global
    struct kde_output_device_v2 *proxy;
    char name[ORIENTD_WL_MAX_NAME + 1];
    size_t name_length;
    int enabled;
    int32_t transform;
    struct kde_output_device_mode_v2 *current_mode;   // looked up among `modes` when reported
    double scale;
    uint32_t version;           // the version bound
    int32_t policy;             // the last auto-rotate policy of the enum, or -1
    int64_t refused_policy;     // the latest value outside the enum, or -1
    int done;                   // a done event completed it: it is reported
};

// A mode KWin announced, and its size (a bounded table: a device whose current mode is past
// it reports no size).
struct mode {
    struct kde_output_device_mode_v2 *proxy;
    int32_t width, height;
};

#define KDE_MAX_MODES 256

struct orientd_kde_outputs {
    struct orientd_wl *wl;
    struct kde_output_management_v2 *management;
    uint32_t management_version;
    struct device devices[ORIENTD_WL_MAX_HEADS];
    size_t device_count;
    struct mode modes[KDE_MAX_MODES];
    size_t mode_count;
    struct kde_output_configuration_v2 *configuration;   // the apply in flight
    struct kde_output_configuration_v2 *policy_configuration;   // the policy change in flight
};

static struct mode *mode_of(struct orientd_kde_outputs *outputs, struct kde_output_device_mode_v2 *proxy) {
    for (size_t index = 0; index < outputs->mode_count; index++) {
        if (outputs->modes[index].proxy == proxy) return &outputs->modes[index];
    }
    return NULL;
}

static struct orientd_kde_outputs *kde_outputs_of(struct orientd_wl *wl) {
    if (!wl->kde_outputs) {
        wl->kde_outputs = calloc(1, sizeof *wl->kde_outputs);
        if (wl->kde_outputs) wl->kde_outputs->wl = wl;
    }
    return wl->kde_outputs;
}

static struct device *device_of(struct orientd_kde_outputs *outputs, struct kde_output_device_v2 *proxy) {
    for (size_t index = 0; index < outputs->device_count; index++) {
        if (outputs->devices[index].proxy == proxy) return &outputs->devices[index];
    }
    return NULL;
}

/// Reports every device a done event completed.
static void report(struct orientd_kde_outputs *outputs) {
    struct orientd_wl *wl = outputs->wl;
    if (!wl->callbacks.output_heads) return;
    struct orientd_wl_head heads[ORIENTD_WL_MAX_HEADS];
    size_t count = 0;
    for (size_t index = 0; index < outputs->device_count; index++) {
        struct device *device = &outputs->devices[index];
        if (!device->done) continue;
        const struct mode *mode = device->current_mode ? mode_of(outputs, device->current_mode) : NULL;
        int sane = mode && mode->width > 0 && mode->height > 0;
        heads[count++] = (struct orientd_wl_head){
            .name = device->name, .name_length = device->name_length,
            .enabled = device->enabled, .transform = device->transform,
            .width = sane ? mode->width : 0, .height = sane ? mode->height : 0, .scale = device->scale,
            .auto_rotate_policy = device->policy, .refused_auto_rotate_policy = device->refused_policy,
        };
    }
    wl->callbacks.output_heads(wl->context, heads, count);
}

// MARK: kde_output_device_mode_v2 (only destroyed when KWin removes it)

static void mode_size(void *data, struct kde_output_device_mode_v2 *proxy, int32_t width, int32_t height) {
    struct mode *mode = mode_of(data, proxy);
    if (mode) { mode->width = width; mode->height = height; }
}

static void mode_refresh(void *data, struct kde_output_device_mode_v2 *mode, int32_t refresh) {
    (void)data; (void)mode; (void)refresh;
}

static void mode_preferred(void *data, struct kde_output_device_mode_v2 *mode) {
    (void)data; (void)mode;
}

static void mode_removed(void *data, struct kde_output_device_mode_v2 *proxy) {
    struct orientd_kde_outputs *outputs = data;
    struct mode *mode = mode_of(outputs, proxy);
    if (mode) {
        size_t index = (size_t)(mode - outputs->modes);
        memmove(&outputs->modes[index], &outputs->modes[index + 1], (outputs->mode_count - index - 1) * sizeof *mode);
        outputs->mode_count--;
    }
    for (size_t index = 0; index < outputs->device_count; index++) {
        if (outputs->devices[index].current_mode == proxy) outputs->devices[index].current_mode = NULL;
    }
    kde_output_device_mode_v2_destroy(proxy);
}

static const struct kde_output_device_mode_v2_listener mode_listener = {
    .size = mode_size,
    .refresh = mode_refresh,
    .preferred = mode_preferred,
    .removed = mode_removed,
};

// MARK: kde_output_device_v2

static void device_geometry(void *data, struct kde_output_device_v2 *proxy, int32_t x, int32_t y, int32_t width,
                            int32_t height, int32_t subpixel, const char *make, const char *model, int32_t transform) {
    (void)x; (void)y; (void)width; (void)height; (void)subpixel; (void)make; (void)model;
    struct device *device = device_of(data, proxy);
    // A transform outside wl_output's eight is no transform: what the output shows is unknown.
    if (device) device->transform = transform >= 0 && transform <= 7 ? transform : -1;
}

static void device_current_mode(void *data, struct kde_output_device_v2 *proxy, struct kde_output_device_mode_v2 *mode) {
    struct device *device = device_of(data, proxy);
    if (device) device->current_mode = mode;
}

static void device_mode(void *data, struct kde_output_device_v2 *proxy, struct kde_output_device_mode_v2 *mode) {
    (void)proxy;
    struct orientd_kde_outputs *outputs = data;
    if (outputs->mode_count < KDE_MAX_MODES) outputs->modes[outputs->mode_count++] = (struct mode){ .proxy = mode };
    kde_output_device_mode_v2_add_listener(mode, &mode_listener, data);
}

static void device_done(void *data, struct kde_output_device_v2 *proxy) {
    struct orientd_kde_outputs *outputs = data;
    struct device *device = device_of(outputs, proxy);
    if (!device) return;
    device->done = 1;
    report(outputs);
}

static void device_scale(void *data, struct kde_output_device_v2 *proxy, wl_fixed_t factor) {
    struct device *device = device_of(data, proxy);
    if (device) device->scale = factor > 0 ? wl_fixed_to_double(factor) : 0;
}

static void device_string(void *data, struct kde_output_device_v2 *proxy, const char *text) {
    (void)data; (void)proxy; (void)text;
}

static void device_enabled(void *data, struct kde_output_device_v2 *proxy, int32_t enabled) {
    struct device *device = device_of(data, proxy);
    if (device) device->enabled = enabled != 0;
}

static void device_flags(void *data, struct kde_output_device_v2 *proxy, uint32_t flags) {
    (void)data; (void)proxy; (void)flags;
}

static void device_name(void *data, struct kde_output_device_v2 *proxy, const char *name) {
    struct device *device = device_of(data, proxy);
    if (device) orientd_wl_keep_name(device->name, &device->name_length, name);
}

static void device_unsigned(void *data, struct kde_output_device_v2 *proxy, uint32_t value) {
    (void)data; (void)proxy; (void)value;
}

int orientd_wl_take_auto_rotate_policy(int32_t *kept, uint32_t sent) {
    if (sent > ORIENTD_WL_AUTO_ROTATE_ALWAYS) return -1;
    *kept = (int32_t)sent;
    return 0;
}

static void device_auto_rotate_policy(void *data, struct kde_output_device_v2 *proxy, uint32_t policy) {
    struct device *device = device_of(data, proxy);
    if (!device) return;
    // A value outside the enum is ignored: the last sane one stays, the value is said once.
    device->refused_policy = orientd_wl_take_auto_rotate_policy(&device->policy, policy) == 0 ? -1 : (int64_t)policy;
}

static const struct kde_output_device_v2_listener device_listener = {
    .geometry = device_geometry,
    .current_mode = device_current_mode,
    .mode = device_mode,
    .done = device_done,
    .scale = device_scale,
    .edid = device_string,
    .enabled = device_enabled,
    .uuid = device_string,
    .serial_number = device_string,
    .eisa_id = device_string,
    .capabilities = device_flags,
    .overscan = device_flags,
    .vrr_policy = device_flags,
    .rgb_range = device_flags,
    .name = device_name,
    .high_dynamic_range = device_unsigned,
    .sdr_brightness = device_unsigned,
    .wide_color_gamut = device_unsigned,
    .auto_rotate_policy = device_auto_rotate_policy,
    .icc_profile_path = device_string,
};

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
    if ((!is_device && !is_management) || version < 1) return;
    struct orientd_kde_outputs *outputs = kde_outputs_of(wl);
    if (!outputs) return;
    if (is_device && outputs->device_count < ORIENTD_WL_MAX_HEADS) {
        uint32_t bound = version < DEVICE_VERSION ? version : DEVICE_VERSION;
        struct kde_output_device_v2 *proxy = wl_registry_bind(wl->registry, name, &kde_output_device_v2_interface, bound);
        if (!proxy) return;
        struct device *device = &outputs->devices[outputs->device_count++];
        memset(device, 0, sizeof *device);
        device->global = name;
        device->proxy = proxy;
        device->version = bound;
        device->transform = -1;
        device->policy = -1;
        device->refused_policy = -1;
        kde_output_device_v2_add_listener(proxy, &device_listener, outputs);
    }
    if (is_management && !outputs->management) {
        outputs->management_version = version < MANAGEMENT_VERSION ? version : MANAGEMENT_VERSION;
        outputs->management = wl_registry_bind(wl->registry, name, &kde_output_management_v2_interface,
                                               outputs->management_version);
    }
}

void orientd_kde_outputs_global_remove(struct orientd_wl *wl, uint32_t name) {
    struct orientd_kde_outputs *outputs = wl->kde_outputs;
    if (!outputs) return;
    for (size_t index = 0; index < outputs->device_count; index++) {
        struct device *device = &outputs->devices[index];
        if (device->global != name) continue;
        int reported = device->done;
        kde_output_device_v2_destroy(device->proxy);
        memmove(device, device + 1, (outputs->device_count - index - 1) * sizeof *device);
        outputs->device_count--;
        // The output is unplugged: the devices left are what KWin has.
        if (reported) report(outputs);
        return;
    }
}

void orientd_kde_outputs_free(struct orientd_wl *wl) {
    struct orientd_kde_outputs *outputs = wl->kde_outputs;
    if (!outputs) return;
    configuration_end(outputs, -1);
    policy_configuration_end(outputs, -1);
    for (size_t index = 0; index < outputs->device_count; index++) kde_output_device_v2_destroy(outputs->devices[index].proxy);
    if (outputs->management) kde_output_management_v2_destroy(outputs->management);
    free(outputs);
    wl->kde_outputs = NULL;
}

/// The reported device on named `device_name`, or NULL.
static struct device *device_named(struct orientd_kde_outputs *outputs, const char *device_name) {
    struct device *target = NULL;
    for (size_t index = 0; index < outputs->device_count; index++) {
        struct device *device = &outputs->devices[index];
        if (device->done && device->name_length > 0 && strcmp(device->name, device_name) == 0) target = device;
    }
    return target && target->enabled ? target : NULL;
}

int orientd_kde_outputs_set_policy(struct orientd_wl *wl, const char *device_name, uint32_t policy) {
    struct orientd_kde_outputs *outputs = wl->kde_outputs;
    if (!outputs || !outputs->management || outputs->management_version < MANAGEMENT_POLICY_VERSION
        || outputs->policy_configuration || policy > ORIENTD_WL_AUTO_ROTATE_ALWAYS) return -1;
    struct device *target = device_named(outputs, device_name);
    if (!target || target->version < DEVICE_POLICY_VERSION) return -1;
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
    struct device *target = device_named(outputs, device_name);
    if (!target) return -1;
    outputs->configuration = kde_output_management_v2_create_configuration(outputs->management);
    if (!outputs->configuration) return -1;
    kde_output_configuration_v2_add_listener(outputs->configuration, &configuration_listener, outputs);
    // KWin changes what a configuration names: the other outputs stay as they are.
    kde_output_configuration_v2_transform(outputs->configuration, target->proxy, transform);
    kde_output_configuration_v2_apply(outputs->configuration);
    return 0;
}

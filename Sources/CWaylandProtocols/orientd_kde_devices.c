// KWin's output devices for orientd (kde_output_device_v2, from a global each up to KWin 6.6
// or from the device registry from KWin 6.7): each one's name, transform, enabled state,
// current mode and auto-rotate policy, complete at each done and reported through
// output_heads as wlr-output-management's heads are. Everything KWin sends is bounded: at
// most ORIENTD_WL_MAX_HEADS devices and ORIENTD_KDE_MAX_MODES modes, names of at most
// ORIENTD_WL_MAX_NAME bytes, transforms 0–7, policies of the protocol's enum; every event up
// to the registry's version has a handler, the ones orientd has no use for ignore theirs.
#include <stdlib.h>
#include <string.h>

#include "orientd_kde_outputs_private.h"

static struct orientd_kde_mode *mode_of(struct orientd_kde_outputs *outputs, struct kde_output_device_mode_v2 *proxy) {
    for (size_t index = 0; index < outputs->mode_count; index++) {
        if (outputs->modes[index].proxy == proxy) return &outputs->modes[index];
    }
    return NULL;
}

static struct orientd_kde_device *device_of(struct orientd_kde_outputs *outputs, struct kde_output_device_v2 *proxy) {
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
        struct orientd_kde_device *device = &outputs->devices[index];
        if (!device->done) continue;
        const struct orientd_kde_mode *mode = device->current_mode ? mode_of(outputs, device->current_mode) : NULL;
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
    struct orientd_kde_mode *mode = mode_of(data, proxy);
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
    struct orientd_kde_mode *mode = mode_of(outputs, proxy);
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

static void mode_flags(void *data, struct kde_output_device_mode_v2 *mode, uint32_t flags) {
    (void)data; (void)mode; (void)flags;
}

static const struct kde_output_device_mode_v2_listener mode_listener = {
    .size = mode_size,
    .refresh = mode_refresh,
    .preferred = mode_preferred,
    .removed = mode_removed,
    .flags = mode_flags,
};

// MARK: kde_output_device_v2: what orientd reads

static void device_geometry(void *data, struct kde_output_device_v2 *proxy, int32_t x, int32_t y, int32_t width,
                            int32_t height, int32_t subpixel, const char *make, const char *model, int32_t transform) {
    (void)x; (void)y; (void)width; (void)height; (void)subpixel; (void)make; (void)model;
    struct orientd_kde_device *device = device_of(data, proxy);
    // A transform outside wl_output's eight is no transform: what the output shows is unknown.
    if (device) device->transform = transform >= 0 && transform <= 7 ? transform : -1;
}

static void device_current_mode(void *data, struct kde_output_device_v2 *proxy, struct kde_output_device_mode_v2 *mode) {
    struct orientd_kde_device *device = device_of(data, proxy);
    if (device) device->current_mode = mode;
}

static void device_mode(void *data, struct kde_output_device_v2 *proxy, struct kde_output_device_mode_v2 *mode) {
    (void)proxy;
    struct orientd_kde_outputs *outputs = data;
    if (outputs->mode_count < ORIENTD_KDE_MAX_MODES) outputs->modes[outputs->mode_count++] = (struct orientd_kde_mode){ .proxy = mode };
    kde_output_device_mode_v2_add_listener(mode, &mode_listener, data);
}

static void device_done(void *data, struct kde_output_device_v2 *proxy) {
    struct orientd_kde_outputs *outputs = data;
    struct orientd_kde_device *device = device_of(outputs, proxy);
    if (!device) return;
    device->done = 1;
    report(outputs);
}

static void device_scale(void *data, struct kde_output_device_v2 *proxy, wl_fixed_t factor) {
    struct orientd_kde_device *device = device_of(data, proxy);
    if (device) device->scale = factor > 0 ? wl_fixed_to_double(factor) : 0;
}

static void device_enabled(void *data, struct kde_output_device_v2 *proxy, int32_t enabled) {
    struct orientd_kde_device *device = device_of(data, proxy);
    if (device) device->enabled = enabled != 0;
}

static void device_name(void *data, struct kde_output_device_v2 *proxy, const char *name) {
    struct orientd_kde_device *device = device_of(data, proxy);
    if (device) orientd_wl_keep_name(device->name, &device->name_length, name);
}

static void device_auto_rotate_policy(void *data, struct kde_output_device_v2 *proxy, uint32_t policy) {
    struct orientd_kde_device *device = device_of(data, proxy);
    if (!device) return;
    // A value outside the enum is ignored: the last sane one stays, the value is said once.
    device->refused_policy = orientd_wl_take_auto_rotate_policy(&device->policy, policy) == 0 ? -1 : (int64_t)policy;
}

/// The registry's device is gone (version 21): KWin sends nothing more for it.
static void device_removed(void *data, struct kde_output_device_v2 *proxy) {
    struct orientd_kde_outputs *outputs = data;
    struct orientd_kde_device *device = device_of(outputs, proxy);
    if (device) orientd_kde_device_remove(outputs, (size_t)(device - outputs->devices));
    else kde_output_device_v2_release(proxy);
}

// MARK: kde_output_device_v2: what orientd ignores

static void device_string(void *data, struct kde_output_device_v2 *proxy, const char *text) {
    (void)data; (void)proxy; (void)text;
}

static void device_unsigned(void *data, struct kde_output_device_v2 *proxy, uint32_t value) {
    (void)data; (void)proxy; (void)value;
}

static void device_two_unsigned(void *data, struct kde_output_device_v2 *proxy, uint32_t first, uint32_t second) {
    (void)data; (void)proxy; (void)first; (void)second;
}

static void device_three_unsigned(void *data, struct kde_output_device_v2 *proxy, uint32_t first, uint32_t second,
                                  uint32_t third) {
    (void)data; (void)proxy; (void)first; (void)second; (void)third;
}

static void device_three_signed(void *data, struct kde_output_device_v2 *proxy, int32_t first, int32_t second,
                                int32_t third) {
    (void)data; (void)proxy; (void)first; (void)second; (void)third;
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
    .capabilities = device_unsigned,
    .overscan = device_unsigned,
    .vrr_policy = device_unsigned,
    .rgb_range = device_unsigned,
    .name = device_name,
    .high_dynamic_range = device_unsigned,
    .sdr_brightness = device_unsigned,
    .wide_color_gamut = device_unsigned,
    .auto_rotate_policy = device_auto_rotate_policy,
    .icc_profile_path = device_string,
    .brightness_metadata = device_three_unsigned,
    .brightness_overrides = device_three_signed,
    .sdr_gamut_wideness = device_unsigned,
    .color_profile_source = device_unsigned,
    .brightness = device_unsigned,
    .color_power_tradeoff = device_unsigned,
    .dimming = device_unsigned,
    .replication_source = device_string,
    .ddc_ci_allowed = device_unsigned,
    .max_bits_per_color = device_unsigned,
    .max_bits_per_color_range = device_two_unsigned,
    .automatic_max_bits_per_color_limit = device_unsigned,
    .edr_policy = device_unsigned,
    .sharpness = device_unsigned,
    .priority = device_unsigned,
    .auto_brightness = device_unsigned,
    .removed = device_removed,
    .hdr_icc_profile_path = device_string,
    .hdr_color_profile_source = device_unsigned,
    .abm_level = device_unsigned,
};

// MARK: The table

/// Tells KWin the device is no longer wanted where its version can say so, else drops it here.
static void release(struct kde_output_device_v2 *proxy) {
    if (wl_proxy_get_version((struct wl_proxy *)proxy) >= ORIENTD_KDE_DEVICE_RELEASE_VERSION) kde_output_device_v2_release(proxy);
    else kde_output_device_v2_destroy(proxy);
}

struct orientd_kde_device *orientd_kde_device_add(struct orientd_kde_outputs *outputs, struct kde_output_device_v2 *proxy,
                                                  uint32_t global, uint32_t version) {
    if (outputs->device_count >= ORIENTD_WL_MAX_HEADS) {
        release(proxy);
        return NULL;
    }
    struct orientd_kde_device *device = &outputs->devices[outputs->device_count++];
    memset(device, 0, sizeof *device);
    device->global = global;
    device->proxy = proxy;
    device->version = version;
    device->transform = -1;
    device->policy = -1;
    device->refused_policy = -1;
    kde_output_device_v2_add_listener(proxy, &device_listener, outputs);
    return device;
}

void orientd_kde_device_remove(struct orientd_kde_outputs *outputs, size_t index) {
    struct orientd_kde_device *device = &outputs->devices[index];
    int reported = device->done;
    release(device->proxy);
    memmove(device, device + 1, (outputs->device_count - index - 1) * sizeof *device);
    outputs->device_count--;
    // The output is unplugged: the devices left are what KWin has.
    if (reported) report(outputs);
}

void orientd_kde_devices_free(struct orientd_kde_outputs *outputs) {
    for (size_t index = 0; index < outputs->device_count; index++) release(outputs->devices[index].proxy);
    outputs->device_count = 0;
}

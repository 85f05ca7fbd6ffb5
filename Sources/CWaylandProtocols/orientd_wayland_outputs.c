// The outputs part of orientd's Wayland connection (ORIENTD_WL_BIND_OUTPUTS): every wl_output,
// whose done events say an output changed, and wlr-output-management's heads, which say what
// each output shows and take a configuration that turns one (KWin's output devices and
// management, orientd_kde_outputs.c, stand in for them on KWin). See include/orientd_wayland.h.
#include <stdlib.h>
#include <string.h>

#include "orientd_wayland_private.h"
#include "wlr-output-management-unstable-v1-client-protocol.h"

struct output {
    uint32_t name;              // the registry's name of the global
    struct wl_output *proxy;
};

struct head {
    struct zwlr_output_head_v1 *proxy;
    char name[ORIENTD_WL_MAX_NAME + 1];
    size_t name_length;
    int enabled;
    int32_t transform;
    struct zwlr_output_mode_v1 *current_mode;   // looked up among `modes` at each done
    double scale;
};

// A mode the compositor announced, and its size (a bounded table: modes past it are not
// followed, and a head whose current mode is one of them reports no size).
struct mode {
    struct zwlr_output_mode_v1 *proxy;
    int32_t width, height;
};

#define ORIENTD_WL_MAX_MODES 256

struct orientd_wl_outputs {
    struct orientd_wl *wl;
    struct output outputs[ORIENTD_WL_MAX_HEADS];
    size_t output_count;
    struct zwlr_output_manager_v1 *manager;
    struct head heads[ORIENTD_WL_MAX_HEADS];
    size_t head_count;
    struct mode modes[ORIENTD_WL_MAX_MODES];
    size_t mode_count;
    uint32_t serial;
    int have_serial;
    struct zwlr_output_configuration_v1 *configuration;   // the apply in flight
    struct zwlr_output_configuration_head_v1 *configured[ORIENTD_WL_MAX_HEADS];
    size_t configured_count;
};

static struct orientd_wl_outputs *outputs_of(struct orientd_wl *wl) {
    if (!wl->outputs) {
        wl->outputs = calloc(1, sizeof *wl->outputs);
        if (wl->outputs) wl->outputs->wl = wl;
    }
    return wl->outputs;
}

// MARK: wl_output

static void output_geometry(void *data, struct wl_output *proxy, int32_t x, int32_t y, int32_t width, int32_t height,
                            int32_t subpixel, const char *make, const char *model, int32_t transform) {
    (void)data; (void)proxy; (void)x; (void)y; (void)width; (void)height; (void)subpixel; (void)make; (void)model;
    (void)transform;
}

static void output_mode(void *data, struct wl_output *proxy, uint32_t flags, int32_t width, int32_t height, int32_t refresh) {
    (void)data; (void)proxy; (void)flags; (void)width; (void)height; (void)refresh;
}

static void output_done(void *data, struct wl_output *proxy) {
    (void)proxy;
    struct orientd_wl_outputs *outputs = data;
    struct orientd_wl *wl = outputs->wl;
    if (wl->callbacks.output_changed) wl->callbacks.output_changed(wl->context);
}

static void output_scale(void *data, struct wl_output *proxy, int32_t factor) {
    (void)data; (void)proxy; (void)factor;
}

static const struct wl_output_listener output_listener = {
    .geometry = output_geometry,
    .mode = output_mode,
    .done = output_done,
    .scale = output_scale,
};

// MARK: wlr-output-management

static struct mode *mode_of(struct orientd_wl_outputs *outputs, struct zwlr_output_mode_v1 *proxy) {
    for (size_t index = 0; index < outputs->mode_count; index++) {
        if (outputs->modes[index].proxy == proxy) return &outputs->modes[index];
    }
    return NULL;
}

static void mode_size(void *data, struct zwlr_output_mode_v1 *proxy, int32_t width, int32_t height) {
    struct mode *mode = mode_of(data, proxy);
    if (mode) { mode->width = width; mode->height = height; }
}

static void mode_refresh(void *data, struct zwlr_output_mode_v1 *mode, int32_t refresh) {
    (void)data; (void)mode; (void)refresh;
}

static void mode_preferred(void *data, struct zwlr_output_mode_v1 *mode) {
    (void)data; (void)mode;
}

static void mode_finished(void *data, struct zwlr_output_mode_v1 *proxy) {
    struct orientd_wl_outputs *outputs = data;
    struct mode *mode = mode_of(outputs, proxy);
    if (mode) {
        size_t index = (size_t)(mode - outputs->modes);
        memmove(&outputs->modes[index], &outputs->modes[index + 1], (outputs->mode_count - index - 1) * sizeof *mode);
        outputs->mode_count--;
    }
    for (size_t index = 0; index < outputs->head_count; index++) {
        if (outputs->heads[index].current_mode == proxy) outputs->heads[index].current_mode = NULL;
    }
    zwlr_output_mode_v1_destroy(proxy);
}

static const struct zwlr_output_mode_v1_listener mode_listener = {
    .size = mode_size,
    .refresh = mode_refresh,
    .preferred = mode_preferred,
    .finished = mode_finished,
};

static struct head *head_of(struct orientd_wl_outputs *outputs, struct zwlr_output_head_v1 *proxy) {
    for (size_t index = 0; index < outputs->head_count; index++) {
        if (outputs->heads[index].proxy == proxy) return &outputs->heads[index];
    }
    return NULL;
}

void orientd_wl_keep_name(char *buffer, size_t *length, const char *name) {
    size_t sent = strnlen(name, ORIENTD_WL_MAX_NAME + 1);
    *length = sent > ORIENTD_WL_MAX_NAME ? 0 : sent;
    memcpy(buffer, name, *length);
    buffer[*length] = '\0';
}

static void head_name(void *data, struct zwlr_output_head_v1 *proxy, const char *name) {
    struct head *head = head_of(data, proxy);
    if (head) orientd_wl_keep_name(head->name, &head->name_length, name);
}

static void head_string(void *data, struct zwlr_output_head_v1 *proxy, const char *text) {
    (void)data; (void)proxy; (void)text;
}

static void head_size(void *data, struct zwlr_output_head_v1 *proxy, int32_t width, int32_t height) {
    (void)data; (void)proxy; (void)width; (void)height;
}

static void head_mode(void *data, struct zwlr_output_head_v1 *proxy, struct zwlr_output_mode_v1 *mode) {
    (void)proxy;
    struct orientd_wl_outputs *outputs = data;
    if (outputs->mode_count < ORIENTD_WL_MAX_MODES) {
        outputs->modes[outputs->mode_count++] = (struct mode){ .proxy = mode };
    }
    zwlr_output_mode_v1_add_listener(mode, &mode_listener, data);
}

static void head_enabled(void *data, struct zwlr_output_head_v1 *proxy, int32_t enabled) {
    struct head *head = head_of(data, proxy);
    if (head) head->enabled = enabled != 0;
}

static void head_current_mode(void *data, struct zwlr_output_head_v1 *proxy, struct zwlr_output_mode_v1 *mode) {
    struct head *head = head_of(data, proxy);
    if (head) head->current_mode = mode;
}

static void head_position(void *data, struct zwlr_output_head_v1 *proxy, int32_t x, int32_t y) {
    (void)data; (void)proxy; (void)x; (void)y;
}

static void head_transform(void *data, struct zwlr_output_head_v1 *proxy, int32_t transform) {
    struct head *head = head_of(data, proxy);
    if (head) head->transform = transform >= 0 && transform <= 7 ? transform : -1;
}

static void head_scale(void *data, struct zwlr_output_head_v1 *proxy, wl_fixed_t scale) {
    struct head *head = head_of(data, proxy);
    if (head) head->scale = scale > 0 ? wl_fixed_to_double(scale) : 0;
}

static void head_finished(void *data, struct zwlr_output_head_v1 *proxy) {
    struct orientd_wl_outputs *outputs = data;
    struct head *head = head_of(outputs, proxy);
    zwlr_output_head_v1_destroy(proxy);
    if (!head) return;
    size_t index = (size_t)(head - outputs->heads);
    memmove(&outputs->heads[index], &outputs->heads[index + 1], (outputs->head_count - index - 1) * sizeof *head);
    outputs->head_count--;
}

static const struct zwlr_output_head_v1_listener head_listener = {
    .name = head_name,
    .description = head_string,
    .physical_size = head_size,
    .mode = head_mode,
    .enabled = head_enabled,
    .current_mode = head_current_mode,
    .position = head_position,
    .transform = head_transform,
    .scale = head_scale,
    .finished = head_finished,
    .make = head_string,
    .model = head_string,
    .serial_number = head_string,
};

static void manager_head(void *data, struct zwlr_output_manager_v1 *manager, struct zwlr_output_head_v1 *proxy) {
    (void)manager;
    struct orientd_wl_outputs *outputs = data;
    if (outputs->head_count == ORIENTD_WL_MAX_HEADS) {
        // Not followed: its events are dropped with the proxy.
        zwlr_output_head_v1_destroy(proxy);
        return;
    }
    struct head *head = &outputs->heads[outputs->head_count++];
    memset(head, 0, sizeof *head);
    head->proxy = proxy;
    head->transform = -1;
    zwlr_output_head_v1_add_listener(proxy, &head_listener, outputs);
}

static void manager_done(void *data, struct zwlr_output_manager_v1 *manager, uint32_t serial) {
    (void)manager;
    struct orientd_wl_outputs *outputs = data;
    struct orientd_wl *wl = outputs->wl;
    outputs->serial = serial;
    outputs->have_serial = 1;
    if (!wl->callbacks.output_heads) return;
    struct orientd_wl_head heads[ORIENTD_WL_MAX_HEADS];
    for (size_t index = 0; index < outputs->head_count; index++) {
        heads[index].name = outputs->heads[index].name;
        heads[index].name_length = outputs->heads[index].name_length;
        heads[index].enabled = outputs->heads[index].enabled;
        heads[index].transform = outputs->heads[index].transform;
        const struct mode *mode = outputs->heads[index].current_mode
            ? mode_of(outputs, outputs->heads[index].current_mode) : NULL;
        int sane = mode && mode->width > 0 && mode->height > 0;
        heads[index].width = sane ? mode->width : 0;
        heads[index].height = sane ? mode->height : 0;
        heads[index].scale = outputs->heads[index].scale;
        heads[index].auto_rotate_policy = -1;
        heads[index].refused_auto_rotate_policy = -1;
    }
    wl->callbacks.output_heads(wl->context, heads, outputs->head_count);
}

static void manager_finished(void *data, struct zwlr_output_manager_v1 *manager) {
    struct orientd_wl_outputs *outputs = data;
    zwlr_output_manager_v1_destroy(manager);
    outputs->manager = NULL;
    outputs->have_serial = 0;
}

static const struct zwlr_output_manager_v1_listener manager_listener = {
    .head = manager_head,
    .done = manager_done,
    .finished = manager_finished,
};

static void configuration_end(struct orientd_wl_outputs *outputs, int result) {
    for (size_t index = 0; index < outputs->configured_count; index++)
        zwlr_output_configuration_head_v1_destroy(outputs->configured[index]);
    outputs->configured_count = 0;
    if (outputs->configuration) zwlr_output_configuration_v1_destroy(outputs->configuration);
    outputs->configuration = NULL;
    struct orientd_wl *wl = outputs->wl;
    if (result >= 0 && wl->callbacks.output_applied) wl->callbacks.output_applied(wl->context, result);
}

static void configuration_succeeded(void *data, struct zwlr_output_configuration_v1 *configuration) {
    (void)configuration;
    configuration_end(data, ORIENTD_WL_APPLY_SUCCEEDED);
}

static void configuration_failed(void *data, struct zwlr_output_configuration_v1 *configuration) {
    (void)configuration;
    configuration_end(data, ORIENTD_WL_APPLY_FAILED);
}

static void configuration_cancelled(void *data, struct zwlr_output_configuration_v1 *configuration) {
    (void)configuration;
    configuration_end(data, ORIENTD_WL_APPLY_CANCELLED);
}

static const struct zwlr_output_configuration_v1_listener configuration_listener = {
    .succeeded = configuration_succeeded,
    .failed = configuration_failed,
    .cancelled = configuration_cancelled,
};

// MARK: The connection's hooks

void orientd_wl_outputs_global(struct orientd_wl *wl, uint32_t name, const char *interface, uint32_t version) {
    orientd_kde_outputs_global(wl, name, interface, version);
    int is_output = strcmp(interface, wl_output_interface.name) == 0;
    int is_manager = strcmp(interface, zwlr_output_manager_v1_interface.name) == 0;
    if (!is_output && !is_manager) return;
    struct orientd_wl_outputs *outputs = outputs_of(wl);
    if (!outputs || version < 1) return;
    if (is_output && outputs->output_count < ORIENTD_WL_MAX_HEADS && version >= 2) {
        struct output *output = &outputs->outputs[outputs->output_count];
        output->proxy = wl_registry_bind(wl->registry, name, &wl_output_interface, 2);
        if (!output->proxy) return;
        output->name = name;
        outputs->output_count++;
        wl_output_add_listener(output->proxy, &output_listener, outputs);
    }
    if (is_manager && !outputs->manager) {
        outputs->manager = wl_registry_bind(wl->registry, name, &zwlr_output_manager_v1_interface, version < 2 ? version : 2);
        if (outputs->manager) zwlr_output_manager_v1_add_listener(outputs->manager, &manager_listener, outputs);
    }
}

void orientd_wl_outputs_global_remove(struct orientd_wl *wl, uint32_t name) {
    orientd_kde_outputs_global_remove(wl, name);
    struct orientd_wl_outputs *outputs = wl->outputs;
    if (!outputs) return;
    for (size_t index = 0; index < outputs->output_count; index++) {
        if (outputs->outputs[index].name != name) continue;
        wl_output_destroy(outputs->outputs[index].proxy);
        memmove(&outputs->outputs[index], &outputs->outputs[index + 1],
                (outputs->output_count - index - 1) * sizeof outputs->outputs[0]);
        outputs->output_count--;
        return;
    }
}

void orientd_wl_outputs_free(struct orientd_wl *wl) {
    orientd_kde_outputs_free(wl);
    struct orientd_wl_outputs *outputs = wl->outputs;
    if (!outputs) return;
    configuration_end(outputs, -1);
    for (size_t index = 0; index < outputs->head_count; index++) zwlr_output_head_v1_destroy(outputs->heads[index].proxy);
    if (outputs->manager) zwlr_output_manager_v1_destroy(outputs->manager);
    for (size_t index = 0; index < outputs->output_count; index++) wl_output_destroy(outputs->outputs[index].proxy);
    free(outputs);
    wl->outputs = NULL;
}

int orientd_wl_output_set_auto_rotate_policy(struct orientd_wl *wl, const char *head_name, uint32_t policy) {
    return orientd_kde_outputs_set_policy(wl, head_name, policy);
}

int orientd_wl_output_apply(struct orientd_wl *wl, const char *head_name, int32_t transform) {
    struct orientd_wl_outputs *outputs = wl->outputs;
    if (!outputs || !outputs->manager) return orientd_kde_outputs_apply(wl, head_name, transform);
    if (!outputs->have_serial || outputs->configuration) return -1;
    if (transform < 0 || transform > 7) return -1;
    struct head *target = NULL;
    for (size_t index = 0; index < outputs->head_count; index++) {
        struct head *head = &outputs->heads[index];
        if (head->name_length > 0 && strcmp(head->name, head_name) == 0) target = head;
    }
    if (!target || !target->enabled) return -1;
    outputs->configuration = zwlr_output_manager_v1_create_configuration(outputs->manager, outputs->serial);
    if (!outputs->configuration) return -1;
    zwlr_output_configuration_v1_add_listener(outputs->configuration, &configuration_listener, outputs);
    // A configuration names every head: each one as it is, the panel with its new transform.
    for (size_t index = 0; index < outputs->head_count; index++) {
        struct head *head = &outputs->heads[index];
        if (!head->enabled) {
            zwlr_output_configuration_v1_disable_head(outputs->configuration, head->proxy);
            continue;
        }
        struct zwlr_output_configuration_head_v1 *configured =
            zwlr_output_configuration_v1_enable_head(outputs->configuration, head->proxy);
        if (!configured) continue;
        outputs->configured[outputs->configured_count++] = configured;
        if (head == target) zwlr_output_configuration_head_v1_set_transform(configured, transform);
    }
    zwlr_output_configuration_v1_apply(outputs->configuration);
    return 0;
}

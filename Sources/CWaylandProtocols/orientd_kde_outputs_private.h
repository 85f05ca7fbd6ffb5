// What the parts of orientd's KWin outputs share: the devices and modes KWin sent
// (orientd_kde_devices.c), the registry that hands devices out on KWin 6.7 and later
// (orientd_kde_registry.c), and the management and hooks (orientd_kde_outputs.c).
#ifndef ORIENTD_KDE_OUTPUTS_PRIVATE_H
#define ORIENTD_KDE_OUTPUTS_PRIVATE_H

#include "orientd_wayland_private.h"
#include "kde-output-device-v2-client-protocol.h"
#include "kde-output-management-v2-client-protocol.h"

/// The devices' and configuration's versions from which KWin reports and sets the
/// auto-rotate policy (auto_rotate_policy, set_auto_rotate_policy).
#define ORIENTD_KDE_DEVICE_POLICY_VERSION 4
#define ORIENTD_KDE_MANAGEMENT_POLICY_VERSION 5
/// The device version from which a device is released (`release`) rather than dropped: the
/// registry's, whose devices KWin says are gone with `removed` instead of a global's removal.
#define ORIENTD_KDE_DEVICE_RELEASE_VERSION 21

struct orientd_kde_device {
    uint32_t global;            // the registry's name of the global, 0 when the device registry handed it out
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
struct orientd_kde_mode {
    struct kde_output_device_mode_v2 *proxy;
    int32_t width, height;
};

#define ORIENTD_KDE_MAX_MODES 256

struct orientd_kde_registry;

struct orientd_kde_outputs {
    struct orientd_wl *wl;
    struct kde_output_management_v2 *management;
    uint32_t management_version;
    struct orientd_kde_registry *registry;   // KWin's device registry, when bound
    struct orientd_kde_device devices[ORIENTD_WL_MAX_HEADS];
    size_t device_count;
    struct orientd_kde_mode modes[ORIENTD_KDE_MAX_MODES];
    size_t mode_count;
    struct kde_output_configuration_v2 *configuration;   // the apply in flight
    struct kde_output_configuration_v2 *policy_configuration;   // the policy change in flight
};

/// Follows `proxy` (bound at `version`; `global` its global's name, 0 from the registry) as one
/// more device: NULL, and `proxy` released or dropped, when the table is full.
struct orientd_kde_device *orientd_kde_device_add(struct orientd_kde_outputs *outputs, struct kde_output_device_v2 *proxy,
                                                  uint32_t global, uint32_t version);
/// Stops following the device at `index` (released or dropped), reporting the devices left if
/// it had been reported.
void orientd_kde_device_remove(struct orientd_kde_outputs *outputs, size_t index);
/// Drops every device (the connection ends, or the registry takes over from the globals).
void orientd_kde_devices_free(struct orientd_kde_outputs *outputs);

/// KWin's kde_output_device_registry_v2 (KWin 6.7 and later): binds the global `name` offered
/// at `version` when no registry is bound (it accepts version 21 and later); its devices are
/// then the only ones followed. -1 when not bound.
int orientd_kde_registry_bind(struct orientd_kde_outputs *outputs, uint32_t name, uint32_t version);
int orientd_kde_registry_is(const char *interface);
/// Whether `name` is the bound registry's global.
int orientd_kde_registry_is_global(struct orientd_kde_outputs *outputs, uint32_t name);
/// Unbinds the registry; the devices it handed out stay until freed or removed.
void orientd_kde_registry_free(struct orientd_kde_outputs *outputs);

#endif

// A Wayland connection for orientd's adapters: lists the compositor's globals and, when
// asked, follows wlr-foreign-toplevel-management's or KWin's list of windows, and
// wlr-output-management's or KWin's outputs with phoc's device state. The listeners are
// static C functions (Sources/CWaylandProtocols); they forward to the callbacks given to
// orientd_wl_open. They are built as a plugin of their own, liborientd-wayland.so, linked
// to libwayland-client; orientd opens it (orientd_wayland_open) when a Wayland adapter
// connects, so a session without one maps neither.
#ifndef ORIENTD_WAYLAND_H
#define ORIENTD_WAYLAND_H

#include <stddef.h>
#include <stdint.h>

struct orientd_wl;

/// The states a toplevel reports, as bits (1 << the protocol's state value).
enum {
    ORIENTD_WL_MAXIMIZED = 1u << 0,
    ORIENTD_WL_MINIMIZED = 1u << 1,
    ORIENTD_WL_ACTIVATED = 1u << 2,
    ORIENTD_WL_FULLSCREEN = 1u << 3,
};

/// One head of wlr-output-management, or one of KWin's kde_output_device_v2, as its latest
/// events said.
struct orientd_wl_head {
    /// Its name (`name_length` bytes, at most ORIENTD_WL_MAX_NAME; empty when none was sent
    /// or it was longer).
    const char *name;
    size_t name_length;
    int enabled;
    /// A wl_output.transform value (0–7), or -1 when none was sent or it was out of range.
    int32_t transform;
    /// The current mode's size in pixels (0 when none was sent or it was not positive) and the
    /// scale (0 when none was sent, or it was not positive).
    int32_t width, height;
    double scale;
    /// KWin's auto-rotate policy for it (kde_output_device_v2 version 4: 0 never, 1 in tablet
    /// mode, 2 always), the last one inside the protocol's enum; -1 when none was sent (a
    /// wlroots head, an older KWin).
    int32_t auto_rotate_policy;
    /// The latest policy value sent outside the enum (ignored), or -1: for one log line.
    int64_t refused_auto_rotate_policy;
};

/// The most heads and wl_outputs followed (more are not bound), and the longest head name kept.
#define ORIENTD_WL_MAX_HEADS 16
#define ORIENTD_WL_MAX_NAME 64

/// The compositor's answers to orientd_wl_output_apply.
enum {
    ORIENTD_WL_APPLY_SUCCEEDED,
    ORIENTD_WL_APPLY_FAILED,
    ORIENTD_WL_APPLY_CANCELLED,
};

/// What phoc's device state (zphoc_device_state_v1) says of its tablet-mode switch.
enum {
    /// phoc offers no device state (another compositor, an older phoc), or it went away.
    ORIENTD_WL_DEVICE_STATE_NONE = 0,
    /// Its capabilities name no tablet-mode switch (a phone, a desktop, a headless phoc).
    ORIENTD_WL_DEVICE_STATE_NO_TABLET_MODE_SWITCH,
    /// Its tablet-mode switch is enabled (a convertible folded into a tablet).
    ORIENTD_WL_DEVICE_STATE_TABLET_MODE,
    /// Its tablet-mode switch is disabled (a convertible on its keyboard, a laptop).
    ORIENTD_WL_DEVICE_STATE_LAPTOP_MODE,
};

/// What the connection reports, each with the context given to orientd_wl_open. Any may be NULL.
struct orientd_wl_callbacks {
    /// A global the compositor offers: each one when listing, and any added later.
    void (*global)(void *context, const char *interface, uint32_t version);
    /// A global went away (an output unplugged).
    void (*global_removed)(void *context, uint32_t name);
    /// Every global offered at connection has been listed.
    void (*listed)(void *context);
    /// A toplevel as its latest done event completed it: its app id (NULL before the
    /// compositor sent one; `app_id_length` bytes, at most ORIENTD_WL_MAX_TEXT) and its states.
    void (*toplevel)(void *context, uint64_t handle, const char *app_id, size_t app_id_length, uint32_t states);
    /// A toplevel was closed; its handle is not used again.
    void (*toplevel_closed)(void *context, uint64_t handle);
    /// A toplevel was announced while `max_toplevels` were already followed: the oldest one not
    /// activated was given up (`toplevel_closed` follows) for it, or, all being activated, it is not followed.
    void (*toplevel_refused)(void *context);
    /// The compositor will announce no more toplevels on this connection.
    void (*toplevel_manager_finished)(void *context);
    /// ORIENTD_WL_BIND_OUTPUTS: a wl_output's done event (its geometry, mode or scale changed).
    void (*output_changed)(void *context);
    /// ORIENTD_WL_BIND_OUTPUTS, when the compositor offers wlr-output-management: the heads as
    /// the manager's latest done event completed them (at most ORIENTD_WL_MAX_HEADS). On KWin:
    /// its output devices that a done event completed, after each device's done and after a
    /// device is unplugged.
    void (*output_heads)(void *context, const struct orientd_wl_head *heads, size_t count);
    /// The compositor's answer to orientd_wl_output_apply: one of ORIENTD_WL_APPLY_*.
    void (*output_applied)(void *context, int result);
    /// KWin's answer to orientd_wl_output_set_auto_rotate_policy: ORIENTD_WL_APPLY_SUCCEEDED or _FAILED.
    void (*output_policy_applied)(void *context, int result);
    /// ORIENTD_WL_BIND_OUTPUTS, when phoc offers its device state: one of
    /// ORIENTD_WL_DEVICE_STATE_*, each time it differs from the last one said (a capability
    /// with a tablet-mode switch says nothing until the switch's state comes).
    void (*device_state)(void *context, int state);
};

/// The longest app id kept (a Wayland message is at most 4096 bytes in all).
#define ORIENTD_WL_MAX_TEXT 4096

/// What orientd_wl_open binds besides the registry.
enum {
    /// The toplevel manager: follow the compositor's windows.
    ORIENTD_WL_BIND_TOPLEVELS = 1 << 0,
    /// The first seat: ask the compositor to change windows (orientd_wl_toplevel_request).
    ORIENTD_WL_BIND_SEAT = 1 << 1,
    /// Every wl_output (output_changed), and wlr-output-management or KWin's
    /// kde_output_device_v2 and kde_output_management_v2 when offered (output_heads,
    /// orientd_wl_output_apply), and phoc's zphoc_device_state_v1 when offered (device_state).
    ORIENTD_WL_BIND_OUTPUTS = 1 << 2,
    /// KWin's window list (org_kde_plasma_window_management), reported through the toplevel
    /// callbacks like wlroots' list (KWin has no `finished`).
    ORIENTD_WL_BIND_PLASMA_WINDOWS = 1 << 3,
};

/// Takes `fd` (a connected, non-blocking Wayland socket: closed by orientd_wl_close, or here
/// on failure) and asks for the globals; binds what `binds` names when it is listed, and
/// follows at most `max_toplevels` windows. NULL when libwayland refuses the socket.
struct orientd_wl *orientd_wl_open(int fd, unsigned binds, size_t max_toplevels,
                                   const struct orientd_wl_callbacks *callbacks, void *context);

/// What orientd_wl_toplevel_request asks of a window, as a shell's task switcher does.
enum {
    ORIENTD_WL_REQUEST_ACTIVATE,
    ORIENTD_WL_REQUEST_MINIMIZE,
    ORIENTD_WL_REQUEST_UNMINIMIZE,
};

/// Asks the compositor to change the window `handle` (queued: flush to send): a window of
/// wlroots' list, or of KWin's (set_state, as Plasma's task manager does). -1 when no such
/// window is followed, or (to activate a window of wlroots' list) no seat is bound.
int orientd_wl_toplevel_request(struct orientd_wl *wl, uint64_t handle, int request);

/// Asks the compositor to turn the head named `head_name` to `transform` (wl_output.transform),
/// every other head as it is (queued: flush to send); the answer comes to output_applied (KWin
/// answers succeeded or failed, never cancelled). -1 when neither wlr-output-management nor
/// kde_output_management_v2 is bound, no head on has that name, or an apply is in flight.
int orientd_wl_output_apply(struct orientd_wl *wl, const char *head_name, int32_t transform);

/// The auto-rotate policies KWin knows (kde_output_device_v2's and
/// kde_output_configuration_v2's enum auto_rotate_policy).
enum {
    ORIENTD_WL_AUTO_ROTATE_NEVER = 0,
    ORIENTD_WL_AUTO_ROTATE_IN_TABLET_MODE = 1,
    ORIENTD_WL_AUTO_ROTATE_ALWAYS = 2,
};

/// Takes a policy value KWin sent into `*kept`: 0 when it is one of the enum's, -1 when it is
/// not (then `*kept` stays the last sane one).
int orientd_wl_take_auto_rotate_policy(int32_t *kept, uint32_t sent);

/// Asks KWin to set its auto-rotate policy of the device named `head_name` to `policy` (one of
/// ORIENTD_WL_AUTO_ROTATE_*; queued: flush to send), nothing else changed; the answer comes to
/// output_policy_applied. -1 when kde_output_management_v2 is not bound at version 5 or later,
/// no device on has that name or it reports no policy (bound below version 4), the policy is
/// not one of the enum's, or a policy change is in flight.
int orientd_wl_output_set_auto_rotate_policy(struct orientd_wl *wl, const char *head_name, uint32_t policy);

/// The socket to watch for input.
int orientd_wl_fd(struct orientd_wl *wl);

/// Reads what the socket holds (never waits) and runs the callbacks for it; then sends what
/// they queued. 0 while the connection lives, 1 when requests wait for the socket to take
/// them (flush again when it is writable), -1 when the connection has ended.
int orientd_wl_dispatch(struct orientd_wl *wl);

/// Sends queued requests: 0 all sent, 1 some wait for the socket, -1 the connection ended.
int orientd_wl_flush(struct orientd_wl *wl);

/// Why the connection ended, into `buffer` (empty while it lives).
void orientd_wl_error(struct orientd_wl *wl, char *buffer, size_t size);

/// Ends the connection and frees it: no callback runs after this. Called from a callback,
/// the connection is freed when the dispatch running it returns.
void orientd_wl_close(struct orientd_wl *wl);

/// This header's version of the plugin's API: raised with any change to a function, a struct
/// or a callback above, so an orientd never uses a plugin built from another header (a
/// package upgraded under a running orientd).
#define ORIENTD_WL_API_VERSION 1

/// The plugin's ORIENTD_WL_API_VERSION.
unsigned orientd_wl_api_version(void);

#endif

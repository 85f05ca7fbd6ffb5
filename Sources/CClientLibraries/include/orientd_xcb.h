// libxcb, the X protocol C binding, opened when the X11 window tracker connects (its types
// from the headers; its functions through orientd_xcb_open, never linked).
#ifndef ORIENTD_XCB_H
#define ORIENTD_XCB_H

#include <stddef.h>
#include <xcb/xcb.h>
// xcb_poll_for_reply: collecting a reply without waiting for it.
#include <xcb/xcbext.h>

/// The libxcb functions the tracker calls, each in a field of its own name.
#define ORIENTD_XCB_FUNCTIONS(F) \
    F(xcb_connect) F(xcb_connection_has_error) F(xcb_disconnect) F(xcb_get_file_descriptor) \
    F(xcb_flush) F(xcb_get_setup) F(xcb_setup_roots_iterator) F(xcb_screen_next) \
    F(xcb_get_property) F(xcb_get_property_value_length) F(xcb_get_property_value) \
    F(xcb_intern_atom) F(xcb_change_window_attributes) F(xcb_poll_for_event) \
    F(xcb_poll_for_queued_event) F(xcb_poll_for_reply)

struct orientd_xcb {
#define ORIENTD_XCB_FIELD(name) __typeof__(&name) _Nonnull name;
    ORIENTD_XCB_FUNCTIONS(ORIENTD_XCB_FIELD)
#undef ORIENTD_XCB_FIELD
};

/// The file opened: libxcb's soname.
#define ORIENTD_XCB_LIBRARY "libxcb.so.1"

/// Adds a user of libxcb, opening it for the first: its functions, or NULL with why in `error`.
/// Callable from any thread.
const struct orientd_xcb *_Nullable orientd_xcb_open(char *_Nonnull error, size_t size);

/// Removes a user (one per non-NULL open); libxcb is closed after the last.
void orientd_xcb_close(void);

#endif

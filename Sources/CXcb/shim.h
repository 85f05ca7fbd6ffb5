// libxcb, the X protocol C binding: orientd's X11 window tracker reads the window manager's
// EWMH properties through it.
#include <xcb/xcb.h>
// xcb_poll_for_reply: collecting a reply without waiting for it.
#include <xcb/xcbext.h>

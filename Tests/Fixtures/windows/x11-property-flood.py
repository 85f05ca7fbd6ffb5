#!/usr/bin/python3
"""An X client that floods the X server with property changes, through libxcb (ctypes).

It is its own EWMH window manager (a check window naming itself in the root window's
_NET_SUPPORTING_WM_CHECK, _NET_CLIENT_LIST and _NET_ACTIVE_WINDOW naming its one app window,
whose WM_CLASS class is `flood-start`), so that orientd's X11 window tracker follows that
window. Prints "ready" once all is set, then waits for the file named by its second
argument. Then, for the seconds given as its third argument, it changes as fast as the server
takes them the app window's WM_CLASS and _NET_WM_STATE and the root window's
_NET_CLIENT_LIST, _NET_ACTIVE_WINDOW and _NET_SUPPORTING_WM_CHECK (what any client can
change), and finally sets the
class `flood-final`, waits for the server to have done it all and prints "done <changes>".
It stays connected until SIGTERM. Usage: x11-property-flood.py DISPLAY GO-FILE SECONDS

With SECONDS `huge`, it sets instead a WM_CLASS of 1 MB and a _NET_WM_STATE of 100,000 atoms,
prints "huge", waits for GO-FILE with `2` appended, and then sets the class `flood-final`.
"""

import ctypes
import os
import signal
import struct
import sys
import time

xcb = ctypes.CDLL("libxcb.so.1")
libc = ctypes.CDLL("libc.so.6")


class Cookie(ctypes.Structure):
    _fields_ = [("sequence", ctypes.c_uint)]


class ScreenIterator(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("rem", ctypes.c_int), ("index", ctypes.c_int)]


xcb.xcb_connect.restype = ctypes.c_void_p
xcb.xcb_connect.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_int)]
xcb.xcb_connection_has_error.argtypes = [ctypes.c_void_p]
xcb.xcb_get_setup.restype = ctypes.c_void_p
xcb.xcb_get_setup.argtypes = [ctypes.c_void_p]
xcb.xcb_setup_roots_iterator.restype = ScreenIterator
xcb.xcb_setup_roots_iterator.argtypes = [ctypes.c_void_p]
xcb.xcb_generate_id.restype = ctypes.c_uint32
xcb.xcb_generate_id.argtypes = [ctypes.c_void_p]
xcb.xcb_create_window.restype = Cookie
xcb.xcb_create_window.argtypes = [ctypes.c_void_p, ctypes.c_uint8, ctypes.c_uint32, ctypes.c_uint32, ctypes.c_int16,
                                  ctypes.c_int16, ctypes.c_uint16, ctypes.c_uint16, ctypes.c_uint16, ctypes.c_uint16,
                                  ctypes.c_uint32, ctypes.c_uint32, ctypes.c_void_p]
xcb.xcb_change_property.restype = Cookie
xcb.xcb_change_property.argtypes = [ctypes.c_void_p, ctypes.c_uint8, ctypes.c_uint32, ctypes.c_uint32, ctypes.c_uint32,
                                    ctypes.c_uint8, ctypes.c_uint32, ctypes.c_void_p]
xcb.xcb_intern_atom.restype = Cookie
xcb.xcb_intern_atom.argtypes = [ctypes.c_void_p, ctypes.c_uint8, ctypes.c_uint16, ctypes.c_char_p]
xcb.xcb_intern_atom_reply.restype = ctypes.c_void_p
xcb.xcb_intern_atom_reply.argtypes = [ctypes.c_void_p, Cookie, ctypes.c_void_p]
xcb.xcb_get_input_focus.restype = Cookie
xcb.xcb_get_input_focus.argtypes = [ctypes.c_void_p]
xcb.xcb_get_input_focus_reply.restype = ctypes.c_void_p
xcb.xcb_get_input_focus_reply.argtypes = [ctypes.c_void_p, Cookie, ctypes.c_void_p]
xcb.xcb_flush.argtypes = [ctypes.c_void_p]
libc.free.argtypes = [ctypes.c_void_p]

WINDOW, ATOM, STRING = 33, 4, 31
WM_CLASS = 67

display, go_file, huge = sys.argv[1], sys.argv[2], sys.argv[3] == "huge"
seconds = 0.0 if huge else float(sys.argv[3])
screen = ctypes.c_int(0)
connection = xcb.xcb_connect(display.encode(), ctypes.byref(screen))
if not connection or xcb.xcb_connection_has_error(connection):
    sys.exit("cannot connect to " + display)
root = ctypes.c_uint32.from_address(xcb.xcb_setup_roots_iterator(xcb.xcb_get_setup(connection)).data).value


def atom(name):
    reply = xcb.xcb_intern_atom_reply(connection, xcb.xcb_intern_atom(connection, 0, len(name), name.encode()), None)
    value = ctypes.c_uint32.from_address(reply + 8).value
    libc.free(reply)
    return value


def window():
    wid = xcb.xcb_generate_id(connection)
    xcb.xcb_create_window(connection, 0, wid, root, 0, 0, 1, 1, 0, 2, 0, 0, None)  # InputOnly
    return wid


def set_property(target, prop, kind, fmt, data):
    count = len(data) // (fmt // 8)
    xcb.xcb_change_property(connection, 0, target, prop, kind, fmt, count, data)


def words(*values):
    return struct.pack("=%dI" % len(values), *values)


check_atom, client_list, active = atom("_NET_SUPPORTING_WM_CHECK"), atom("_NET_CLIENT_LIST"), atom("_NET_ACTIVE_WINDOW")
state, hidden, fullscreen = atom("_NET_WM_STATE"), atom("_NET_WM_STATE_HIDDEN"), atom("_NET_WM_STATE_FULLSCREEN")
check, app = window(), window()
set_property(check, check_atom, WINDOW, 32, words(check))
set_property(app, WM_CLASS, STRING, 8, b"flood\0flood-start\0")
set_property(app, state, ATOM, 32, b"")
set_property(root, client_list, WINDOW, 32, words(app))
set_property(root, active, WINDOW, 32, words(app))
set_property(root, check_atom, WINDOW, 32, words(check))


def sync():
    reply = xcb.xcb_get_input_focus_reply(connection, xcb.xcb_get_input_focus(connection), None)
    libc.free(reply)


sync()
print("ready", flush=True)
signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
while not os.path.exists(go_file):
    time.sleep(0.02)

if huge:
    set_property(app, WM_CLASS, STRING, 8, b"flood\0" + b"x" * (1 << 20) + b"\0")
    set_property(app, state, ATOM, 32, words(*([hidden] * 100000)))
    sync()
    print("huge", flush=True)
    while not os.path.exists(go_file + "2"):
        time.sleep(0.02)

changes = 0
end = time.monotonic() + seconds
classes = [b"flood\0flood-a\0", b"flood\0flood-b\0"]
states = [words(hidden), words(fullscreen), b""]
while time.monotonic() < end:
    for index in range(256):
        set_property(app, WM_CLASS, STRING, 8, classes[index % 2])
        set_property(app, state, ATOM, 32, states[index % 3])
        set_property(root, client_list, WINDOW, 32, words(app))
        set_property(root, active, WINDOW, 32, words(app))
        set_property(root, check_atom, WINDOW, 32, words(check))
    changes += 1280
    xcb.xcb_flush(connection)
set_property(app, WM_CLASS, STRING, 8, b"flood\0flood-final\0")
set_property(app, state, ATOM, 32, b"")
sync()
print("done %d" % changes, flush=True)
while True:
    signal.pause()

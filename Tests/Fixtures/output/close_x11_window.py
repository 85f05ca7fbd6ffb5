#!/usr/bin/python3
"""Asks an X11 window to close as a window manager's close button does: a WM_DELETE_WINDOW
client message (WM_PROTOCOLS) sent to the window on $DISPLAY.

    close_x11_window.py WINDOW-ID

KWin's X11 windowed backend unplugs the output that window shows (when it has more than one),
which no other tool the tests have can ask for (xdotool's windowclose destroys the window).
Needs libX11 (libx11-6), through ctypes.
"""

import ctypes
import sys


class ClientMessage(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                ("format", ctypes.c_int), ("data", ctypes.c_long * 5)]


class Event(ctypes.Union):
    _fields_ = [("client_message", ClientMessage), ("pad", ctypes.c_long * 24)]


def main():
    window = int(sys.argv[1], 0)
    x11 = ctypes.CDLL("libX11.so.6")
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x11.XInternAtom.restype = ctypes.c_ulong
    x11.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    x11.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long, ctypes.POINTER(Event)]
    x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
    display = x11.XOpenDisplay(None)
    if not display:
        sys.exit("close_x11_window: cannot open the display")
    event = Event()
    message = event.client_message
    message.type = 33  # ClientMessage
    message.window = window
    message.message_type = x11.XInternAtom(display, b"WM_PROTOCOLS", 0)
    message.format = 32
    message.data[0] = x11.XInternAtom(display, b"WM_DELETE_WINDOW", 0)
    message.data[1] = 0  # CurrentTime
    if not x11.XSendEvent(display, window, 0, 0, ctypes.byref(event)):
        sys.exit("close_x11_window: XSendEvent failed")
    x11.XSync(display, 0)


if __name__ == "__main__":
    main()

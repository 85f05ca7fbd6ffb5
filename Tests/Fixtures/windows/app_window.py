#!/usr/bin/python3
"""An unmodified GTK 4 app: one window of the application id given as the first argument.

The window trackers' tests and orientd-bench run it under a real compositor or X server;
SIGTERM quits the app (its window closes), SIGUSR1 asks the compositor to minimize its window.
Prints "shown" once the window is presented; runs until killed or quit. NON_UNIQUE: two
processes of one app id are two windows, not one forwarding to the other. Needs python3-gi
and gir1.2-gtk-4.0.

Options (after the app id):
  --maximize  ask the compositor to maximize the window (it then follows the panel's size)
  --report    print "active <ns>" each time the window becomes the active one and
              "size <width>x<height> <ns>" each time the compositor gives it a new size, <ns>
              being CLOCK_MONOTONIC in nanoseconds (so that a benchmark can time, in the app's
              own clock, how long after its window was activated the panel turned)
"""

import signal
import sys
import time

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import Gio, GLib, Gtk  # noqa: E402

APP_ID = sys.argv[1]
MAXIMIZE = "--maximize" in sys.argv[2:]
REPORT = "--report" in sys.argv[2:]


def now():
    return time.clock_gettime_ns(time.CLOCK_MONOTONIC)


def report_active(window, _param):
    if window.is_active():
        print(f"active {now()}", flush=True)


def report_layout(_surface, width, height):
    print(f"size {width}x{height} {now()}", flush=True)


def activate(app):
    window = Gtk.ApplicationWindow(application=app, title=APP_ID)
    window.set_default_size(320, 240)
    window.set_child(Gtk.Label(label=APP_ID))
    if MAXIMIZE:
        window.maximize()
    if REPORT:
        window.connect("notify::is-active", report_active)
        window.connect("realize", lambda w: w.get_surface().connect("layout", report_layout))
    window.present()
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, lambda: app.quit() or False)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, lambda: window.minimize() or True)
    print("shown", flush=True)


app = Gtk.Application(application_id=APP_ID, flags=Gio.ApplicationFlags.NON_UNIQUE)
app.connect("activate", activate)
app.run([])

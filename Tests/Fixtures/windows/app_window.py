#!/usr/bin/python3
"""An unmodified GTK 4 app: one window of the application id given as the first argument.

The window trackers' tests run it under a real compositor or X server; SIGTERM quits the app
(its window closes). Prints "shown" once the window is presented; runs until killed or
quit. NON_UNIQUE: two processes of one app id are two windows, not one forwarding to the
other. Needs python3-gi and gir1.2-gtk-4.0.
"""

import signal
import sys

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import Gio, GLib, Gtk  # noqa: E402

APP_ID = sys.argv[1]


def activate(app):
    window = Gtk.ApplicationWindow(application=app, title=APP_ID)
    window.set_default_size(320, 240)
    window.set_child(Gtk.Label(label=APP_ID))
    window.present()
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, lambda: app.quit() or False)
    print("shown", flush=True)


app = Gtk.Application(application_id=APP_ID, flags=Gio.ApplicationFlags.NON_UNIQUE)
app.connect("activate", activate)
app.run([])

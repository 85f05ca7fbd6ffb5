#!/usr/bin/python3
"""A client flooding the compositor's window list: COUNT small GTK 4 windows under one
application id (the first argument; COUNT the second), as a hostile or broken app maps them.

Prints "shown COUNT" once every window is presented; runs until killed. Needs python3-gi and
gir1.2-gtk-4.0 (GSK_RENDERER=cairo keeps a thousand windows cheap).
"""

import sys

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import Gio, GLib, Gtk  # noqa: E402

APP_ID = sys.argv[1]
COUNT = int(sys.argv[2])


def activate(app):
    windows = []

    def more():
        # A batch per turn of the loop, so that the compositor's events keep flowing.
        for _ in range(min(50, COUNT - len(windows))):
            window = Gtk.ApplicationWindow(application=app, title=f"{APP_ID} {len(windows)}")
            window.set_default_size(64, 64)
            window.present()
            windows.append(window)
        if len(windows) < COUNT:
            return True
        print(f"shown {COUNT}", flush=True)
        return False

    app.hold()
    GLib.idle_add(more)


app = Gtk.Application(application_id=APP_ID, flags=Gio.ApplicationFlags.NON_UNIQUE)
app.connect("activate", activate)
app.run([])

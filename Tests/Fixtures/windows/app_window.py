#!/usr/bin/python3
"""An ordinary, unmodified GTK 4 app window: a Gtk.Application with the application id given
as the first argument, and one window titled after it. Prints "shown" once the window is
presented; runs until killed. The window trackers' tests run it. Needs python3-gi and
gir1.2-gtk-4.0.
"""

import sys

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import Gio, Gtk  # noqa: E402


def activate(app):
    window = Gtk.ApplicationWindow(application=app, title=app.get_application_id())
    window.set_default_size(300, 200)
    window.present()
    print("shown", flush=True)


app = Gtk.Application(application_id=sys.argv[1], flags=Gio.ApplicationFlags.NON_UNIQUE)
app.connect("activate", activate)
app.run([])

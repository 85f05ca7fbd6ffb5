#!/usr/bin/python3
"""A full-screen GTK 4 window whose top is marked: a red band along its top edge, blue below.

The output tests capture the panel's frame and look for the red band: it must lie along the
panel's edge that is up for the user. Prints "shown" once the window is presented; runs until
killed. Needs python3-gi and gir1.2-gtk-4.0.
"""

import gi

gi.require_version("Gdk", "4.0")
gi.require_version("Gtk", "4.0")
from gi.repository import Gdk, Gtk  # noqa: E402

CSS = b".top { background: #ff0000; } .rest { background: #0000ff; }"


def activate(app):
    css = Gtk.CssProvider()
    css.load_from_data(CSS)
    Gtk.StyleContext.add_provider_for_display(Gdk.Display.get_default(), css, Gtk.STYLE_PROVIDER_PRIORITY_USER)
    window = Gtk.ApplicationWindow(application=app, decorated=False, title="marked top")
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
    top = Gtk.Box()
    top.add_css_class("top")
    top.set_size_request(-1, 120)
    rest = Gtk.Box()
    rest.add_css_class("rest")
    rest.set_vexpand(True)
    box.append(top)
    box.append(rest)
    window.set_child(box)
    window.fullscreen()
    window.present()
    print("shown", flush=True)


app = Gtk.Application(application_id="org.example.MarkedTop")
app.connect("activate", activate)
app.run([])

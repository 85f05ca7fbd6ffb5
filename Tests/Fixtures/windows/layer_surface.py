#!/usr/bin/python3
"""A shell's own surface, as Phosh's top drawer is one: a wlr-layer-shell surface on the top
layer that takes the keyboard (keyboard interactivity exclusive), so the compositor
deactivates the app window in front while it is open and no app window is activated.

The front-window tests open it over an app on phoc (the compositor is the one
WAYLAND_DISPLAY names). Prints "shown" once the surface is mapped; SIGTERM closes it and
it exits 0. Needs python3-gi, gir1.2-gtk-3.0 and
gir1.2-gtklayershell-0.1 (gtk-layer-shell speaks the protocol).
"""

import signal

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("GtkLayerShell", "0.1")
from gi.repository import GLib, Gtk, GtkLayerShell  # noqa: E402


def close(*_args):
    Gtk.main_quit()
    return False


def shown(_window, _event):
    print("shown", flush=True)
    return False


window = Gtk.Window(title="drawer")
GtkLayerShell.init_for_window(window)
GtkLayerShell.set_namespace(window, "drawer")
GtkLayerShell.set_layer(window, GtkLayerShell.Layer.TOP)
GtkLayerShell.set_keyboard_mode(window, GtkLayerShell.KeyboardMode.EXCLUSIVE)
for edge in (GtkLayerShell.Edge.TOP, GtkLayerShell.Edge.LEFT, GtkLayerShell.Edge.RIGHT):
    GtkLayerShell.set_anchor(window, edge, True)
window.set_default_size(320, 200)
window.add(Gtk.Label(label="drawer"))
window.connect("map-event", shown)
GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, close)
window.show_all()
Gtk.main()
window.destroy()

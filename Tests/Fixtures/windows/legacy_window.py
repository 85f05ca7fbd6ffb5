#!/usr/bin/python3
"""An unmodified GTK 4 program of the older kind: one window and no GApplication.

The program name given as the first argument becomes the window's WM_CLASS (GTK names the
class after the program, as every program not built on GApplication gets it), and without a
GApplication the window carries no _GTK_APPLICATION_ID: on X11 only a desktop entry's
StartupWMClass can say which app it is. SIGTERM closes the window. Prints "shown" once the
window is presented. Needs python3-gi and gir1.2-gtk-4.0.
"""

import signal
import sys

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import GLib, Gtk  # noqa: E402

GLib.set_prgname(sys.argv[1])
Gtk.init()
loop = GLib.MainLoop()
window = Gtk.Window(title=sys.argv[1])
window.set_default_size(320, 240)
window.set_child(Gtk.Label(label=sys.argv[1]))
window.connect("close-request", lambda *_: loop.quit() or False)
window.present()
GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, lambda: loop.quit() or False)
print("shown", flush=True)
loop.run()

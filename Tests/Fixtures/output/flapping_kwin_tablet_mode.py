#!/usr/bin/python3
"""A hostile owner of org.kde.KWin on the session bus: KWin's TabletModeManager
(/org/kde/KWin, org.kde.KWin.TabletModeManager) on a convertible in laptop mode
(tabletModeAvailable true, tabletMode false), whose tablet mode, on SIGUSR1, flips with
PropertiesChanged as fast as it can for SECONDS seconds, then stays at FINAL ("true" or
"false") and prints "flapped N" (N: the flips sent). Prints "ready" once it owns the name.
Runs until killed. Needs python3-dbus and python3-gi.

    flapping_kwin_tablet_mode.py SECONDS FINAL
"""

import signal
import sys
import time

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

SECONDS, FINAL = float(sys.argv[1]), sys.argv[2] == "true"
INTERFACE = "org.kde.KWin.TabletModeManager"
PROPERTIES = "org.freedesktop.DBus.Properties"


class TabletModeManager(dbus.service.Object):
    def __init__(self, bus):
        super().__init__(bus, "/org/kde/KWin")
        self.tablet_mode = False

    def values(self):
        return {"tabletModeAvailable": dbus.Boolean(True), "tabletMode": dbus.Boolean(self.tablet_mode)}

    @dbus.service.method(PROPERTIES, in_signature="ss", out_signature="v")
    def Get(self, interface, name):
        return self.values()[name]

    @dbus.service.method(PROPERTIES, in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        return self.values() if interface == INTERFACE else {}

    @dbus.service.signal(PROPERTIES, signature="sa{sv}as")
    def PropertiesChanged(self, interface, changed, invalidated):
        pass

    def flip(self, value):
        self.tablet_mode = value
        self.PropertiesChanged(INTERFACE, {"tabletMode": dbus.Boolean(value)}, [])


def flap(manager):
    end = time.monotonic() + SECONDS
    flips = 0

    def batch():
        nonlocal flips
        # A hundred flips at a time, so the bus's calls (GetAll) are still answered between.
        for _ in range(100):
            manager.flip(not manager.tablet_mode)
            flips += 1
        if time.monotonic() < end:
            return True
        if manager.tablet_mode != FINAL:
            manager.flip(FINAL)
            flips += 1
        print(f"flapped {flips}", flush=True)
        return False

    GLib.idle_add(batch)
    return False


dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
manager = TabletModeManager(bus)
name = dbus.service.BusName("org.kde.KWin", bus, do_not_queue=True)
GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, lambda: flap(manager))
print("ready", flush=True)
GLib.MainLoop().run()

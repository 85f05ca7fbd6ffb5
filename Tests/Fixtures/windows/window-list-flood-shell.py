#!/usr/bin/python3
"""A stand-in for GNOME Shell and orientd's extension that floods orientd with window lists.

Owns org.gnome.Shell on the session bus (DBUS_SESSION_BUS_ADDRESS) and serves
io.github.orientd.ShellWindows1 at /io/github/orientd/ShellWindows1: GetWindows answers the
current list, first one focused window of `flood.start`. Prints "ready" once it owns the name,
then waits for the file named by its first argument. Then it says WindowsChanged as fast as it
can, as many times as its second argument, each a list of as many new windows as its third
(every list new windows of new apps), and finally one focused window of `flood.final`; it
prints "done <signals>" and serves until SIGTERM. A fourth argument N says one list of N
windows before the others, and waits 2 s after it. Needs python3-dbus and python3-gi.
"""

import os
import signal
import sys
import time

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

INTERFACE = "io.github.orientd.ShellWindows1"
PATH = "/io/github/orientd/ShellWindows1"
go_file, signals, windows = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
big = int(sys.argv[4]) if len(sys.argv) > 4 else 0


def entries(items):
    return dbus.Array([dbus.Struct((dbus.UInt64(h), app, focused, False, False), signature="tsbbb")
                       for h, app, focused in items], signature="(tsbbb)")


class Windows(dbus.service.Object):
    current = entries([(1, "flood.start", True)])

    @dbus.service.method(INTERFACE, in_signature="", out_signature="a(tsbbb)")
    def GetWindows(self):
        return self.current

    @dbus.service.signal(INTERFACE, signature="a(tsbbb)")
    def WindowsChanged(self, windows):
        pass

    def say(self, windows):
        self.current = windows
        self.WindowsChanged(windows)


dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
shell = Windows(bus, PATH)
name = dbus.service.BusName("org.gnome.Shell", bus)
loop = GLib.MainLoop()
print("ready", flush=True)


def flood():
    if not os.path.exists(go_file):
        return True
    if big:
        shell.say(entries([(100000000 + k, "flood.big%d" % k, False) for k in range(big)]))
        bus.flush()
        time.sleep(2)  # read alone, not replaced by the next list while it waits
    for round in range(signals):
        base = 1000 + round * windows
        shell.say(entries([(base + k, "flood.app%d" % (base + k), k == 0) for k in range(windows)]))
    shell.say(entries([(1, "flood.final", True)]))
    bus.flush()
    print("done %d" % (signals + 1 + (1 if big else 0)), flush=True)
    return False


GLib.timeout_add(20, flood)
GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, lambda: loop.quit() or False)
loop.run()

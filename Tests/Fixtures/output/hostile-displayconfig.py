#!/usr/bin/python3
"""A hostile org.gnome.Mutter.DisplayConfig, for orientd's reliability tests: whoever owns the
name on the session bus is DisplayConfig to orientd, so this one answers numbers no real
mutter would, floods MonitorsChanged, and answers megabytes.

It serves one state at a time, by name (--state, or SetState on the control interface):
    valid        a built-in eDP-1 panel, 800x1280 at (0, 0), scale 1, and HDMI-1 right of it
    tiny-scale   the panel at scale 1e-9
    nan-scale    the panel at scale NaN
    inf-scale    the panel at scale +inf
    huge-mode    the panel's current mode 2147483647 x -2147483648
    far-x        the panel at x = 2147483647, HDMI-1 at x = -2147483648
    far-y        the panel at y = -2147483648
    bad-transform  the panel at transform 4294967295
ApplyMonitorsConfig (any serial) takes the panel's transform from the call, moves the serial
on and says MonitorsChanged.

Control interface org.orientd.test.Hostile at /org/orientd/test/Hostile:
    SetState(s name)      serve another state and say MonitorsChanged once
    Flood(u count)        say MonitorsChanged count times, as fast as it can
    Stats() -> (uuu)      GetCurrentState calls answered, MonitorsChanged said, applies
    Applied() -> (au)     the transforms ApplyMonitorsConfig set, in order

usage: hostile-displayconfig.py [--state NAME] [--padding BYTES] [--flood-rate N]
  --padding BYTES  every GetCurrentState reply carries BYTES more (a string in HDMI-1's
                   properties), so a 5 MB reply is --padding 5000000
  --flood-rate N   say MonitorsChanged N times a second from the start, in bursts every 10 ms
Needs python3-dbus and python3-gi. Uses the session bus (DBUS_SESSION_BUS_ADDRESS).
"""

import argparse
import math
import signal
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

NAME = "org.gnome.Mutter.DisplayConfig"
PATH = "/org/gnome/Mutter/DisplayConfig"
CONTROL = "org.orientd.test.Hostile"
CONTROL_PATH = "/org/orientd/test/Hostile"
STATE_TYPE = "ua((ssss)a(siiddada{sv})a{sv})a(iiduba(ssss)a{sv})a{sv}"

STATES = {
    # name: (panel mode (w, h), panel (x, y), scale, transform, HDMI-1's x)
    "valid": ((800, 1280), (0, 0), 1.0, 0, 800),
    "tiny-scale": ((800, 1280), (0, 0), 1e-9, 0, 800),
    "nan-scale": ((800, 1280), (0, 0), math.nan, 0, 800),
    "inf-scale": ((800, 1280), (0, 0), math.inf, 0, 800),
    "huge-mode": ((2147483647, -2147483648), (0, 0), 1.0, 0, 800),
    "far-x": ((800, 1280), (2147483647, 0), 1.0, 0, -2147483648),
    "far-y": ((800, 1280), (0, -2147483648), 1.0, 0, 800),
    "bad-transform": ((800, 1280), (0, 0), 1.0, 4294967295, 800),
}


def spec(connector):
    return dbus.Struct((connector, "ACME", "panel", "0001"), signature="ssss")


def mode(name, width, height):
    return dbus.Struct((name, dbus.Int32(width), dbus.Int32(height), 60.0, 1.0, dbus.Array([1.0], signature="d"),
                        dbus.Dictionary({"is-current": True}, signature="sv")), signature="siiddada{sv}")


class DisplayConfig(dbus.service.Object):
    def __init__(self, bus, state, padding):
        super().__init__(bus, PATH)
        self.state = state
        self.padding = padding
        self.serial = 1
        self.transform = 0
        self.calls = 0
        self.signals = 0
        self.applied = []

    @dbus.service.method(NAME, in_signature="", out_signature=STATE_TYPE)
    def GetCurrentState(self):
        self.calls += 1
        (width, height), (x, y), scale, transform, hdmi_x = STATES[self.state]
        if self.state == "valid":
            transform = self.transform
        padding = {"padding": "x" * self.padding} if self.padding else {}
        monitors = dbus.Array([
            dbus.Struct((spec("eDP-1"), dbus.Array([mode("panel-mode", width, height)]),
                         dbus.Dictionary({"is-builtin": True}, signature="sv")), signature=None),
            dbus.Struct((spec("HDMI-1"), dbus.Array([mode("1920x1080@60", 1920, 1080)]),
                         dbus.Dictionary(padding, signature="sv")), signature=None),
        ], signature="((ssss)a(siiddada{sv})a{sv})")
        logical = dbus.Array([
            dbus.Struct((dbus.Int32(x), dbus.Int32(y), dbus.Double(scale), dbus.UInt32(transform), True,
                         dbus.Array([spec("eDP-1")], signature="(ssss)"), dbus.Dictionary({}, signature="sv"))),
            dbus.Struct((dbus.Int32(hdmi_x), dbus.Int32(0), dbus.Double(1.0), dbus.UInt32(0), False,
                         dbus.Array([spec("HDMI-1")], signature="(ssss)"), dbus.Dictionary({}, signature="sv"))),
        ], signature="(iiduba(ssss)a{sv})")
        return (dbus.UInt32(self.serial), monitors, logical,
                dbus.Dictionary({"layout-mode": dbus.UInt32(1)}, signature="sv"))

    @dbus.service.method(NAME, in_signature="uua(iiduba(ssa{sv}))a{sv}", out_signature="")
    def ApplyMonitorsConfig(self, serial, method, logical, properties):
        for lm in logical:
            if any(monitor[0] == "eDP-1" for monitor in lm[5]):
                self.transform = int(lm[3])
        self.applied.append(self.transform)
        print(f"ApplyMonitorsConfig serial={serial} method={method} transform={self.transform}", flush=True)
        self.serial += 1
        self.changed()

    @dbus.service.signal(NAME, signature="")
    def MonitorsChanged(self):
        pass

    def changed(self):
        self.signals += 1
        self.MonitorsChanged()


class Control(dbus.service.Object):
    def __init__(self, bus, config):
        super().__init__(bus, CONTROL_PATH)
        self.config = config

    @dbus.service.method(CONTROL, in_signature="s", out_signature="")
    def SetState(self, name):
        if name not in STATES:
            raise dbus.exceptions.DBusException(f"no state {name}", name="org.freedesktop.DBus.Error.InvalidArgs")
        self.config.state = str(name)
        self.config.changed()

    @dbus.service.method(CONTROL, in_signature="u", out_signature="")
    def Flood(self, count):
        for _ in range(count):
            self.config.changed()

    @dbus.service.method(CONTROL, in_signature="", out_signature="uuu")
    def Stats(self):
        return (self.config.calls, self.config.signals, len(self.config.applied))

    @dbus.service.method(CONTROL, in_signature="", out_signature="au")
    def Applied(self):
        return dbus.Array(self.config.applied, signature="u")


def main():
    parser = argparse.ArgumentParser(description="A hostile DisplayConfig.")
    parser.add_argument("--state", default="valid", choices=sorted(STATES))
    parser.add_argument("--padding", type=int, default=0)
    parser.add_argument("--flood-rate", type=int, default=0)
    options = parser.parse_args()
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    config = DisplayConfig(bus, options.state, options.padding)
    control = Control(bus, config)
    loop = GLib.MainLoop()
    if options.flood_rate:
        burst = max(1, options.flood_rate // 100)

        def flood():
            for _ in range(burst):
                config.changed()
            return True

        GLib.timeout_add(10, flood)
    # Owned last: the objects answer from the moment the name is there.
    name = dbus.service.BusName(NAME, bus, do_not_queue=True)
    print("owned", NAME, flush=True)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, loop.quit)
    loop.run()
    del name, control
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/python3
"""A stand-in for Phosh's org.gnome.Mutter.DisplayConfig, for orientd's output tests.

It behaves as the design notes measured Phosh: a phone's built-in DSI-1 panel (720x1440,
is-builtin), ApplyMonitorsConfig refuses a stale serial with AccessDenied "stale", answers
OK to method 1 (temporary) but ignores it, applies method 2 (persistent), and says
MonitorsChanged after each change. PanelOrientationManaged is true (a phone with an
accelerometer), so orientd must hold the GSettings orientation-lock while it drives the
panel. It also checks what real mutter checks: every logical monitor listed, exactly one
primary, each monitor with one of its modes.

With --mutter it behaves as mutter 49 and later (forky's 50, sid's 51) on a convertible's
built-in panel instead: method 1 is applied, and SIGUSR1 folds the convertible into laptop
mode, where mutter stops managing the panel's orientation and puts the panel back upright
(update_panel_orientation_managed): PanelOrientationManaged goes false, the panel goes to
transform 0 with MonitorsChanged at once, and PropertiesChanged says the property after
(GDBus's skeleton sends it from an idle).

Each call is printed on stdout, one line each:
    ApplyMonitorsConfig serial=S method=M transform=T -> applied|ignored|stale|invalid
and the reset (--mutter) as:
    unmanaged: transform 0

Run: /usr/bin/python3 phosh-displayconfig.py [--stale N] [--mutter]
  --stale N  the first N ApplyMonitorsConfig calls find the configuration changed meanwhile
             (the serial moved on), as when another client applied one in between.
  --mutter   mutter's behaviour above instead of Phosh's.
Needs python3-gi. Uses the session bus (DBUS_SESSION_BUS_ADDRESS).
"""

import argparse
import sys

from gi.repository import Gio, GLib

NAME = "org.gnome.Mutter.DisplayConfig"
PATH = "/org/gnome/Mutter/DisplayConfig"
XML = """
<node>
  <interface name="org.gnome.Mutter.DisplayConfig">
    <method name="GetCurrentState">
      <arg name="serial" direction="out" type="u"/>
      <arg name="monitors" direction="out" type="a((ssss)a(siiddada{sv})a{sv})"/>
      <arg name="logical_monitors" direction="out" type="a(iiduba(ssss)a{sv})"/>
      <arg name="properties" direction="out" type="a{sv}"/>
    </method>
    <method name="ApplyMonitorsConfig">
      <arg name="serial" direction="in" type="u"/>
      <arg name="method" direction="in" type="u"/>
      <arg name="logical_monitors" direction="in" type="a(iiduba(ssa{sv}))"/>
      <arg name="properties" direction="in" type="a{sv}"/>
    </method>
    <signal name="MonitorsChanged"/>
    <property name="PanelOrientationManaged" type="b" access="read"/>
    <property name="ApplyMonitorsConfigAllowed" type="b" access="read"/>
  </interface>
</node>
"""
SPEC = ("DSI-1", "PHS", "phone-panel", "0001")
MODE = "720x1440@60.000"


class DisplayConfig:
    def __init__(self, stale, mutter):
        self.serial = 1
        self.transform = 0
        self.stale = stale
        self.mutter = mutter
        self.managed = True
        self.connection = None

    def state(self):
        mode = (MODE, 720, 1440, 60.0, 2.0, [1.0, 2.0], {"is-current": GLib.Variant("b", True),
                                                        "is-preferred": GLib.Variant("b", True)})
        monitors = [(SPEC, [mode], {"is-builtin": GLib.Variant("b", True),
                                    "display-name": GLib.Variant("s", "Built-in display")})]
        logical = [(0, 0, 2.0, self.transform, True, [SPEC], {})]
        return GLib.Variant("(ua((ssss)a(siiddada{sv})a{sv})a(iiduba(ssss)a{sv})a{sv})",
                            (self.serial, monitors, logical, {"layout-mode": GLib.Variant("u", 1)}))

    def apply(self, invocation, serial, method, logical):
        transform = logical[0][3] if logical else -1

        def answer(outcome):
            print(f"ApplyMonitorsConfig serial={serial} method={method} transform={transform} -> {outcome}", flush=True)

        if self.stale > 0:
            self.stale -= 1
            self.serial += 1  # someone else applied a configuration meanwhile
            self.connection.emit_signal(None, PATH, NAME, "MonitorsChanged", None)
        if serial != self.serial:
            answer("stale")
            return invocation.return_dbus_error("org.freedesktop.DBus.Error.AccessDenied",
                                                "The requested configuration is based on stale information")
        listed = [monitor[0] for lm in logical for monitor in lm[5]]
        primaries = [lm for lm in logical if lm[4]]
        if listed != ["DSI-1"] or len(primaries) != 1 or logical[0][5][0][1] != MODE or transform not in (0, 1, 2, 3):
            answer("invalid")
            return invocation.return_dbus_error("org.freedesktop.DBus.Error.InvalidArgs",
                                                f"Invalid configuration {logical}")
        if method == 1 and not self.mutter:
            answer("ignored")  # Phosh answers OK to a temporary configuration and keeps its own
            return invocation.return_value(None)
        self.transform = transform
        self.serial += 1
        answer("applied")
        invocation.return_value(None)
        self.connection.emit_signal(None, PATH, NAME, "MonitorsChanged", None)

    def method_call(self, _connection, _sender, _path, _interface, method, parameters, invocation):
        if method == "GetCurrentState":
            invocation.return_value(self.state())
        elif method == "ApplyMonitorsConfig":
            serial, method_number, logical, _properties = parameters.unpack()
            self.apply(invocation, serial, method_number, logical)
        else:
            invocation.return_dbus_error("org.freedesktop.DBus.Error.UnknownMethod", method)

    def get_property(self, _connection, _sender, _path, _interface, name):
        if name == "PanelOrientationManaged":
            return GLib.Variant("b", self.managed)
        return GLib.Variant("b", True) if name == "ApplyMonitorsConfigAllowed" else None

    def stop_managing(self):
        """mutter's update_panel_orientation_managed when the panel is no longer managed."""
        if not self.managed:
            return GLib.SOURCE_CONTINUE
        self.managed = False
        self.transform = 0
        self.serial += 1
        print("unmanaged: transform 0", flush=True)
        self.connection.emit_signal(None, PATH, NAME, "MonitorsChanged", None)
        GLib.idle_add(self.say_unmanaged)
        return GLib.SOURCE_CONTINUE

    def say_unmanaged(self):
        changed = GLib.Variant("(sa{sv}as)", (NAME, {"PanelOrientationManaged": GLib.Variant("b", False)}, []))
        self.connection.emit_signal(None, PATH, "org.freedesktop.DBus.Properties", "PropertiesChanged", changed)
        return GLib.SOURCE_REMOVE


def main():
    parser = argparse.ArgumentParser(description="A stand-in for Phosh's DisplayConfig.")
    parser.add_argument("--stale", type=int, default=0)
    parser.add_argument("--mutter", action="store_true")
    options = parser.parse_args()
    config = DisplayConfig(options.stale, options.mutter)
    loop = GLib.MainLoop()
    connection = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    config.connection = connection
    info = Gio.DBusNodeInfo.new_for_xml(XML).interfaces[0]
    connection.register_object(PATH, info, config.method_call, config.get_property, None)
    Gio.bus_own_name_on_connection(connection, NAME, Gio.BusNameOwnerFlags.NONE,
                                   lambda *_: print("owned", NAME, flush=True), lambda *_: loop.quit())
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, 15, loop.quit)
    if options.mutter:
        GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, 10, config.stop_managing)  # SIGUSR1
    loop.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())

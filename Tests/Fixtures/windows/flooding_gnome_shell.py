#!/usr/bin/python3
"""A hostile GNOME Shell with orientd's extension, spoken on the session bus: it owns
org.gnome.Shell and exports io.github.orientd.ShellWindows1 (from the repository's XML) on the
extension's path, listing COUNT windows, the first ones with app ids holding control characters
or 4,000 characters long, the first one focused. The real extension lists at most 1,000 windows
and takes their app ids from the Shell, so only a stand-in can send more or worse.

GetWindows answers the whole list; once it has answered, the same list is sent as
WindowsChanged BURST times at once (a Shell sending faster than it is read). Prints "listening"
once it owns the name and "flooded" once every list is sent; runs until killed (which takes the
name off the bus).

    flooding_gnome_shell.py COUNT
"""

import pathlib
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

COUNT = int(sys.argv[1])
BURST = 20
NAME = "org.gnome.Shell"
PATH = "/io/github/orientd/ShellWindows1"
INTERFACE = "io.github.orientd.ShellWindows1"
XML = pathlib.Path(__file__).resolve().parents[3] / "dbus" / (INTERFACE + ".xml")
BAD_APP_IDS = ["evil\x1b]0;forged title\x07", "line\nbreak", "x" * 4000]


def windows():
    """The (a(tsbbb)) list: id, app id, focused, minimized, fullscreen."""
    entries = []
    for index in range(COUNT):
        app_id = BAD_APP_IDS[index] if index < len(BAD_APP_IDS) else "org.example.Flood%d" % index
        entries.append((index + 1, app_id, index == 0, False, False))
    return GLib.Variant("(a(tsbbb))", (entries,))


def main():
    connection = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    node = Gio.DBusNodeInfo.new_for_xml(XML.read_text())
    listed = windows()
    flooded = []

    def method_call(conn, _sender, _path, _interface, method, _parameters, invocation):
        if method != "GetWindows":
            invocation.return_dbus_error("org.freedesktop.DBus.Error.UnknownMethod", method)
            return
        invocation.return_value(listed)
        if flooded:
            return
        flooded.append(True)
        for _ in range(BURST):
            conn.emit_signal(None, PATH, INTERFACE, "WindowsChanged", listed)
        conn.flush_sync(None)
        print("flooded", flush=True)

    connection.register_object(PATH, node.interfaces[0], method_call, None, None)
    reply = connection.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                 "RequestName", GLib.Variant("(su)", (NAME, 4)), None,
                                 Gio.DBusCallFlags.NONE, -1, None)
    if reply.unpack()[0] != 1:
        sys.exit("%s is owned by another connection" % NAME)
    print("listening", flush=True)
    GLib.MainLoop().run()


main()

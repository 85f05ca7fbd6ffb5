#!/usr/bin/python3
"""A hostile owner of io.github.orientd.OrientationManager1, for orientctl's tests.

It takes orientd's name on the session bus (DBUS_SESSION_BUS_ADDRESS) and serves the
manager and one scene with the contract's interfaces (read from dbus/), but with forged
values: control characters (ESC, CR, LF, a C1 CSI) in the app id, the sensor source, the
output's names and the scene's display, and a ConfigFiles list naming /etc/shadow, a path
beside a real search folder, one real drop-in given as the first argument and any further
paths given after it. With FORGED_LONG=1 in its environment the scene's app id is 4 MB long.

Prints "owned" once it holds the name. Needs python3-gi.
Run: /usr/bin/python3 forged-orientd.py DBUS_DIR DROP_IN [PATH...]
"""

import os
import sys

from gi.repository import Gio, GLib

NAME = "io.github.orientd.OrientationManager1"
MANAGER_PATH = "/io/github/orientd/OrientationManager1"
SCENE_PATH = MANAGER_PATH + "/scene/_3a1_2e9/1"
FORGED = "org.evil\x1b[2J\x1b]0;owned\x07\r\nScenes: 9 forged\x9b31m"
OBJECT_MANAGER = """
<node><interface name="org.freedesktop.DBus.ObjectManager">
  <method name="GetManagedObjects"><arg type="a{oa{sa{sv}}}" name="objects" direction="out"/></method>
</interface></node>
"""


def manager_properties(drop_in, more_files):
    return {
        "Version": GLib.Variant("u", 1),
        "DeviceOrientation": GLib.Variant("s", "portrait\x1b[8m"),
        "RotationLocked": GLib.Variant("b", False),
        "KioskMode": GLib.Variant("b", True),
        "KioskOrientation": GLib.Variant("s", "landscape\rKiosk mode: off"),
        "SplitViewThreshold": GLib.Variant("u", 678),
        "SettleTime": GLib.Variant("u", 0),
        "ConfigFiles": GLib.Variant("as", ["/etc/shadow", drop_in + "/../../../../../etc/shadow.conf", drop_in] + more_files),
        "LockedSettings": GLib.Variant("as", []),
        "SensorAvailable": GLib.Variant("b", True),
        "SensorSource": GLib.Variant("s", FORGED),
        "OutputBackend": GLib.Variant("s", "x11\x1b[2K"),
        "OutputName": GLib.Variant("s", FORGED),
        "OutputOrientation": GLib.Variant("s", "portrait\n"),
        "FrontScene": GLib.Variant("o", SCENE_PATH),
    }


def scene_properties():
    return {
        "AppId": GLib.Variant("s", FORGED + ("x" * 4_000_000 if os.environ.get("FORGED_LONG") == "1" else "")),
        "Owner": GLib.Variant("s", ":1.9"),
        "Detached": GLib.Variant("b", False),
        "Idiom": GLib.Variant("s", "phone\x1b[1m"),
        "Display": GLib.Variant("s", "builtin\r\n"),
        "InterfaceOrientation": GLib.Variant("s", "portrait\x1b[5m"),
        "SupportedOrientations": GLib.Variant("as", ["portrait\x1b"]),
        "SupportedOrientationsMask": GLib.Variant("u", 2),
        "DecidingController": GLib.Variant("s", FORGED),
        "Width": GLib.Variant("u", 390),
        "Height": GLib.Variant("u", 844),
        "SplitView": GLib.Variant("b", False),
        "ActivationState": GLib.Variant("s", "foreground-active"),
        "StatusBarHidden": GLib.Variant("b", False),
    }


def main():
    dbus_dir, drop_in = sys.argv[1], sys.argv[2]
    infos = {}
    for file in ("io.github.orientd.OrientationManager1.xml", "io.github.orientd.OrientationManager1.Scene.xml"):
        with open(dbus_dir + "/" + file, encoding="utf-8") as xml:
            for info in Gio.DBusNodeInfo.new_for_xml(xml.read()).interfaces:
                infos[info.name] = info
    manager_info = infos[NAME]
    scene_info = infos[NAME + ".Scene"]
    object_manager = Gio.DBusNodeInfo.new_for_xml(OBJECT_MANAGER).interfaces[0]
    manager = manager_properties(drop_in, sys.argv[3:])
    scene = scene_properties()

    def get_manager(_c, _s, _p, _i, name):
        return manager.get(name)

    def get_scene(_c, _s, _p, _i, name):
        return scene.get(name)

    def refuse(_c, _s, _p, _i, method, _params, invocation):
        invocation.return_dbus_error(NAME + ".Error.NotPermitted", "forged\x1b[2J refusal of " + method)

    def managed_objects(_c, _s, _p, _i, _method, _params, invocation):
        invocation.return_value(GLib.Variant("(a{oa{sa{sv}}})", ({SCENE_PATH: {NAME + ".Scene": scene}},)))

    loop = GLib.MainLoop()
    connection = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    connection.register_object(MANAGER_PATH, manager_info, refuse, get_manager, None)
    connection.register_object(MANAGER_PATH, object_manager, managed_objects, None, None)
    connection.register_object(SCENE_PATH, scene_info, refuse, get_scene, None)
    Gio.bus_own_name_on_connection(connection, NAME, Gio.BusNameOwnerFlags.NONE,
                                   lambda *_: print("owned", flush=True), lambda *_: loop.quit())
    loop.run()


if __name__ == "__main__":
    main()

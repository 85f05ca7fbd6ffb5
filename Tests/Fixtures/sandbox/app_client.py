#!/usr/bin/python3
"""A sandboxed app's client for the sandbox tests: makes the calls a JSON file lists, on one
session-bus connection, and prints one JSON line per call.

    app_client.py [--hold] CALLS.json

Each call is {"path", "interface", "method", "args" (GVariant text of the argument tuple, such
as "({'app-id': <'org.example.App'>},)"), "type" (the tuple's type, such as "(a{sv})"),
"repeat" (optional: make it that many times, stop at the first error)}. Each line is
{"ok": reply} or {"error": D-Bus error name, "message": ..., "done": calls that succeeded}.
With --hold, after the last call it prints "holding" and keeps its connection (and the
scenes it registered) until it is stopped.
"""

import json
import signal
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

BUS_NAME = "io.github.orientd.OrientationManager1"


def main():
    hold = sys.argv[1] == "--hold"
    with open(sys.argv[-1]) as file:
        calls = json.load(file)
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    for call in calls:
        args = GLib.Variant.parse(GLib.VariantType(call["type"]), call["args"], None, None) if call.get("args") else None
        done = 0
        result = None
        for _ in range(call.get("repeat", 1)):
            try:
                reply = bus.call_sync(BUS_NAME, call["path"], call["interface"], call["method"], args, None,
                                      Gio.DBusCallFlags.NONE, 20_000, None)
                result = {"ok": reply.unpack()}
                done += 1
            except GLib.Error as error:
                name = Gio.DBusError.get_remote_error(error) or ""
                message = error.message.removeprefix(f"GDBus.Error:{name}: ")
                result = {"error": name, "message": message, "done": done}
                break
        print(json.dumps(result, default=str), flush=True)
    if hold:
        print("holding", flush=True)
        signal.pause()


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""The classic iOS video-player flow, as a Python app talking to orientd with PyGObject's Gio.

A portrait list in a navigation controller; a full-screen landscape player presented with
a preferred orientation; the device turns; the player is dismissed and the list is
portrait again at once, although the device is still landscape. The app registers its
window (the scene is its connection's: it goes away when the app exits), follows
OrientationChanged, and prints each step, each change and Explain.

It believes only orientd: it subscribes to its own scenes' signals (one match rule on its
connection's scene namespace, added before it registers, so the bus brings it no other
app's changes and no change of its own is missed) from orientd's unique name, which it follows with NameOwnerChanged, because any client can send a signal that
looks like orientd's, even straight to this app. If orientd restarts, the scene is gone
with it; a real app registers its window again (the interface XML says how), this
scripted demo stops with status 1.

    /usr/bin/python3 examples/python/video_player.py

It uses the session bus (DBUS_SESSION_BUS_ADDRESS), needs Debian's python3-gi, and exits
with status 0 when the flow is done, 1 on any failure or after 20 s without progress.
"""

import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

BUS_NAME = "io.github.orientd.OrientationManager1"
MANAGER_PATH = "/io/github/orientd/OrientationManager1"
MANAGER = "io.github.orientd.OrientationManager1"
SCENE = "io.github.orientd.OrientationManager1.Scene"
TIMEOUT_SECONDS = 20


def scene_namespace(unique_name):
    """Where orientd puts the scenes this connection registers: the unique name with ASCII
    letters and digits kept and every other byte written _ and two hex digits
    (":1.42" -> .../scene/_3a1_2e42)."""
    element = "".join(chr(b) if chr(b).isascii() and chr(b).isalnum() else f"_{b:02x}" for b in unique_name.encode())
    return f"{MANAGER_PATH}/scene/{element or '_'}"


def say(line):
    print(line, flush=True)


class OrientdError(Exception):
    """A failed call, with the D-Bus error name (such as ...Error.UnsupportedOrientation)."""

    def __init__(self, error):
        self.name = Gio.DBusError.get_remote_error(error) or "org.freedesktop.DBus.Error.Failed"
        Gio.DBusError.strip_remote_error(error)
        super().__init__(f"{self.name}: {error.message}")


class VideoPlayerApp:
    def __init__(self, bus):
        self.bus = bus
        self.loop = GLib.MainLoop()
        self.scene = None
        # orientd's unique name: the only sender whose signals count.
        self.owner = None
        self.status = 1
        # The flow is a generator: it yields what it waits for, a signal handler resumes it.
        self.waiting_for = None
        self.flow = self.run_flow()

    # -- D-Bus plumbing ------------------------------------------------------------------

    def call(self, path, interface, method, signature=None, args=(), reply="()"):
        parameters = GLib.Variant(f"({signature})", args) if signature else None
        try:
            result = self.bus.call_sync(
                BUS_NAME, path, interface, method, parameters, GLib.VariantType(reply),
                Gio.DBusCallFlags.NONE, 10_000, None)
        except GLib.Error as error:
            raise OrientdError(error) from None
        return result.unpack()

    def manager(self, method, signature=None, args=(), reply="()"):
        return self.call(MANAGER_PATH, MANAGER, method, signature, args, reply)

    def scene_call(self, method, signature=None, args=(), reply="()"):
        return self.call(self.scene, SCENE, method, signature, args, reply)

    def get(self, path, interface, name):
        return self.call(path, "org.freedesktop.DBus.Properties", "Get", "ss", (interface, name), "(v)")[0]

    def turn_device(self, orientation):
        """Turns the device by hand (SetDeviceOrientation), standing in for the user: for
        machines and tests without a sensor. Beside a claimed accelerometer it holds only until
        the sensor reads again (at most 15 s), then the real device's orientation is back. An app
        in a sandbox (Flatpak, Snap) may not: the call answers AccessDenied, and the app
        waits for the user or the sensor to turn the device instead. Returns whether it turned."""
        try:
            self.manager("SetDeviceOrientation", "s", (orientation,))
            return True
        except OrientdError as error:
            if error.name != "org.freedesktop.DBus.Error.AccessDenied":
                raise
            say(f"waiting for the device to turn to {orientation} (this app may not turn it: it runs sandboxed)")
            return False

    # -- signals -------------------------------------------------------------------------

    def follow_orientd(self):
        """Finds orientd's unique name and follows it; subscribes to the device's changes
        from it alone."""
        self.bus.signal_subscribe(
            "org.freedesktop.DBus", "org.freedesktop.DBus", "NameOwnerChanged", "/org/freedesktop/DBus",
            BUS_NAME, Gio.DBusSignalFlags.NONE, self.on_owner_changed)
        (self.owner,) = self.call_bus("GetNameOwner", "s", (BUS_NAME,), "(s)")
        self.bus.signal_subscribe(
            self.owner, MANAGER, "DeviceOrientationChanged", MANAGER_PATH, None,
            Gio.DBusSignalFlags.NONE, self.on_device_changed)

    def follow_scenes(self):
        """Asks the bus for this connection's scenes' changes (one rule on its namespace,
        however many windows it registers) and hears them from orientd's unique name alone
        (GDBus drops any other sender's signal, even one sent straight to this connection).
        The subscription adds no rule of its own: GDBus has none for a path namespace."""
        rule = (f"type='signal',interface='{SCENE}',member='OrientationChanged',"
                f"path_namespace='{scene_namespace(self.bus.get_unique_name())}'")
        self.call_bus("AddMatch", "s", (rule,), "()")
        self.bus.signal_subscribe(
            self.owner, SCENE, "OrientationChanged", None, None,
            Gio.DBusSignalFlags.NO_MATCH_RULE, self.on_orientation_changed)

    def call_bus(self, method, signature, args, reply):
        try:
            result = self.bus.call_sync(
                "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", method,
                GLib.Variant(f"({signature})", args), GLib.VariantType(reply), Gio.DBusCallFlags.NONE, 10_000, None)
        except GLib.Error as error:
            raise OrientdError(error) from None
        return result.unpack()

    def on_owner_changed(self, _bus, _sender, _path, _interface, _member, parameters):
        _name, old, new = parameters.unpack()
        if old and old == self.owner:
            self.fail(f"orientd left the bus ({old} -> {new or 'nobody'}): its scenes went with it")

    def on_device_changed(self, _bus, _sender, _path, _interface, _member, parameters):
        (orientation,) = parameters.unpack()
        if self.waiting_for == ("device", orientation):
            self.resume()

    def on_orientation_changed(self, _bus, _sender, path, _interface, _member, parameters):
        if path != self.scene:
            return  # one window here; an app with several routes by path
        previous, current, reason = parameters.unpack()
        say(f"OrientationChanged {previous} -> {current} ({reason})")
        if self.waiting_for is None or self.waiting_for[0] != "scene":
            return self.fail(f"unexpected change {previous} -> {current} ({reason})")
        expected = self.waiting_for[1:]
        if (current, reason) != expected:
            return self.fail(f"expected {expected[0]} ({expected[1]}), got {current} ({reason})")
        self.resume()

    # -- the flow ------------------------------------------------------------------------

    def run_flow(self):
        # Hold the device upright first: orientd's device state is global. (The first call
        # starts orientd if it is installed for D-Bus activation; then it has a unique name.)
        device = self.get(MANAGER_PATH, MANAGER, "DeviceOrientation")
        self.follow_orientd()
        self.follow_scenes()
        if device != "portrait":
            self.turn_device("portrait")
            yield ("device", "portrait")
        say("device portrait")

        # The app's window. The phone's default supported orientations are portrait only, so the app
        # declares landscape too, for its player.
        options = {
            "app-id": GLib.Variant("s", "org.example.VideoPlayer"),
            "supported-orientations": GLib.Variant("as", ["portrait", "landscape"]),
        }
        (self.scene,) = self.manager("RegisterScene", "a{sv}", (options,), "(o)")
        say(f"registered {self.scene}: {self.get(self.scene, SCENE, 'InterfaceOrientation')}")

        # The list: a portrait page in a navigation controller (the iOS
        # practice's setOrientationMode + updateOrientation pair).
        self.scene_call("SetRootController", "ssa{sv}", ("library", "navigation", {}))
        self.scene_call("PushController", "sssa{sv}", ("library", "video-list", "view", {}))
        self.scene_call("SetOrientationMode", "ss", ("video-list", "portrait"))
        (now,) = self.scene_call("UpdateOrientation", reply="(s)")
        say(f"video-list: setOrientationMode(portrait), updateOrientation -> {now}")

        # Play full screen: a landscape player, presented with its preferred orientation.
        player = {
            "supported-orientations": GLib.Variant("as", ["landscape"]),
            "preferred-orientation": GLib.Variant("s", "landscape-right"),
        }
        self.scene_call("PresentController", "sssa{sv}", ("video-list", "player", "view", player))
        say("present player (landscape, prefers landscape-right)")
        yield ("scene", "landscape-right", "presentation")

        # The user turns the phone the other way round: the player follows it.
        if not self.turn_device("landscape-right"):
            yield ("device", "landscape-right")
        say("device landscape-right")
        yield ("scene", "landscape-left", "device")

        # Back: the list is portrait again at once, though the device is still landscape.
        self.scene_call("DismissController", "s", ("player",))
        say("dismiss player")
        yield ("scene", "portrait", "dismissal")

        device = self.get(MANAGER_PATH, MANAGER, "DeviceOrientation")
        interface = self.get(self.scene, SCENE, "InterfaceOrientation")
        width = self.get(self.scene, SCENE, "Width")
        height = self.get(self.scene, SCENE, "Height")
        deciding = self.get(self.scene, SCENE, "DecidingController")
        say(f"now: device {device}, interface {interface}, size {width}x{height}, deciding {deciding}")
        say("Explain:")
        (steps,) = self.scene_call("Explain", reply="(a(sass))")
        for name, mask, sentence in steps:
            say(f"  {name} [{', '.join(mask)}]: {sentence}")

        self.manager("UnregisterScene", "o", (self.scene,))
        say("done")
        self.status = 0
        self.loop.quit()

    def resume(self):
        self.waiting_for = None
        try:
            self.waiting_for = next(self.flow)
        except StopIteration:
            pass
        except OrientdError as error:
            self.fail(str(error))

    def fail(self, message):
        print(f"video_player.py: {message}", file=sys.stderr, flush=True)
        self.status = 1
        self.loop.quit()

    def on_timeout(self):
        self.fail(f"no progress in {TIMEOUT_SECONDS} s (waiting for {self.waiting_for})")
        return GLib.SOURCE_REMOVE

    def run(self):
        GLib.timeout_add_seconds(TIMEOUT_SECONDS, self.on_timeout)
        # Start the flow from the loop, so that signal handlers are already dispatched.
        GLib.idle_add(lambda: self.resume() or GLib.SOURCE_REMOVE)
        self.loop.run()
        return self.status


def main():
    try:
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    except GLib.Error as error:
        print(f"video_player.py: no session bus: {error.message}", file=sys.stderr)
        return 1
    return VideoPlayerApp(bus).run()


if __name__ == "__main__":
    sys.exit(main())

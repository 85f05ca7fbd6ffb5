#!/usr/bin/python3
"""The reference's first example, as written in issue 44 and docs/client-library.md, through
the Orientd-1.0 typelib (PyGObject), against a real orientd on a private bus."""
import gi

gi.require_version("Orientd", "1.0")
from gi.repository import GLib, Orientd  # noqa: E402

changes = []
client = Orientd.Client.new_sync(None)          # the session bus; orientd is activated
scene = client.register_scene_sync("org.example.Video",
                                   Orientd.OrientationMask.PORTRAIT | Orientd.OrientationMask.LANDSCAPE, None)
scene.connect("orientation-changed", lambda s, previous, current, reason: changes.append(
    f"{previous.value_nick} -> {current.value_nick} ({reason})"))
scene.set_root_controller_sync("nav", Orientd.ControllerKind.NAVIGATION, None, None)
listing = Orientd.ControllerProperties.new()
listing.set_supported_orientations(Orientd.OrientationMask.PORTRAIT)
scene.push_controller_sync("nav", "list", Orientd.ControllerKind.VIEW, listing, None)
player = Orientd.ControllerProperties.new()
player.set_supported_orientations(Orientd.OrientationMask.LANDSCAPE)
player.set_preferred_orientation(Orientd.InterfaceOrientation.LANDSCAPE_RIGHT)
scene.present_controller_sync("list", "player", Orientd.ControllerKind.VIEW, player, None)
assert scene.props.interface_orientation == Orientd.InterfaceOrientation.LANDSCAPE_RIGHT, scene.props.interface_orientation
scene.dismiss_controller_sync("player", None)
try:
    scene.request_orientation_sync(Orientd.InterfaceOrientation.LANDSCAPE_LEFT, None)
    raise SystemExit("RequestOrientation landscape-left was not refused")
except GLib.Error as error:
    assert error.matches(Orientd.error_quark(), Orientd.Error.UNSUPPORTED_ORIENTATION), error
    print("refused:", error.message)
context = GLib.MainContext.default()
deadline = GLib.get_monotonic_time() + 30_000_000
while len(changes) < 2 and GLib.get_monotonic_time() < deadline:
    context.iteration(True)
assert changes == ["portrait -> landscape-right (presentation)", "landscape-right -> portrait (dismissal)"], changes
steps = scene.explain_sync(None)
assert steps[-1].get_name() == "decision", [step.get_name() for step in steps]
scene.unregister_sync(None)
assert not scene.props.registered
for change in changes:
    print("OrientationChanged", change)
print("done")

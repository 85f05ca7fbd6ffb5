#!/usr/bin/python3
"""A GTK 4 window tied to its scene with liborientd-gtk (OrientdGtk): the app id from its
GtkApplication, its size, its activation state, unregistered when it is destroyed; and a
window without an application refused with a sentence. Run under Xvfb with orientd on a
private bus (lib/tests/meson.build)."""
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Orientd", "1.0")
gi.require_version("OrientdGtk", "1.0")
from gi.repository import GLib, Gtk, Orientd, OrientdGtk  # noqa: E402

APP_ID = "org.example.GtkWindow"


def wait_for(what, condition, seconds=30):
    context = GLib.MainContext.default()
    deadline = GLib.get_monotonic_time() + seconds * 1_000_000
    while not condition():
        if GLib.get_monotonic_time() > deadline:
            raise SystemExit(f"waited {seconds} s for {what}")
        context.iteration(False)
    print("ok:", what, flush=True)


def run(app):
    client = Orientd.Client.new_sync(None)
    window = Gtk.ApplicationWindow(application=app, default_width=390, default_height=844)
    window.present()
    scene = OrientdGtk.register_window_sync(client, window, Orientd.OrientationMask.ALL_BUT_UPSIDE_DOWN, None)
    assert scene.props.app_id == APP_ID, scene.props.app_id
    assert (scene.props.width, scene.props.height) == (390, 844), (scene.props.width, scene.props.height)
    print("ok: registered under the GtkApplication id", scene.props.app_id, flush=True)
    window.set_default_size(400, 700)
    wait_for("the new size", lambda: (scene.props.width, scene.props.height) == (400, 700))
    window.set_visible(False)
    wait_for("background when hidden", lambda: scene.props.activation_state == Orientd.ActivationState.BACKGROUND)
    window.set_visible(True)
    wait_for("foreground when shown", lambda: scene.props.activation_state != Orientd.ActivationState.BACKGROUND)
    window.destroy()
    wait_for("unregistered when destroyed", lambda: not scene.props.registered)
    orphan = Gtk.Window()
    try:
        OrientdGtk.register_window_sync(client, orphan, 0, None)
        raise SystemExit("a window without an application was registered")
    except GLib.Error as error:
        assert error.matches(Orientd.error_quark(), Orientd.Error.INVALID_ARGS), error
        print("ok: refused:", error.message, flush=True)
    print("done", flush=True)


status = []


def activate(app):
    try:
        run(app)
    except BaseException as error:  # noqa: BLE001 - reported and turned into the exit status
        print("failed:", repr(error), file=sys.stderr, flush=True)
        status.append(1)
    app.quit()


app = Gtk.Application(application_id=APP_ID)
app.connect("activate", activate)
app.run([])
sys.exit(1 if status else 0)

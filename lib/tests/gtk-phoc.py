#!/usr/bin/python3
"""A GTK 4 window tied to its scene with liborientd-gtk on a real compositor: phoc with its
X11 backend inside an Xvfb of its own (so its seat has a keyboard and phoc activates the
window when it maps: the glue's activation state is foreground-active from is-active), the
real orientd of this tree on a private bus turning phoc's panel. The window presents a
landscape player: orientd turns the panel (wlr-randr reads phoc's transform back); it
dismisses it: the panel comes back. Every process it starts dies with it, even if it is
killed (PR_SET_PDEATHSIG), and is ended on the way out.
   gtk-phoc.py    (ORIENTD_BINARY: the orientd; GI_TYPELIB_PATH: Orientd and OrientdGtk)
Exits 77 (skipped, saying why) without phoc, Xvfb, wlr-randr or dbus-daemon."""
import ctypes
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

APP_ID = "org.example.GtkPhoc"
OUTPUT = "X11-1"
DEADLINE_SECONDS = 60
children = []


def die_with_parent():
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def start(argv, log, pass_fds=(), **env):
    """Starts argv with env added, its output in the log file; it dies with this process."""
    environment = dict(os.environ, **env)
    child = subprocess.Popen(argv, env=environment, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                             pass_fds=pass_fds, start_new_session=True, preexec_fn=die_with_parent)
    children.append(child)
    return child


def eventually(what, condition, iterate=lambda: time.sleep(0.05)):
    """Waits until condition() holds, iterating meanwhile; fails after the deadline."""
    deadline = time.monotonic() + DEADLINE_SECONDS
    while not condition():
        if time.monotonic() > deadline:
            raise SystemExit(f"waited {DEADLINE_SECONDS} s for {what}")
        iterate()
    print("ok:", what, flush=True)


def transform(env):
    """The Transform: wlr-randr lists for phoc's output (normal, 90, 180, 270), None if unread."""
    result = subprocess.run(["wlr-randr"], env=env, capture_output=True, text=True, timeout=DEADLINE_SECONDS)
    inside = False
    for line in result.stdout.splitlines():
        if not line.startswith(" "):
            inside = line.startswith(OUTPUT + " ")
        elif inside and line.strip().startswith("Transform: "):
            return line.strip()[len("Transform: "):]
    return None


BUS_CONFIG = ('<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" '
              '"http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">\n'
              "<busconfig><type>session</type><listen>unix:tmpdir=/tmp</listen><auth>EXTERNAL</auth>"
              '<policy context="default"><allow send_destination="*" eavesdrop="true"/>'
              '<allow eavesdrop="true"/><allow own="*"/></policy></busconfig>\n')


def world(work, log):
    """A private bus, Xvfb, phoc in it and orientd turning phoc's panel (their output in the
    log file); returns the environment a Wayland client of phoc on that bus needs."""
    logs = open(log, "w")
    # A bus of the test's own that activates nothing: orientd is started here, with phoc's
    # socket; phoc and the window use this bus too, never the machine's.
    config = os.path.join(work, "bus.conf")
    with open(config, "w") as file:
        file.write(BUS_CONFIG)
    bus = subprocess.Popen(["dbus-daemon", "--nofork", "--print-address=1", "--config-file=" + config],
                           stdout=subprocess.PIPE, stderr=logs, preexec_fn=die_with_parent, text=True)
    children.append(bus)
    runtime = os.path.join(work, "runtime")
    os.mkdir(runtime, 0o700)
    session = {"DBUS_SESSION_BUS_ADDRESS": bus.stdout.readline().strip(), "XDG_RUNTIME_DIR": runtime,
               "WAYLAND_DISPLAY": "wayland-0"}
    read_end, write_end = os.pipe()
    # -displayfd: Xvfb picks a free display number itself and writes it (no race for one).
    start(["Xvfb", "-displayfd", str(write_end), "-screen", "0", "800x1280x24", "-nolisten", "tcp"], logs,
          pass_fds=(write_end,))
    os.close(write_end)
    with os.fdopen(read_end) as pipe:
        number = pipe.readline().strip()
    if not number.isdigit():
        raise SystemExit("Xvfb did not start (it names no display)")
    display = ":" + number
    phoc = start(["phoc"], logs, DISPLAY=display, WLR_BACKENDS="x11", WLR_RENDERER="pixman", **session)
    client_env = dict(os.environ, **session)
    client_env.pop("DISPLAY", None)

    def phoc_lists_output():
        if phoc.poll() is not None:
            raise SystemExit(f"phoc exited ({phoc.returncode})")
        return subprocess.run(["wlr-randr"], env=client_env, capture_output=True, text=True).stdout.find(OUTPUT) >= 0

    eventually(f"phoc lists {OUTPUT} (inside Xvfb {display})", phoc_lists_output)
    folders = {name: os.path.join(work, name) for name in ["state", "config", "data", "data-home"]}
    for folder in folders.values():
        os.mkdir(folder, 0o700)
    # Only the test's folders: never the machine's configuration or desktop entries.
    start([os.environ["ORIENTD_BINARY"], "--sensor", "none", "--output", OUTPUT], logs,
          XDG_STATE_HOME=folders["state"], XDG_CONFIG_DIRS=folders["config"], XDG_CONFIG_HOME=folders["config"],
          XDG_DATA_DIRS=folders["data"], XDG_DATA_HOME=folders["data-home"],
          GSETTINGS_SCHEMA_DIR="/usr/share/glib-2.0/schemas", DISPLAY="", **session)
    return client_env


def window_flow(env):
    """The window, tied with the glue, presents the player and dismisses it."""
    os.environ.update(env, GDK_BACKEND="wayland", GSK_RENDERER="cairo", GTK_A11Y="none")
    os.environ.pop("DISPLAY", None)
    import gi

    gi.require_version("Gtk", "4.0")
    gi.require_version("Orientd", "1.0")
    gi.require_version("OrientdGtk", "1.0")
    from gi.repository import Gio, GLib, Gtk, Orientd, OrientdGtk

    context = GLib.MainContext.default()
    # The main loop wakes at least every 50 ms: each wait reads the compositor again.
    GLib.timeout_add(50, lambda: GLib.SOURCE_CONTINUE)

    def iterate():
        context.iteration(True)

    # The bus is ended after the window: that is no reason for GDBus to SIGTERM this process.
    Gio.bus_get_sync(Gio.BusType.SESSION, None).set_exit_on_close(False)
    client = Orientd.Client.new_sync(None)
    eventually("orientd turns phoc's panel (OutputBackend wlroots)",
               lambda: client.props.output_backend == "wlroots", iterate)
    client.set_device_orientation_sync(Orientd.DeviceOrientation.PORTRAIT, None)
    eventually("the panel portrait (normal) before the window", lambda: transform(env) == "normal", iterate)
    status = []

    def run(app):
        window = Gtk.ApplicationWindow(application=app, title="liborientd-gtk on phoc",
                                       default_width=400, default_height=700)
        window.present()
        scene = OrientdGtk.register_window_sync(
            client, window, Orientd.OrientationMask.PORTRAIT | Orientd.OrientationMask.LANDSCAPE, None)
        scene.set_root_controller_sync("nav", Orientd.ControllerKind.NAVIGATION, None, None)
        listing = Orientd.ControllerProperties.new()
        listing.set_supported_orientations(Orientd.OrientationMask.PORTRAIT)
        scene.push_controller_sync("nav", "list", Orientd.ControllerKind.VIEW, listing, None)
        # phoc activates the window when it maps (its seat has the X11 backend's keyboard):
        # GTK's is-active, which the glue passes on.
        eventually("the window active, its scene foreground-active",
                   lambda: scene.props.activation_state == Orientd.ActivationState.FOREGROUND_ACTIVE, iterate)
        eventually(f"the scene in front ({scene.props.object_path})",
                   lambda: client.props.front_scene == scene.props.object_path, iterate)
        player = Orientd.ControllerProperties.new()
        player.set_supported_orientations(Orientd.OrientationMask.LANDSCAPE)
        player.set_preferred_orientation(Orientd.InterfaceOrientation.LANDSCAPE_RIGHT)
        scene.present_controller_sync("list", "player", Orientd.ControllerKind.VIEW, player, None)
        assert scene.props.interface_orientation == Orientd.InterfaceOrientation.LANDSCAPE_RIGHT
        # landscape-right is wl_output's 270 on a portrait panel.
        eventually("phoc's panel turned for the player (270)", lambda: transform(env) == "270", iterate)
        scene.dismiss_controller_sync("player", None)
        eventually("phoc's panel back (normal)", lambda: transform(env) == "normal", iterate)
        window.destroy()
        eventually("unregistered when destroyed", lambda: not scene.props.registered, iterate)
        print("done", flush=True)

    def activate(app):
        try:
            run(app)
        except BaseException as error:  # noqa: BLE001 - reported and turned into the exit status
            print("failed:", repr(error) if not isinstance(error, SystemExit) else error, file=sys.stderr, flush=True)
            status.append(1)
        app.quit()

    app = Gtk.Application(application_id=APP_ID)
    app.connect("activate", activate)
    app.run([])
    return 1 if status else 0


def main():
    missing = [tool for tool in ["Xvfb", "phoc", "wlr-randr", "dbus-daemon"] if shutil.which(tool) is None]
    if missing:
        print("skipped: no", ", ".join(missing), flush=True)
        return 77
    work = tempfile.mkdtemp(prefix="liborientd-gtk-phoc-")
    log = os.path.join(work, "world.log")
    status = 1
    try:
        env = world(work, log)
        status = window_flow(env)
    except (SystemExit, Exception) as error:  # noqa: BLE001 - reported, the status stays 1
        print("failed:", error, file=sys.stderr, flush=True)
    finally:
        for child in reversed(children):
            child.terminate()
        for child in reversed(children):
            try:
                child.wait(timeout=10)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
        if status != 0 and os.path.exists(log):
            with open(log) as file:
                print("---- Xvfb, phoc, dbus-daemon and orientd:\n" + file.read(), file=sys.stderr, flush=True)
        shutil.rmtree(work, ignore_errors=True)
    return status


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/python3
"""A GTK 4 window that lets orientd decide its interface orientation.

The window stands for a phone's portrait panel. It registers itself with orientd as a
scene (owned by its connection: the scene goes away when the app exits), with a portrait
video list in a navigation controller, and draws its content turned to the interface
orientation orientd gives it: a labelled arrow always points "up" for the user holding the
device. "Play full screen" presents a landscape player (orientd turns the scene to the
player's preferred landscape-right); "Back" dismisses it (the list is portrait again at
once, even while the device is landscape). Turn the device with busctl, for instance:

    busctl --user call io.github.orientd.OrientationManager1 \\
        /io/github/orientd/OrientationManager1 io.github.orientd.OrientationManager1 \\
        SetDeviceOrientation s landscape-right

When orientd turns the screen itself (its OutputBackend property is not "none": mutter,
wlroots, kwin or x11 turn the panel to the front window's orientation), the compositor
already turns the window's content, so the window does not turn its drawing a second time:
it only lays its content out for the new width and height. It follows OutputBackend live.

It speaks to orientd through liborientd (Orientd 1.0), and ties its scene to its window with
liborientd-gtk's one call (OrientdGtk.register_window_sync): the scene takes the app id of
the window's GtkApplication (the id the compositor reports, so orientd matches the scene to
the window), the window's size, its activation state (active, shown, suspended), and is
unregistered when the window goes. On a compositor the window is in front once the
compositor activates it (lib/tests/gtk-phoc.py: phoc nested in Xvfb).

Run it:  /usr/bin/python3 examples/gtk/orientation_window.py
Needs Debian's python3-gi and gir1.2-gtk-4.0 (no cairo bindings: it draws with GtkSnapshot),
gir1.2-orientd-1.0 and gir1.2-orientdgtk-1.0; from a build tree (make lib) instead:
GI_TYPELIB_PATH and LD_LIBRARY_PATH=.build/lib/orientd:.build/lib/orientd-gtk.

--script plays the video-player flow by itself, driven by orientd's signals, and quits
when it is done: it saves a screenshot of the portrait list, clicks "Play full screen",
saves one of the landscape player, waits for the device to turn (--turn-device turns it
itself), clicks "Back" and exits 0 once the list is portrait again (1 on failure or after
--timeout seconds). --screenshots DIR says where the PNGs go (screenshot-portrait.png,
screenshot-landscape.png). examples/gtk/screenshots.sh runs it under Xvfb.
--pause-after-screenshots waits for a line on standard input after each screenshot:
scripts/screenshots.sh captures the whole screen of a real compositor meanwhile.
"""

import argparse
import ctypes
import os
import sys

import gi

gi.require_version("Gdk", "4.0")
gi.require_version("Gio", "2.0")
gi.require_version("Graphene", "1.0")
gi.require_version("Gtk", "4.0")
gi.require_version("Orientd", "1.0")
gi.require_version("OrientdGtk", "1.0")
gi.require_version("Pango", "1.0")
from gi.repository import Gdk, Gio, GLib, Graphene, Gtk, Orientd, OrientdGtk, Pango  # noqa: E402

APP_ID = "org.example.OrientationWindow"

# How far the content turns clockwise on the portrait panel to read upright.
ROTATION = {"portrait": 0, "landscape-right": 90, "portrait-upside-down": 180, "landscape-left": 270}
PANEL_WIDTH, PANEL_HEIGHT = 300, 560  # a phone's portrait panel, in pixels
BEZEL = 14


def say(line):
    print(line, flush=True)


def rgba(spec):
    color = Gdk.RGBA()
    color.parse(spec)
    return color


def rect(x, y, width, height):
    return Graphene.Rect().init(x, y, width, height)


def point(x, y):
    return Graphene.Point().init(x, y)


def save_snapshot_as_png(snapshot, renderer, path):
    """Renders a Gtk.Snapshot with a window's renderer and saves it as a PNG.

    GTK's own route (gtk_snapshot_to_node, gsk_renderer_render_texture,
    gdk_texture_save_to_png) through ctypes: PyGObject 3.42 (Debian 12) cannot hand a
    GskRenderNode to Python, so the node never leaves C. Later PyGObjects can call
    snapshot.to_node() and renderer.render_texture() directly.
    """
    gtk = ctypes.CDLL("libgtk-4.so.1")
    gtk.gtk_snapshot_to_node.restype = ctypes.c_void_p
    gtk.gtk_snapshot_to_node.argtypes = [ctypes.c_void_p]
    gtk.gsk_renderer_render_texture.restype = ctypes.c_void_p
    gtk.gsk_renderer_render_texture.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
    gtk.gdk_texture_save_to_png.restype = ctypes.c_int
    gtk.gdk_texture_save_to_png.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    gtk.gsk_render_node_unref.argtypes = [ctypes.c_void_p]
    gtk.g_object_unref.argtypes = [ctypes.c_void_p]
    capsule_pointer = ctypes.pythonapi.PyCapsule_GetPointer
    capsule_pointer.restype = ctypes.c_void_p
    capsule_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]

    node = gtk.gtk_snapshot_to_node(capsule_pointer(snapshot.__gpointer__, None))
    if not node:
        return False
    texture = gtk.gsk_renderer_render_texture(capsule_pointer(renderer.__gpointer__, None), node, None)
    gtk.gsk_render_node_unref(node)
    if not texture:
        return False
    saved = gtk.gdk_texture_save_to_png(texture, os.fsencode(path))
    gtk.g_object_unref(texture)
    return bool(saved)


class Scene:
    """The window's scene in orientd, through liborientd (Orientd 1.0), tied to the window
    by liborientd-gtk, owned by the app's connection (it goes away when the app exits).

    The library believes only orientd (signals from its unique name alone) and, when orientd
    restarts, registers the scene again with its controllers, player included, and emits
    "registered-again"."""

    def __init__(self):
        self.client = Orientd.Client.new_sync(None)  # starts orientd if D-Bus can activate it
        self.scene = None

    def device(self):
        return self.client.props.device_orientation.value_nick

    def set_device(self, orientation):
        self.client.set_device_orientation_sync(getattr(Orientd.DeviceOrientation, orientation.upper().replace("-", "_")),
                                                None)

    def watch_output_backend(self, on_change):
        """Calls on_change(backend) now and whenever OutputBackend changes: "none", or the
        compositor interface (mutter, wlroots, kwin, x11) that turns the screen."""
        self.client.connect("notify::output-backend", lambda client, _pspec: on_change(client.props.output_backend))
        on_change(self.client.props.output_backend)

    def register(self, window, on_change, on_device_change, on_restart):
        """Registers the window, tied to it, with a portrait list and calls on_change(previous,
        current, reason) for each orientation change, on_device_change(orientation) when the
        device turns and on_restart(orientation) once the window is registered again after
        orientd restarted. Returns the orientation the scene starts in."""
        # The phone's default supported orientations are portrait only: declare landscape for
        # the player. The app id, size and activation state come from the window.
        self.scene = OrientdGtk.register_window_sync(
            self.client, window, Orientd.OrientationMask.PORTRAIT | Orientd.OrientationMask.LANDSCAPE, None)
        self.scene.set_root_controller_sync("library", Orientd.ControllerKind.NAVIGATION, None, None)
        self.scene.push_controller_sync("library", "video-list", Orientd.ControllerKind.VIEW, None, None)
        # The iOS practice's setOrientationMode + updateOrientation pair.
        self.scene.set_orientation_mode_sync("video-list", Orientd.OrientationMode.PORTRAIT, None)
        self.scene.update_orientation_sync(None)
        # Connected once the window is built: its building's changes are not news.
        self.scene.connect("orientation-changed", lambda _scene, previous, current, reason: on_change(
            previous.value_nick, current.value_nick, reason))
        self.client.connect("notify::device-orientation", lambda _client, _pspec: on_device_change(self.device()))
        self.client.connect("restarted", lambda client: say(
            f"orientd restarted ({client.props.name_owner}): registering the window again"))
        self.scene.connect("registered-again", lambda scene: on_restart(scene.props.interface_orientation.value_nick))
        return self.scene.props.interface_orientation.value_nick

    @property
    def path(self):
        return self.scene.props.object_path

    def present_player(self):
        player = Orientd.ControllerProperties.new()
        player.set_supported_orientations(Orientd.OrientationMask.LANDSCAPE)
        player.set_preferred_orientation(Orientd.InterfaceOrientation.LANDSCAPE_RIGHT)
        self.scene.present_controller_sync("video-list", "player", Orientd.ControllerKind.VIEW, player, None)

    def dismiss_player(self):
        self.scene.dismiss_controller_sync("player", None)


class PanelView(Gtk.Widget):
    """The phone's panel: its content drawn turned by the interface orientation."""

    __gtype_name__ = "OrientationPanelView"

    def __init__(self):
        super().__init__()
        self.orientation = "portrait"
        self.page = "list"
        # Whether the compositor turns the screen (orientd's OutputBackend is not "none").
        self.compositor_turns = False
        self.set_size_request(PANEL_WIDTH + 2 * BEZEL, PANEL_HEIGHT + 2 * BEZEL)

    def show_state(self, orientation, page, compositor_turns):
        self.orientation, self.page, self.compositor_turns = orientation, page, compositor_turns
        if compositor_turns and orientation.startswith("landscape"):
            # The compositor turned the window: lay out for the landscape size, upright.
            self.set_size_request(PANEL_HEIGHT + 2 * BEZEL, PANEL_WIDTH + 2 * BEZEL)
        else:
            self.set_size_request(PANEL_WIDTH + 2 * BEZEL, PANEL_HEIGHT + 2 * BEZEL)
        self.queue_draw()

    def text(self, snapshot, text, x, y, font, color, center=False):
        layout = self.create_pango_layout(text)
        layout.set_font_description(Pango.FontDescription.from_string(font))
        if center:
            width, _ = layout.get_pixel_size()
            x -= width / 2
        snapshot.save()
        snapshot.translate(point(x, y))
        snapshot.append_layout(layout, rgba(color))
        snapshot.restore()

    def arrow(self, snapshot, cx, top, length, color):
        """An arrow pointing up (towards y = top), centred on x = cx."""
        head = 34
        snapshot.append_color(rgba(color), rect(cx - 7, top + head - 2, 14, length - head + 2))
        # The head: a square turned 45 degrees, clipped to its upper half (a triangle).
        snapshot.push_clip(rect(cx - head, top, 2 * head, head))
        snapshot.save()
        snapshot.translate(point(cx, top + head))
        snapshot.rotate(45)
        side = head * 1.4142
        snapshot.append_color(rgba(color), rect(-side / 2, -side / 2, side, side))
        snapshot.restore()
        snapshot.pop()

    def do_snapshot(self, snapshot):
        width, height = self.get_width(), self.get_height()
        snapshot.append_color(rgba("#202124"), rect(0, 0, width, height))  # the bezel
        cx, cy = width / 2, height / 2
        # The content's own frame: portrait-sized, or landscape-sized. It is drawn turned only
        # when the compositor does not turn the screen: never turned twice.
        turns = 0 if self.compositor_turns else ROTATION[self.orientation]
        landscape = self.orientation.startswith("landscape")
        content_w, content_h = (PANEL_HEIGHT, PANEL_WIDTH) if landscape else (PANEL_WIDTH, PANEL_HEIGHT)
        snapshot.save()
        snapshot.translate(point(cx, cy))
        snapshot.rotate(turns)
        snapshot.translate(point(-content_w / 2, -content_h / 2))
        if self.page == "player":
            self.draw_player(snapshot, content_w, content_h)
        else:
            self.draw_list(snapshot, content_w, content_h)
        snapshot.restore()

    def draw_list(self, snapshot, w, h):
        snapshot.append_color(rgba("#f6f7f9"), rect(0, 0, w, h))
        snapshot.append_color(rgba("#3367d6"), rect(0, 0, w, 52))
        self.text(snapshot, "Videos", 16, 12, "Sans Bold 18", "#ffffff")
        for row in range(4):
            y = 64 + row * 58
            snapshot.append_color(rgba("#dfe3ea"), rect(12, y, 84, 48))
            self.text(snapshot, f"Clip {row + 1}", 108, y + 12, "Sans 14", "#202124")
        self.arrow(snapshot, w / 2, h - 250, 150, "#d93025")
        self.text(snapshot, "up", w / 2, h - 92, "Sans Bold 20", "#d93025", center=True)
        self.text(snapshot, self.orientation, w / 2, h - 52, "Sans 14", "#5f6368", center=True)

    def draw_player(self, snapshot, w, h):
        snapshot.append_color(rgba("#000000"), rect(0, 0, w, h))
        video_w = w * 0.62
        video_h = video_w * 9 / 16
        snapshot.append_color(rgba("#1a73e8"), rect(20, (h - video_h) / 2, video_w, video_h))
        self.text(snapshot, "Playing", 20 + video_w / 2, h / 2 - 14, "Sans Bold 20", "#ffffff", center=True)
        side_x = 20 + video_w + (w - 20 - video_w) / 2
        self.arrow(snapshot, side_x, 40, 150, "#fbbc04")
        self.text(snapshot, "up", side_x, 196, "Sans Bold 20", "#fbbc04", center=True)
        self.text(snapshot, self.orientation, side_x, 236, "Sans 14", "#e8eaed", center=True)


class OrientationWindowApp(Gtk.Application):
    def __init__(self, options, scene):
        super().__init__(application_id=APP_ID, flags=Gio.ApplicationFlags.NON_UNIQUE)
        self.options = options
        self.orientd = scene
        self.orientation = "portrait"
        self.presented = False
        self.output_backend = "none"
        # The exit status: a script succeeds only once the flow is done; an interactive
        # window succeeds unless something failed.
        self.status = 1 if options.script else 0
        # What the script waits for: ("scene", orientation, reason) or ("device", orientation).
        self.waiting_for = None
        self.script = self.run_script() if options.script else None

    # -- the window -----------------------------------------------------------------------

    def do_activate(self):
        self.window = Gtk.ApplicationWindow(application=self, title="orientd: orientation window")
        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=8)
        box.set_margin_top(8)
        box.set_margin_bottom(8)
        box.set_margin_start(8)
        box.set_margin_end(8)
        buttons = Gtk.Box(spacing=8)
        self.play_button = Gtk.Button(label="Play full screen")
        self.play_button.connect("clicked", self.on_play)
        self.back_button = Gtk.Button(label="Back")
        self.back_button.connect("clicked", self.on_back)
        buttons.append(self.play_button)
        buttons.append(self.back_button)
        self.status_label = Gtk.Label(xalign=0)
        self.view = PanelView()
        box.append(buttons)
        box.append(self.status_label)
        box.append(self.view)
        self.content = box
        self.window.set_child(box)

        self.refresh()
        self.window.present()
        try:
            self.orientation = self.orientd.register(self.window, self.on_orientation_changed,
                                                     self.on_device_changed, self.on_registered_again)
        except GLib.Error as error:
            return self.fail(f"cannot register with orientd: {error.message}")
        say(f"registered {self.orientd.path}: {self.orientation}")
        self.orientd.watch_output_backend(self.on_output_backend)
        self.refresh()
        if self.script:
            GLib.timeout_add_seconds(self.options.timeout, self.on_timeout)
            self.after_paint(self.advance)

    def refresh(self):
        compositor_turns = self.output_backend != "none"
        self.view.show_state(self.orientation, "player" if self.presented else "list", compositor_turns)
        self.play_button.set_sensitive(not self.presented)
        self.back_button.set_sensitive(self.presented)
        page = "player (full screen)" if self.presented else "video list"
        turned_by = f" · turned by {self.output_backend}" if compositor_turns else ""
        self.status_label.set_text(f"{page} · interface {self.orientation}{turned_by}")

    def on_output_backend(self, backend):
        self.output_backend = backend
        if backend == "none":
            say("output backend none: the window draws its content turned")
        else:
            say(f"output backend {backend}: the compositor turns the content; the window draws it upright")
        if hasattr(self, "view"):
            self.refresh()

    def on_play(self, _button):
        say("clicked Play full screen")
        try:
            self.orientd.present_player()
        except GLib.Error as error:
            return self.fail(error.message)
        self.presented = True
        self.refresh()

    def on_back(self, _button):
        say("clicked Back")
        try:
            self.orientd.dismiss_player()
        except GLib.Error as error:
            return self.fail(error.message)
        self.presented = False
        self.refresh()

    def on_orientation_changed(self, previous, current, reason):
        say(f"OrientationChanged {previous} -> {current} ({reason})")
        self.orientation = current
        self.refresh()
        if self.waiting_for is not None:
            if ("scene", current, reason) != self.waiting_for:
                return self.fail(f"expected {self.waiting_for}, got {current} ({reason})")
            self.waiting_for = None
            self.after_paint(self.advance)

    def on_registered_again(self, orientation):
        say(f"registered again {self.orientd.path}: {orientation}")
        self.orientation = orientation
        self.refresh()

    def on_device_changed(self, orientation):
        say(f"DeviceOrientationChanged {orientation}")
        if self.waiting_for == ("device", orientation):
            self.waiting_for = None
            self.after_paint(self.advance)

    # -- the scripted flow ----------------------------------------------------------------

    def after_paint(self, callback):
        """Runs callback once the window has painted its current state."""
        clock = self.window.get_frame_clock()
        if clock is None:  # not realized yet: try again once it is mapped
            def mapped(_window):
                self.window.disconnect(map_handler)
                self.after_paint(callback)

            map_handler = self.window.connect("map", mapped)
            return
        handler = None

        def painted(_clock):
            clock.disconnect(handler)
            GLib.idle_add(lambda: callback() and False)

        handler = clock.connect("after-paint", painted)
        self.view.queue_draw()

    def screenshot(self, name):
        """Saves the window's content as DIR/screenshot-NAME.png, through GTK alone."""
        directory = self.options.screenshots
        os.makedirs(directory, exist_ok=True)
        path = os.path.join(directory, f"screenshot-{name}.png")
        margin = 12
        width, height = self.content.get_width(), self.content.get_height()
        snapshot = Gtk.Snapshot()
        snapshot.append_color(rgba("#fafafa"), rect(0, 0, width + 2 * margin, height + 2 * margin))
        snapshot.translate(point(margin, margin))
        Gtk.WidgetPaintable.new(self.content).snapshot(snapshot, width, height)
        if not save_snapshot_as_png(snapshot, self.window.get_renderer(), path):
            return self.fail(f"cannot write {path}")
        say(f"screenshot {name}: {path} ({width}x{height}, interface {self.orientation})")

    def advance(self):
        if self.script is None:
            return
        try:
            self.waiting_for = next(self.script)
        except StopIteration:
            self.waiting_for = None
        except GLib.Error as error:
            self.fail(error.message)

    def run_script(self):
        """Yields what to wait for; resumed after the window has painted it."""
        # Hold the device upright first: orientd's device state is global.
        if self.orientd.device() != "portrait":
            say("turning the device to portrait first")
            self.orientd.set_device("portrait")
            yield ("device", "portrait")
        self.screenshot("portrait")
        yield from self.pause("portrait")
        self.play_button.emit("clicked")
        yield ("scene", "landscape-right", "presentation")
        self.screenshot("landscape")
        yield from self.pause("landscape")
        if self.options.turn_device:
            say("turning the device to landscape-right")
            self.orientd.set_device("landscape-right")
        else:
            say("waiting for the device to turn to landscape-right")
        yield ("scene", "landscape-left", "device")
        self.back_button.emit("clicked")
        yield ("scene", "portrait", "dismissal")
        say(f"done: interface {self.orientation}")
        self.status = 0
        self.quit()

    def pause(self, name):
        """With --pause-after-screenshots: waits for a line on standard input (a script
        capturing the whole screen meanwhile, such as scripts/screenshots.sh)."""
        if not self.options.pause_after_screenshots:
            return
        say(f"paused after {name}: waiting for a line on standard input")

        def line_read(stream, result):
            try:
                stream.read_line_finish_utf8(result)
            except GLib.Error as error:
                return self.fail(f"cannot read standard input: {error.message}")
            if self.waiting_for == ("line",):
                self.waiting_for = None
                self.advance()

        stdin = Gio.DataInputStream.new(Gio.UnixInputStream.new(0, False))
        stdin.read_line_async(GLib.PRIORITY_DEFAULT, None, line_read)
        yield ("line",)

    def fail(self, message):
        print(f"orientation_window.py: {message}", file=sys.stderr, flush=True)
        self.status = 1
        self.quit()

    def on_timeout(self):
        self.fail(f"the flow stalled after {self.options.timeout} s (waiting for {self.waiting_for})")
        return GLib.SOURCE_REMOVE


def main():
    parser = argparse.ArgumentParser(description="A GTK 4 window whose orientation orientd decides.")
    parser.add_argument("--script", action="store_true",
                        help="play the video-player flow unattended, then quit")
    parser.add_argument("--turn-device", action="store_true",
                        help="with --script: turn the device itself instead of waiting for it")
    parser.add_argument("--screenshots", default=".", metavar="DIR",
                        help="with --script: where to save the screenshots (default: .)")
    parser.add_argument("--pause-after-screenshots", action="store_true",
                        help="with --script: after each screenshot, wait for a line on standard input")
    parser.add_argument("--timeout", type=int, default=30, metavar="SECONDS",
                        help="with --script: fail if the flow stalls this long (default: 30)")
    options = parser.parse_args()
    # orientd first (D-Bus activation may start it), then GTK: either missing is a failure
    # that says what is wrong, never a silent exit 0.
    try:
        scene = Scene()
    except GLib.Error as error:
        print(f"orientation_window.py: orientd is not running on the session bus ({error.message}); "
              "start it with 'systemctl --user start orientd' or 'orientd &'", file=sys.stderr)
        return 1
    # (PyGObject's Gtk.init_check() answers True even without a display: ask for one.)
    if not Gtk.init_check() or Gdk.Display.get_default() is None:
        print("orientation_window.py: GTK cannot start: no display (set DISPLAY or WAYLAND_DISPLAY, "
              "or run under xvfb-run)", file=sys.stderr)
        return 1
    app = OrientationWindowApp(options, scene)
    app.run([sys.argv[0]])
    return app.status


if __name__ == "__main__":
    sys.exit(main())

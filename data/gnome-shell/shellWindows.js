// The Shell's app windows, published on D-Bus for orientd (io.github.orientd.ShellWindows1):
// the part of orientd's GNOME Shell extension that both of its folders load, as an ES module
// (orientd-shell45@orientd.github.io imports it on GNOME Shell 45 and later;
// orientd@orientd.github.io loads it with import() on 43 and 44). `make install` puts it into
// both folders.
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import Meta from 'gi://Meta';
import Shell from 'gi://Shell';

const PATH = '/io/github/orientd/ShellWindows1';
export const INTERFACE_FILE = 'io.github.orientd.ShellWindows1.xml';
const MAX_WINDOWS = 1000;
const WINDOW_NOTIFICATIONS = ['notify::minimized', 'notify::fullscreen', 'notify::skip-taskbar',
    'notify::gtk-application-id', 'notify::wm-class'];

export class ShellWindows {
    constructor(interfaceXml) {
        this._exported = Gio.DBusExportedObject.wrapJSObject(interfaceXml, this);
        this._displaySignals = [];
        this._windowSignals = new Map();
        this._pending = 0;
    }

    start() {
        this._exported.export(Gio.DBus.session, PATH);
        const display = global.display;
        this._displaySignals.push(display.connect('notify::focus-window', () => this._changed()));
        this._displaySignals.push(display.connect('window-created', (_display, window) => {
            this._follow(window);
            this._changed();
        }));
        for (const actor of global.get_window_actors())
            this._follow(actor.meta_window);
        this._changed();
    }

    stop() {
        if (this._pending)
            GLib.source_remove(this._pending);
        this._pending = 0;
        for (const id of this._displaySignals)
            global.display.disconnect(id);
        this._displaySignals = [];
        for (const [window, ids] of this._windowSignals)
            ids.forEach(id => window.disconnect(id));
        this._windowSignals.clear();
        // Disabled: orientd must not keep following windows it no longer hears about.
        this._exported.emit_signal('WindowsChanged', new GLib.Variant('(a(tsbbb))', [[]]));
        this._exported.unexport();
    }

    // D-Bus: io.github.orientd.ShellWindows1.GetWindows
    GetWindows() {
        return this._list();
    }

    _follow(window) {
        if (this._windowSignals.has(window))
            return;
        const ids = WINDOW_NOTIFICATIONS.map(signal => window.connect(signal, () => this._changed()));
        ids.push(window.connect('unmanaged', () => {
            ids.forEach(id => window.disconnect(id));
            this._windowSignals.delete(window);
            this._changed();
        }));
        this._windowSignals.set(window, ids);
    }

    // Changes made together (a window closing moves the focus) are sent once, before the
    // Shell draws its next frame (a high-priority idle): a frame can take tens of
    // milliseconds, and the panel should start turning at once.
    _changed() {
        if (this._pending)
            return;
        this._pending = GLib.idle_add(GLib.PRIORITY_HIGH, () => {
            this._pending = 0;
            this._exported.emit_signal('WindowsChanged', new GLib.Variant('(a(tsbbb))', [this._list()]));
            return GLib.SOURCE_REMOVE;
        });
    }

    _list() {
        const focus = global.display.focus_window;
        const focusRoot = focus ? focus.find_root_ancestor() : null;
        // The focused window comes first, so that the bound (here and in orientd) never
        // leaves out the window in front, however many windows other apps map.
        const focused = [];
        const windows = [];
        for (const window of this._windowSignals.keys()) {
            if (window.skip_taskbar || window.get_window_type() !== Meta.WindowType.NORMAL)
                continue;
            const isFocused = focus !== null && (window === focus || window === focusRoot);
            if (isFocused)
                focused.push([window.get_id(), appId(window), true, window.minimized, window.fullscreen]);
            else if (windows.length < MAX_WINDOWS)
                windows.push([window.get_id(), appId(window), false, window.minimized, window.fullscreen]);
        }
        return focused.concat(windows).slice(0, MAX_WINDOWS);
    }
}

// The window's app: its desktop file id without ".desktop" when the Shell knows the entry,
// else the sandboxed app id, the GTK application id, the WM_CLASS class; "" for none.
function appId(window) {
    const app = Shell.WindowTracker.get_default().get_window_app(window);
    const id = app ? app.get_id() : null;
    if (id && id.endsWith('.desktop'))
        return id.slice(0, -'.desktop'.length);
    return window.get_sandboxed_app_id() || window.get_gtk_application_id() || window.get_wm_class() || '';
}

// orientd's GNOME Shell extension for GNOME Shell 45 and later (ES modules): publishes the
// Shell's app windows on D-Bus for orientd (io.github.orientd.ShellWindows1, described in the
// XML file beside this one). GNOME Shell lets no other program list its windows, so orientd
// reads them here, and believes them only from the Shell's own connection. The extension
// changes nothing in the Shell. The windows are followed by shellWindows.js, which the
// extension for GNOME Shell 43 and 44 (orientd@orientd.github.io) loads as well.
import {Extension} from 'resource:///org/gnome/shell/extensions/extension.js';

import {INTERFACE_FILE, ShellWindows} from './shellWindows.js';

export default class OrientdExtension extends Extension {
    enable() {
        const [, bytes] = this.dir.get_child(INTERFACE_FILE).load_contents(null);
        this._windows = new ShellWindows(new TextDecoder().decode(bytes));
        this._windows.start();
    }

    disable() {
        this._windows.stop();
        this._windows = null;
    }
}

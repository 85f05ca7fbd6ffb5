// orientd's GNOME Shell extension for GNOME Shell 43 and 44 (their imports.* scripts):
// publishes the Shell's app windows on D-Bus for orientd (io.github.orientd.ShellWindows1,
// described in the XML file beside this one). GNOME Shell lets no other program list its
// windows, so orientd reads them here, and believes them only from the Shell's own
// connection. The extension changes nothing in the Shell. The windows are followed by the ES
// module shellWindows.js beside this file, which the extension for GNOME Shell 45 and later
// (orientd-shell45@orientd.github.io) imports as well; a 43/44 script loads it with import().
'use strict';

const ExtensionUtils = imports.misc.extensionUtils;

class Extension {
    enable() {
        const dir = ExtensionUtils.getCurrentExtension().dir;
        this._enabled = true;
        import(dir.get_child('shellWindows.js').get_uri()).then(module => {
            // Disabled (or enabled twice) while the module loaded.
            if (!this._enabled || this._windows)
                return;
            const [, bytes] = dir.get_child(module.INTERFACE_FILE).load_contents(null);
            this._windows = new module.ShellWindows(new TextDecoder().decode(bytes));
            this._windows.start();
        }).catch(error => logError(error, 'orientd: shellWindows.js did not load'));
    }

    disable() {
        this._enabled = false;
        if (this._windows)
            this._windows.stop();
        this._windows = null;
    }
}

function init() {
    return new Extension();
}

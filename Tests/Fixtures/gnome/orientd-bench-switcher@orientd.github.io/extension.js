// orientd-bench's task switcher for GNOME Shell 43 and 44 (their imports.* scripts; a fixture
// of the benchmark, never installed): loads the ES module switcher.js beside this file with
// import(), which the switcher for GNOME Shell 45 and later
// (orientd-bench-switcher-shell45@orientd.github.io) imports as well.
'use strict';

const ExtensionUtils = imports.misc.extensionUtils;
const Main = imports.ui.main;

class Extension {
    enable() {
        const dir = ExtensionUtils.getCurrentExtension().dir;
        this._enabled = true;
        import(dir.get_child('switcher.js').get_uri()).then(module => {
            // Disabled (or enabled twice) while the module loaded.
            if (!this._enabled || this._switcher)
                return;
            this._switcher = new module.Switcher(Main);
        }).catch(error => logError(error, 'orientd-bench: switcher.js did not load'));
    }

    disable() {
        this._enabled = false;
        if (this._switcher)
            this._switcher.stop();
        this._switcher = null;
    }
}

function init() {
    return new Extension();
}

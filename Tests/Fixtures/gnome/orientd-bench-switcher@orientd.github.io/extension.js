// orientd-bench's task switcher inside GNOME Shell (a fixture of the benchmark, never
// installed): Activate(app_id) activates that app's window as the Shell's own switcher does,
// Has(app_id) says whether it has one;
// Ready() says whether the Shell has started and shows no overview (the Shell opens it at
// start, and this extension closes it then, so that new windows take the focus).
'use strict';

const { Gio } = imports.gi;
const Main = imports.ui.main;

const XML = `<node>
  <interface name="io.github.orientd.BenchSwitcher">
    <method name="Activate">
      <arg name="app_id" type="s" direction="in"/>
      <arg name="found" type="b" direction="out"/>
    </method>
    <method name="Has">
      <arg name="app_id" type="s" direction="in"/>
      <arg name="found" type="b" direction="out"/>
    </method>
    <method name="Ready">
      <arg name="ready" type="b" direction="out"/>
    </method>
  </interface>
</node>`;

class Switcher {
    Activate(appId) {
        const window = this._find(appId);
        if (window)
            Main.activateWindow(window);
        return window !== null;
    }

    Has(appId) {
        return this._find(appId) !== null;
    }

    _find(appId) {
        const actor = global.get_window_actors().find(a => a.meta_window.get_gtk_application_id() === appId);
        return actor ? actor.meta_window : null;
    }

    Ready() {
        if (Main.layoutManager._startingUp)
            return false;
        if (Main.overview.visible)
            Main.overview.hide();
        return !Main.overview.visible && !Main.overview.animationInProgress;
    }
}

class Extension {
    enable() {
        this._exported = Gio.DBusExportedObject.wrapJSObject(XML, new Switcher());
        this._exported.export(Gio.DBus.session, '/io/github/orientd/BenchSwitcher');
    }

    disable() {
        this._exported.unexport();
        this._exported = null;
    }
}

function init() {
    return new Extension();
}

// orientd-bench's task switcher inside GNOME Shell (a fixture of the benchmark, never
// installed), as an ES module both of the switcher's folders load (the bench copies it into
// each): orientd-bench-switcher-shell45@orientd.github.io imports it on GNOME Shell 45 and
// later, orientd-bench-switcher@orientd.github.io loads it with import() on 43 and 44. Over
// D-Bus, Activate(app_id) activates that app's window as the Shell's own switcher does
// (`Main.activateWindow`), Has(app_id) says whether it has one, and Ready() says whether the
// Shell has started and shows no overview (the Shell opens it at start, and this closes it
// then, so that new windows take the focus).
import Gio from 'gi://Gio';

const PATH = '/io/github/orientd/BenchSwitcher';
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

export class Switcher {
    // `main`: the Shell's ui/main module (imports.ui.main on 43 and 44, the ES module later).
    constructor(main) {
        this._main = main;
        this._exported = Gio.DBusExportedObject.wrapJSObject(XML, this);
        this._exported.export(Gio.DBus.session, PATH);
    }

    stop() {
        this._exported.unexport();
        this._exported = null;
    }

    Activate(appId) {
        const window = this._find(appId);
        if (window)
            this._main.activateWindow(window);
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
        const main = this._main;
        if (main.layoutManager._startingUp)
            return false;
        if (main.overview.visible)
            main.overview.hide();
        return !main.overview.visible && !main.overview.animationInProgress;
    }
}

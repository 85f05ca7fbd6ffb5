// orientd-bench's task switcher for GNOME Shell 45 and later (ES modules; a fixture of the
// benchmark, never installed): the switcher in switcher.js beside this file, which the
// switcher for GNOME Shell 43 and 44 (orientd-bench-switcher@orientd.github.io) loads as well.
import * as Main from 'resource:///org/gnome/shell/ui/main.js';
import {Extension} from 'resource:///org/gnome/shell/extensions/extension.js';

import {Switcher} from './switcher.js';

export default class BenchSwitcherExtension extends Extension {
    enable() {
        this._switcher = new Switcher(Main);
    }

    disable() {
        this._switcher.stop();
        this._switcher = null;
    }
}

#!/usr/bin/gjs
// The video-player flow with liborientd in GJS (through the Orientd-1.0 typelib):
//   gjs examples/gjs/video-player.js
imports.gi.versions.Orientd = '1.0';
const {GLib, Orientd} = imports.gi;

const changes = [];
const client = Orientd.Client.new_sync(null);
const scene = client.register_scene_sync('org.example.Video',
    Orientd.OrientationMask.PORTRAIT | Orientd.OrientationMask.LANDSCAPE, null);
scene.connect('orientation-changed', (_scene, previous, current, reason) =>
    changes.push(`${previous} -> ${current} (${reason})`));
scene.set_root_controller_sync('nav', Orientd.ControllerKind.NAVIGATION, null, null);
const listing = Orientd.ControllerProperties.new();
listing.set_supported_orientations(Orientd.OrientationMask.PORTRAIT);
scene.push_controller_sync('nav', 'list', Orientd.ControllerKind.VIEW, listing, null);
const player = Orientd.ControllerProperties.new();
player.set_supported_orientations(Orientd.OrientationMask.LANDSCAPE);
player.set_preferred_orientation(Orientd.InterfaceOrientation.LANDSCAPE_RIGHT);
scene.present_controller_sync('list', 'player', Orientd.ControllerKind.VIEW, player, null);
if (scene.interface_orientation !== Orientd.InterfaceOrientation.LANDSCAPE_RIGHT)
    throw new Error(`presented: ${scene.interface_orientation}`);
scene.dismiss_controller_sync('player', null);
try {
    scene.request_orientation_sync(Orientd.InterfaceOrientation.LANDSCAPE_LEFT, null);
    throw new Error('RequestOrientation landscape-left was not refused');
} catch (error) {
    if (!error.matches(Orientd.error_quark(), Orientd.Error.UNSUPPORTED_ORIENTATION))
        throw error;
    print(`refused: ${error.message}`);
}
const context = GLib.MainContext.default();
const deadline = GLib.get_monotonic_time() + 30000000;
while (changes.length < 2 && GLib.get_monotonic_time() < deadline)
    context.iteration(true);
const P = Orientd.InterfaceOrientation.PORTRAIT, R = Orientd.InterfaceOrientation.LANDSCAPE_RIGHT;
const expected = [`${P} -> ${R} (presentation)`, `${R} -> ${P} (dismissal)`];
if (JSON.stringify(changes) !== JSON.stringify(expected))
    throw new Error(`changes: ${JSON.stringify(changes)}`);
scene.unregister_sync(null);
print('done');

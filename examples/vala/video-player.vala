// The video-player flow with liborientd in Vala.
//   valac --pkg orientd-1 video-player.vala
// SPDX-License-Identifier: MIT
int main () {
    try {
        var loop = new MainLoop ();
        var client = new Orientd.Client.sync (null);
        var scene = client.register_scene_sync ("org.example.Video",
            Orientd.OrientationMask.PORTRAIT | Orientd.OrientationMask.LANDSCAPE, null);
        print ("registered %s\n", scene.object_path);
        scene.orientation_changed.connect ((previous, current, reason) => {
            print ("OrientationChanged %s -> %s (%s)\n", previous.to_string (), current.to_string (), reason);
            if (reason == "dismissal") loop.quit ();
        });
        scene.set_root_controller_sync ("nav", Orientd.ControllerKind.NAVIGATION, null, null);
        var listing = new Orientd.ControllerProperties ();
        listing.set_supported_orientations (Orientd.OrientationMask.PORTRAIT);
        scene.push_controller_sync ("nav", "list", Orientd.ControllerKind.VIEW, listing, null);
        var player = new Orientd.ControllerProperties ();
        player.set_supported_orientations (Orientd.OrientationMask.LANDSCAPE);
        player.set_preferred_orientation (Orientd.InterfaceOrientation.LANDSCAPE_RIGHT);
        scene.present_controller_sync ("list", "player", Orientd.ControllerKind.VIEW, player, null);
        print ("presented: %s\n", scene.interface_orientation.to_string ());
        scene.dismiss_controller_sync ("player", null);
        loop.run ();
        try {
            scene.request_orientation_sync (Orientd.InterfaceOrientation.LANDSCAPE_LEFT, null);
            return 1;
        } catch (Orientd.Error.UNSUPPORTED_ORIENTATION e) {
            print ("refused: %s\n", e.message);
        }
        scene.unregister_sync (null);
        print ("done\n");
        return 0;
    } catch (Error e) {
        printerr ("%s\n", e.message);
        return 1;
    }
}

import Foundation
import ProcessSupport

/// The settings app's GResource bundle compiled from the source tree's UI files
/// (`data/settings/`), as `make install` compiles it: a test hands its path to the app in
/// `$ORIENTD_SETTINGS_RESOURCE`, so that the app runs the UI files of this tree.
public enum SettingsInterfaceBundle {
    /// The variable the app reads the bundle's path from.
    public static let variable = "ORIENTD_SETTINGS_RESOURCE"

    /// The source tree's `data/settings/` folder.
    public static let sourceFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("data/settings").path

    /// The bundle's description, listing the UI files.
    public static let description = sourceFolder + "/orientd-settings.gresource.xml"

    /// Compiles the bundle into `folder`; returns its path.
    public static func compile(into folder: String) throws -> String {
        let target = folder + "/orientd-settings.gresource"
        let compiled = try runCommand(["glib-compile-resources", "--sourcedir=" + sourceFolder, "--target=" + target, description])
        guard compiled.succeeded else { throw TestSupportError("glib-compile-resources: \(compiled)") }
        return target
    }
}

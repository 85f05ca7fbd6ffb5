import Foundation
import ProcessSupport

/// scripts/settings-screenshots.sh: the settings app (orientd-settings) on a phone-sized
/// output (a 720x1440 panel at scale 2: 360 pixels wide for the app) and a tablet-sized one
/// (1280x800), each in a phoc nested in Xvfb of its own, with orientd on a private bus
/// following phoc's windows. Writes settings-phone.png (the list), settings-phone-app.png (the
/// notes app's page, slid in over the list) and settings-tablet.png (the list and a page side
/// by side, "Portrait only" chosen for the notes app through the app's accessibility tree,
/// as a person's tap would).
@Sendable func makeSettingsPictures(_ run: ScreenshotRun, _ options: ScreenshotOptions) throws {
    try run.requireTools(["Xvfb", "xrandr", "phoc", "wlr-randr", "grim", "dbus-daemon", "busctl", "/usr/bin/python3",
                          "/usr/libexec/at-spi-bus-launcher", "glib-compile-resources"])
    try run.requireExecutable(options.orientd, named: "orientd", hint: "run swift build first (or set ORIENTD)")
    try run.requireExecutable(options.settings, named: "orientd-settings", hint: "run swift build first (or set ORIENTD_SETTINGS)")
    try writeSettingsData(run, options)
    let driver = options.root + "/Tests/Fixtures/settings/drive_settings.py"
    /// The lines of the app's accessibility tree as the driver reads them (none while it fails).
    func names() throws -> [Substring] { try run.run(["/usr/bin/python3", driver, "names"]).stdout.split(separator: "\n") }
    func shows(_ prefix: String, pressed: Bool = false) throws -> Bool {
        try names().contains { $0.hasPrefix(prefix) && (!pressed || $0.dropFirst(prefix.count).contains("pressed")) }
    }

    func openNotes() throws {
        try run.output(["/usr/bin/python3", driver, "press", "Notes"])
        try run.wait(for: "the notes app's page") { try shows("Follow the app", pressed: true) }
    }
    func choosePortraitOnly() throws {
        try openNotes()
        try run.output(["/usr/bin/python3", driver, "press", "Portrait only"])
        try run.wait(for: "portrait only chosen") { try shows("Portrait only", pressed: true) }
    }

    // One picture: phoc with a panel of `width`x`height` at `scale`, orientd, the app; then `step`.
    func picture(_ file: String, width: Int, height: Int, scale: Int, step: () throws -> Void) throws {
        let folder = run.work + "/run"
        try? FileManager.default.removeItem(atPath: folder)
        try run.makePrivateSession(in: folder, ["GSETTINGS_BACKEND": "memory", "XDG_DATA_HOME": folder + "/data-home",
                                                "XDG_DATA_DIRS": run.work + "/data:" + run.work + "/own",
                                                "XDG_CONFIG_DIRS": run.work + "/xdg-config"])
        try run.startPrivateBus()
        _ = try run.startNestedPhoc(screen: "1500x1500x24",
                                    config: PhocLaunch.outputConfig(PhocLaunch.nestedOutput, width: width, height: height, scale: scale),
                                    in: folder)
        try run.startOrientd(options.orientd, ["--sensor", "none", "--output-backend", "none"])
        _ = try run.start("at-spi", ["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"])
        try run.wait(for: "the at-spi bus") { try run.run(["busctl", "--user", "status", "org.a11y.Bus"]).succeeded }
        let registry = try run.start("registry", ["/usr/libexec/at-spi2-registryd"])
        try run.wait(for: "the AT-SPI registry") {
            (registry.standardOutput + registry.standardError).contains("SpiRegistry daemon is running")
        }
        _ = try run.start("settings", [options.settings], ["GDK_BACKEND": "wayland", "GSK_RENDERER": "cairo", "LANGUAGE": "en",
                                                          "GSETTINGS_SCHEMA_DIR": "/usr/share/glib-2.0/schemas"])
        try run.wait(for: "the settings app listing the apps") { try shows("Racing Game") }
        try run.wait(for: "the settings app in front") {
            try run.run(["busctl", "--user", "get-property", Manager.name, Manager.path, Manager.name, "FrontApp"]).stdout
                == "s \"io.github.orientd.Settings\"\n"
        }
        try step()
        try run.captureSettled(options.out + "/" + file, settle: 0.5)
        run.stopAll()
    }

    try picture("settings-phone.png", width: 720, height: 1440, scale: 2) {}
    try picture("settings-phone-app.png", width: 720, height: 1440, scale: 2, step: openNotes)
    try picture("settings-tablet.png", width: 1280, height: 800, scale: 1, step: choosePortraitOnly)
}

/// The apps the pictures list: desktop entries (and the machine's icon theme and GSettings
/// schemas) in a data folder of their own, the settings app's own icon and entry as make
/// install puts them, an administrator's file locking the reader's policy, and the app's UI
/// files compiled as make install compiles them (`ORIENTD_SETTINGS_RESOURCE`).
func writeSettingsData(_ run: ScreenshotRun, _ options: ScreenshotOptions) throws {
    let (data, own, files) = (run.work + "/data", run.work + "/own", FileManager.default)
    try files.createDirectory(atPath: data + "/applications", withIntermediateDirectories: true)
    try files.createSymbolicLink(atPath: data + "/icons", withDestinationPath: "/usr/share/icons")
    try files.createSymbolicLink(atPath: data + "/glib-2.0", withDestinationPath: "/usr/share/glib-2.0")
    let icon = "io.github.orientd.Settings.svg"
    try files.createDirectory(atPath: own + "/icons/hicolor/scalable/apps", withIntermediateDirectories: true)
    try files.copyItem(atPath: "\(options.root)/data/icons/\(icon)", toPath: "\(own)/icons/hicolor/scalable/apps/\(icon)")
    try files.copyItem(atPath: "/usr/share/icons/hicolor/index.theme", toPath: own + "/icons/hicolor/index.theme")
    for (id, name, icon, orientations) in [("org.example.Notes", "Notes", "text-x-generic", ""),
                                           ("org.example.RacingGame", "Racing Game", "input-gaming", "landscape"),
                                           ("org.example.Reader", "Reader", "ebook-reader", "portrait"),
                                           ("org.example.Video", "Video", "video-x-generic", "portrait;landscape"),
                                           ("org.example.Camera", "Camera", "camera-web", "portrait")] {
        let exec = id.split(separator: ".").last.map(String.init) ?? id
        let supported = orientations.isEmpty ? "" : "X-Orientd-SupportedOrientations=\(orientations)\n"
        try run.write("[Desktop Entry]\nType=Application\nName=\(name)\nIcon=\(icon)\nExec=\(exec)\n" + supported,
                      to: "\(data)/applications/\(id).desktop")
    }
    let entry = try String(contentsOfFile: options.root + "/data/io.github.orientd.Settings.desktop.in", encoding: .utf8)
    try run.write(entry.replacingOccurrences(of: "@bindir@", with: (options.settings as NSString).deletingLastPathComponent),
                  to: data + "/applications/io.github.orientd.Settings.desktop")
    try run.write("[App org.example.Reader]\nAllowedOrientations=portrait\nLocked=true\n", to: run.work + "/xdg-config/orientd/orientd.conf")
    let resource = run.work + "/orientd-settings.gresource"
    let compiled = try run.run(["glib-compile-resources", "--sourcedir=\(options.root)/data/settings", "--target=\(resource)",
                                options.root + "/data/settings/orientd-settings.gresource.xml"])
    guard compiled.succeeded else { throw ScreenshotFailure("cannot compile the settings app's UI files\n\(compiled.stderr)") }
    run.export(["ORIENTD_SETTINGS_RESOURCE": resource])
}

import Foundation
import Glibc
import ProcessSupport

/// scripts/screenshots.sh: the README's headline pictures. The GTK 4 example
/// (examples/gtk) on an 800x1280 portrait panel of phoc nested in Xvfb (its seat gives the
/// example's window the activation liborientd-gtk passes on as the scene's), orientd driving
/// it with --output-backend wlroots, the example playing the video-player flow by itself;
/// grim captures the portrait list, then the landscape player after phoc turned the panel
/// (the window draws upright: it is not turned twice). Writes compositor-portrait.png and
/// compositor-landscape.png, then prints the example's log.
@Sendable func makeHeadlinePictures(_ run: ScreenshotRun, _ options: ScreenshotOptions) throws {
    let library = "\(options.root)/.build/lib/orientd:\(options.root)/.build/lib/orientd-gtk"
    try run.requireTools(["phoc", "Xvfb", "xrandr", "wlr-randr", "grim", "dbus-daemon", "busctl", "/usr/bin/python3"])
    guard FileManager.default.fileExists(atPath: options.root + "/.build/lib/orientd-gtk/OrientdGtk-1.0.typelib") else {
        throw ScreenshotFailure("no liborientd build in \(options.root)/.build/lib: run make lib")
    }
    try run.requireExecutable(options.orientd, named: "orientd", hint: "run swift build first (or set ORIENTD)")

    try run.makePrivateSession(in: run.work)
    try run.startPrivateBus()
    // The compositor: an 800x1280 portrait panel.
    let phoc = try run.startNestedPhoc(screen: "800x1280x24", in: run.work)
    try phoc.wlrRandr(["--output", phoc.output, "--custom-mode", "800x1280"])
    try run.startOrientd(options.orientd, ["--sensor", "none", "--screen-class", "phone", "--output-backend", "wlroots",
                                           "--output", phoc.output])
    try run.busctl("call", "SetDeviceOrientation", "s", "portrait")

    // The example, scripted: it pauses after each of its own screenshots until it reads a
    // line, on a fifo that this process holds open (read and write: opening it never blocks).
    let fifo = run.work + "/app.in"
    guard mkfifo(fifo, 0o600) == 0 else { throw ScreenshotFailure("cannot make \(fifo): errno \(errno)") }
    let input = open(fifo, O_RDWR)
    guard input >= 0 else { throw ScreenshotFailure("cannot open \(fifo): errno \(errno)") }
    defer { close(input) }
    let app = try run.start("app", ["/bin/sh", "-c", "exec \"$@\" <\"$0\"", fifo, "/usr/bin/python3",
                                    options.root + "/examples/gtk/orientation_window.py", "--script", "--turn-device",
                                    "--pause-after-screenshots", "--screenshots", run.work + "/app-shots", "--timeout", "60"],
                            ["GDK_BACKEND": "wayland", "GSK_RENDERER": "cairo", "GTK_A11Y": "none",
                             "GI_TYPELIB_PATH": library, "LD_LIBRARY_PATH": library])
    func appLog() -> String { app.standardOutput + app.standardError }
    /// Whether the example's log says `text` yet (it failing first fails the run).
    func appSaid(_ text: String) throws -> Bool {
        if appLog().contains(text) { return true }
        if let status = app.exitStatus { throw ScreenshotFailure("the example failed (status \(status)) before saying '\(text)'") }
        return false
    }
    func resume() { _ = Glibc.write(input, "\n", 1) }

    try run.wait(for: "the portrait list") { try appSaid("paused after portrait") }
    try phoc.waitForPanel(.normal, timeout: run.timeout)
    try run.captureSettled(options.out + "/compositor-portrait.png", settle: 0.3)
    resume()

    // The player prefers landscape-right: orientd turns the panel to wl_output 270.
    try run.wait(for: "the landscape player") { try appSaid("paused after landscape") }
    try phoc.waitForPanel(.threeQuarters, timeout: run.timeout)
    try run.captureSettled(options.out + "/compositor-landscape.png", settle: 0.3)
    resume()

    let status = try app.wait(timeout: run.timeout)
    guard status.succeeded else { throw ScreenshotFailure("the example failed (status \(status))") }
    print(appLog(), terminator: "")
}

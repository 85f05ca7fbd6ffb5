import Foundation
import ProcessSupport

/// scripts/front-window-screenshots.sh: two unmodified GTK 4 apps on an 800x1280 portrait
/// panel of phoc nested in Xvfb, orientd turning it (wlroots) and following phoc's window
/// list (--window-tracking auto finds it). Neither app speaks to orientd: a notes app whose
/// desktop entry says X-Orientd-SupportedOrientations=portrait and a racing game whose entry
/// says landscape. Writes front-notes.png (the notes app upright), front-game.png (the game in
/// front, the panel turned) and front-notes-again.png (the game closed, the panel turned
/// back), printing `orientctl status`, `list` and `explain` at each step.
@Sendable func makeFrontWindowPictures(_ run: ScreenshotRun, _ options: ScreenshotOptions) throws {
    let (notes, game) = ("org.example.Notes", "org.example.RacingGame")
    try run.requireTools(["Xvfb", "xrandr", "phoc", "wlr-randr", "grim", "dbus-daemon", "busctl", "/usr/bin/python3"])
    try run.requireExecutable(options.orientd, named: "orientd", hint: "run swift build first (or set ORIENTD)")
    try run.requireExecutable(options.orientctl, named: "orientctl", hint: "run swift build first (or set ORIENTCTL)")
    func orientctl(_ arguments: String...) throws -> String { try run.output([options.orientctl] + arguments, ["NO_COLOR": "1"]) }

    do {
        try run.makePrivateSession(in: run.work, ["GSETTINGS_BACKEND": "memory"])
        try run.startPrivateBus()
        let phoc = try run.startNestedPhoc(screen: "1300x1300x24",
                                           config: PhocLaunch.outputConfig(PhocLaunch.nestedOutput, width: 800, height: 1280),
                                           in: run.work)

        // The apps' desktop entries, where orientd (and only orientd) looks for them.
        let data = run.work + "/data"
        for (id, name, exec, orientations) in [(notes, "Notes", "notes", "portrait"), (game, "Racing Game", "racing-game", "landscape")] {
            try run.write("[Desktop Entry]\nType=Application\nName=\(name)\nExec=\(exec)\nX-Orientd-SupportedOrientations=\(orientations)\n",
                          to: "\(data)/applications/\(id).desktop")
        }

        // orientd: the panel through wlroots, the windows through phoc's window list (auto).
        // Nested phoc is a large screen on a desk at scale 1: the pictures show a phone.
        try run.startOrientd(options.orientd, ["--sensor", "none", "--screen-class", "phone", "--output-backend", "wlroots",
                                               "--output", phoc.output], ["XDG_DATA_DIRS": data])
        // A property as orientctl shows it now ("" while orientctl fails).
        func property(_ name: String) throws -> String {
            try run.run([options.orientctl, "show", "-P", name]).stdout.trimmingCharacters(in: .newlines)
        }
        try run.wait(for: "orientd following phoc's windows") { try property("WindowTracking") == "wlroots" }

        func frontIs(_ app: String) throws -> Bool { try property("FrontApp") == app }
        func capture(_ name: String) throws { try run.captureSettled(options.out + "/" + name, settle: 0.3) }
        func show() throws {
            for verb in ["status", "list", "explain"] { print("$ orientctl \(verb)\n" + (try orientctl(verb)), terminator: "") }
        }
        // A real, unmodified GTK 4 window of that app id, maximized as a phone shows it.
        func startApp(_ id: String) throws -> ChildProcess {
            try run.start(id, ["/usr/bin/python3", options.root + "/Tests/Fixtures/windows/app_window.py", id, "--maximize"],
                          ["GDK_BACKEND": "wayland", "GSK_RENDERER": "cairo", "GTK_A11Y": "none"])
        }

        _ = try startApp(notes)
        try run.wait(for: "the notes app in front") { try frontIs(notes) }
        try phoc.waitForPanel(.normal, timeout: run.timeout)
        try capture("front-notes.png")
        try show()

        let gameApp = try startApp(game)
        try run.wait(for: "the game in front") { try frontIs(game) }
        try phoc.waitForPanel(.threeQuarters, timeout: run.timeout)
        try capture("front-game.png")
        try show()

        gameApp.terminate()
        try run.wait(for: "the notes app in front again") { try frontIs(notes) }
        try phoc.waitForPanel(.normal, timeout: run.timeout)
        try capture("front-notes-again.png")
        try show()
    } catch {
        // What orientd says of itself, before the logs.
        let status = (try? run.run([options.orientctl, "status"], ["NO_COLOR": "1"])).map { $0.stdout + $0.stderr } ?? ""
        throw ScreenshotFailure("\(error)\n\(status)")
    }
}

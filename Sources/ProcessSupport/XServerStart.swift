/// Real X servers started and waited for, as the tests and the benchmark both need them: on a
/// free display number until they answer `xrandr -q`, openbox until it manages the screen,
/// and RandR's rotation read back.
extension XServerLaunch {
    /// Starts `program` (an X server; `arguments` after the display) through `start` with
    /// `environment` on a display number after `after` that no other server holds
    /// (`startOnFreeDisplay`), and waits within `timeout` until it answers `xrandr -q`.
    public static func startServer(_ program: String, _ arguments: [String], after: Int, environment: [String: String] = [:],
                                   timeout: Duration = .seconds(30), start: StartProcess = startPlainly)
        throws -> (server: ChildProcess, display: String) {
        try startOnFreeDisplay(program, arguments, after: after, spawn: { try start(program, $0, environment) }) { server, display in
            var answered = false
            try eventually("\(program) \(display) answers; its log:\n\(server.standardError)", timeout: timeout) {
                if server.exitStatus != nil { return true }
                answered = answersXRandR(display, environment: environment)
                return answered
            }
            return answered
        }
    }

    /// Starts `program` again on `display` (where one ran before it was stopped) and waits
    /// within `timeout` until it answers `xrandr -q`.
    /// - Throws: `ProcessSupportError` when it exits first or the wait times out.
    public static func startServerAgain(_ program: String, _ arguments: [String], on display: String,
                                        environment: [String: String] = [:], timeout: Duration = .seconds(30),
                                        start: StartProcess = startPlainly) throws -> ChildProcess {
        let server = try start(program, [program, display] + arguments, environment)
        try eventually("\(program) \(display) answers again; its log:\n\(server.standardError)", timeout: timeout) {
            if let status = server.exitStatus { throw ProcessSupportError("\(program) exited (\(status)):\n\(server.standardError)") }
            return answersXRandR(display, environment: environment)
        }
        return server
    }

    /// Starts openbox on `display` and waits within `timeout` until it manages the screen
    /// (`_NET_SUPPORTING_WM_CHECK` on the root). An openbox that could not open the display
    /// (seen once on a machine running two suites at once, with the X server answering) is
    /// started again, at most three times. Returns the one that runs.
    public static func startOpenbox(on display: String, environment: [String: String] = [:], timeout: Duration = .seconds(30),
                                    start: StartProcess = startPlainly) throws -> ChildProcess {
        let environment = environment.merging(["DISPLAY": display]) { $1 }
        var openbox = try start("openbox", openbox, environment)
        var starts = 1
        try eventually("openbox manages \(display)", timeout: timeout) {
            if openbox.exitStatus != nil, starts < 3 {
                openbox = try start("openbox", Self.openbox, environment)
                starts += 1
            }
            let result = try runCommand(["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"], environment: environment)
            return result.succeeded && result.stdout.contains("window id")
        }
        return openbox
    }

    /// The rotation (`normal`, `left`, `inverted`, `right`) `xrandr -q` lists for `output`
    /// on `display` (normal when it lists none); nil when it lists no such connected output.
    /// - Throws: `ProcessSupportError` when xrandr fails.
    public static func rotation(of output: String, display: String, environment: [String: String] = [:]) throws -> String? {
        let result = try runCommand(["xrandr", "-q"], environment: environment.merging(["DISPLAY": display]) { $1 })
        guard result.succeeded else { throw ProcessSupportError("xrandr -q failed: \(result)") }
        for line in result.stdout.split(separator: "\n") where line.hasPrefix(output + " connected") {
            let words = (line.split(separator: "(").first ?? line).split(separator: " ")
            guard let geometry = words.firstIndex(where: { $0.contains("+") && $0.contains("x") }) else { return nil }
            return words.dropFirst(geometry + 1).first.map(String.init) ?? "normal"
        }
        return nil
    }

    /// Whether the X server on `display` answers `xrandr -q`.
    static func answersXRandR(_ display: String, environment: [String: String]) -> Bool {
        (try? runCommand(["xrandr", "-q"], environment: environment.merging(["DISPLAY": display]) { $1 }))?.succeeded == true
    }
}

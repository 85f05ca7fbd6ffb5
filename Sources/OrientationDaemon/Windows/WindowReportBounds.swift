import OrientationCore

/// What a tracker passes on from its compositor, which it cannot trust: app ids bounded and
/// free of control characters, and log lines about bad input limited per connection (a
/// compositor announcing thousands of bad windows writes a few lines, not thousands).
struct WindowReportBounds {
    /// The most windows followed per connection; more are not followed (and said once).
    static let maxWindows = 1_000
    /// The longest app id passed on (the core's name limit).
    static let maxAppIdLength = Limits.default.maxNameLength
    /// Bad-input lines written per connection before the rest are only counted.
    static let loggedPerConnection = 10

    private(set) var logged = 0

    /// The app id to report for `raw` (nil: the compositor sent none): `""` (no app) when it is
    /// empty, too long or holds a control character, with the reason in `problem`.
    static func appId(_ raw: String?) -> (appId: String, problem: String?) {
        guard let raw, !raw.isEmpty else { return ("", nil) }
        let scalars = raw.unicodeScalars
        if scalars.count > maxAppIdLength {
            return ("", "an app id of \(scalars.count) characters (the limit is \(maxAppIdLength)): '\(ControlCharacters.escaped(raw))…'")
        }
        if scalars.contains(where: ControlCharacters.isControl) {
            return ("", "an app id with a control character: '\(ControlCharacters.escaped(raw))'")
        }
        return (raw, nil)
    }

    /// Writes `line` while fewer than the limit were written; the first one past it says so.
    mutating func warn(_ line: String, log: Log) {
        logged += 1
        if logged <= Self.loggedPerConnection {
            log.warning(line)
        } else if logged == Self.loggedPerConnection + 1 {
            log.warning("further bad input from this compositor is not logged until it reconnects")
        }
    }
}

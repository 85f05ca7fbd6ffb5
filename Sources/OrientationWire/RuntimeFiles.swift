/// orientd's files in the user's runtime folder (`$XDG_RUNTIME_DIR/orientd`), which orientctl
/// reads too: `last-failure`, why orientd last could not start (written when it cannot,
/// removed when it starts), so that a failed D-Bus activation's reason reaches the user.
public enum RuntimeFiles {
    public static let folderName = "orientd"
    public static let lastFailureName = "last-failure"
    /// The most of the file anyone writes or reads: one reason, not a log.
    public static let lastFailureMaxBytes = 2048

    /// `$XDG_RUNTIME_DIR/orientd`, or nil without an absolute `XDG_RUNTIME_DIR`.
    public static func folder(environment: [String: String]) -> String? {
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return nil }
        return (runtime.hasSuffix("/") ? runtime : runtime + "/") + folderName
    }

    /// `$XDG_RUNTIME_DIR/orientd/last-failure`, or nil without a runtime folder.
    public static func lastFailure(environment: [String: String]) -> String? {
        folder(environment: environment).map { $0 + "/" + lastFailureName }
    }
}

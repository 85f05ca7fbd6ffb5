import GLibBridge

/// Real Phosh as the tests and the benchmark both run it: phoc nested in an X server
/// (`PhocLaunch`) starting `/usr/libexec/phosh --unlocked` once it listens; Phosh then owns
/// mutter's `org.gnome.Mutter.DisplayConfig` (and `org.gnome.ScreenSaver`) on the session
/// bus, its one panel the nested phoc's output.
public enum PhoshLaunch {
    /// What phoc starts: Phosh, its lock screen not shown at start.
    public static let session = "/usr/libexec/phosh --unlocked"
    /// Phosh's panel: the nested phoc's one output.
    public static let panel = PhocLaunch.nestedOutput

    /// phoc nested in the X server `display`, starting Phosh.
    public static func phoc(in display: String) -> PhocLaunch {
        var launch = PhocLaunch.nested(in: display)
        launch.session = session
        return launch
    }

    /// Whether Phosh is up on the session bus `connection`: it owns the screen saver and
    /// DisplayConfig, and DisplayConfig shows the panel (not yet while Phosh starts).
    public static func isUp(on connection: BusConnection) throws -> Bool {
        guard try connection.nameOwner("org.gnome.ScreenSaver") != nil, try connection.nameOwner(MutterDisplayConfig.name) != nil
        else { return false }
        return (try? MutterDisplayConfig.currentState(connection)).flatMap { MutterDisplayConfig.transform(of: panel, in: $0) } != nil
    }
}

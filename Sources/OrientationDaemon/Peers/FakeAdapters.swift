/// The fake entry of each family, as power-profiles-daemon's fake driver: an in-process
/// adapter that follows a simple input given in an environment variable, so that a test of the
/// whole orientd needs no compositor and no sensor. `auto` takes it before any real peer when
/// its variable is set (and only then: a user's session never sets it); it is no option value,
/// is not in `--help`, and says it is a fake in the log (a warning) when it starts.
enum FakeAdapters {
    /// The output backend's: `ORIENTD_FAKE_OUTPUT=KIND` (`FakeOutput`).
    static let output = "ORIENTD_FAKE_OUTPUT"
    /// The window tracker's: `ORIENTD_FAKE_WINDOWS=KIND[:APP,APP…]` (`FakeWindowList`).
    static let windows = "ORIENTD_FAKE_WINDOWS"
    /// The sensor's: `ORIENTD_FAKE_SENSOR=READING` (`FakeSensor`).
    static let sensor = "ORIENTD_FAKE_SENSOR"
    /// Every fake's variable, for the documentation's test.
    static let variables = [output, windows, sensor]

    /// The fake entries' name (the log's, never an option value).
    static let name = "fake"

    /// The variable's value, parsed by `parse`; nil when it is unset or empty, or when `parse`
    /// refuses it (then a warning names the value and what is valid, and `auto` goes on as if
    /// it were unset).
    static func value<T>(_ variable: String, in context: AdapterContext, valid: String,
                         _ parse: (String) -> T?) -> T? {
        guard let raw = context.environment[variable], !raw.isEmpty else { return nil }
        guard let value = parse(raw) else {
            context.log.warning("\(variable)='\(LogText.quoted(raw))' is not valid (\(valid)); the fake is not used")
            return nil
        }
        return value
    }

    /// What `auto`'s log line says it found.
    static func found(_ variable: String) -> String { "\(variable) is set (a test's fake, no real peer)" }
}

import Glibc

/// The one scale of every test deadline: `ORIENTD_TEST_TIMEOUT_SCALE` in the environment (a
/// number from 1 to 50; 1 when unset or not such a number) multiplies each deadline the
/// wait helpers (`eventually`, `ChildProcess`'s waits and what is built on them) allow, so
/// that a machine slower than CI's can raise them all at once. Read once per process.
public enum TestDeadline {
    /// The factor in force.
    public static let scale: Double = scale(from: getenv("ORIENTD_TEST_TIMEOUT_SCALE").map { String(cString: $0) })

    /// The factor a value of `ORIENTD_TEST_TIMEOUT_SCALE` gives: itself from 1 to 50, else 1.
    public static func scale(from text: String?) -> Double {
        guard let text, let value = Double(text), value.isFinite, value >= 1, value <= 50 else { return 1 }
        return value
    }

    /// `timeout` times the scale.
    public static func scaled(_ timeout: Duration) -> Duration { scale == 1 ? timeout : timeout * scale }

    /// The moment `timeout` (scaled) from now.
    public static func from(now timeout: Duration) -> ContinuousClock.Instant { ContinuousClock.now + scaled(timeout) }
}

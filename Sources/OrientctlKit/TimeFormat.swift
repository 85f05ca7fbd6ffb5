import Glibc

/// Wall-clock times in local time.
public enum TimeFormat {
    /// Microseconds since the Unix epoch, now.
    public static func nowMicroseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec / 1000)
    }

    /// `2025-01-31 14:05:09.123` in local time.
    public static func dateTime(microseconds: UInt64) -> String {
        format(microseconds, "%Y-%m-%d %H:%M:%S", zone: false)
    }

    /// `14:05:09.123` in local time.
    public static func time(microseconds: UInt64) -> String {
        format(microseconds, "%H:%M:%S", zone: false)
    }

    /// `2025-01-31T14:05:09.123+01:00`, for JSON.
    public static func iso8601(microseconds: UInt64) -> String {
        format(microseconds, "%Y-%m-%dT%H:%M:%S", zone: true)
    }

    private static func format(_ microseconds: UInt64, _ pattern: String, zone: Bool) -> String {
        var seconds = time_t(microseconds / 1_000_000)
        let millis = Int(microseconds / 1000 % 1000)
        var parts = tm()
        localtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, pattern, &parts)
        let base = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let fraction = "." + String(millis + 1000).dropFirst()
        guard zone else { return base + fraction }
        let offset = parts.tm_gmtoff / 60
        let sign = offset < 0 ? "-" : "+"
        let hours = String(abs(offset) / 60 + 100).dropFirst(), minutes = String(abs(offset) % 60 + 100).dropFirst()
        return base + fraction + "\(sign)\(hours):\(minutes)"
    }
}

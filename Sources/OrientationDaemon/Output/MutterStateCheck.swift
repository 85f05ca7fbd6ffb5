import CGio
import GLibBridge

/// Why a `GetCurrentState` reply cannot be used: the message names the bad value and the
/// valid ones.
struct MutterStateError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// The bounds a `GetCurrentState` reply's numbers must keep before orientd computes with them.
/// DisplayConfig is whoever owns its name on the session bus, so every number is untrusted:
/// a value outside these ranges makes the whole state unusable (the backend detaches with the
/// reason), never a trap. The ranges are far wider than any real monitor layout.
enum MutterStateCheck {
    static let replyType = "(ua((ssss)a(siiddada{sv})a{sv})a(iiduba(ssss)a{sv})a{sv})"
    /// The largest reply read (a real mutter with four monitors and every mode answers ~50 kB).
    static let maxReplyBytes = 1 << 20
    /// Monitors, logical monitors, and monitors in one logical monitor.
    static let maxMonitors = 64
    /// A mode's width or height in pixels.
    static let modeSides: ClosedRange<Int32> = 1...65_535
    /// A logical monitor's x or y in the layout.
    static let coordinates: ClosedRange<Int32> = -1_048_576...1_048_576
    /// A logical monitor's scale (mutter offers 1 to 4; fractional scaling in between).
    static let scales: ClosedRange<Double> = 0.25...16
    /// DisplayConfig's transforms: 0–3 turned, 4–7 flipped and turned.
    static let transforms: ClosedRange<UInt32> = 0...7
    /// 1: logical, 2: physical.
    static let layoutModes: ClosedRange<UInt32> = 1...2

    /// The serialized size of `reply`, refused over `maxReplyBytes`.
    static func size(_ reply: Variant) throws(MutterStateError) {
        let bytes = reply.withRaw { Int(g_variant_get_size($0)) }
        guard bytes <= maxReplyBytes else {
            throw MutterStateError("GetCurrentState answered \(bytes) bytes; orientd reads at most \(maxReplyBytes)")
        }
    }

    static func count(_ count: Int, of what: String, limit: Int) throws(MutterStateError) {
        guard count <= limit else { throw MutterStateError("GetCurrentState lists \(count) \(what); at most \(limit) are read") }
    }

    static func modeSide(_ value: Int32, _ side: String, mode: String, of connector: String) throws(MutterStateError) -> Int32 {
        guard modeSides.contains(value) else {
            throw MutterStateError("the current mode \(quoted(mode)) of \(quoted(connector)) has \(side) \(value); valid: \(modeSides.lowerBound)–\(modeSides.upperBound)")
        }
        return value
    }

    static func coordinate(_ value: Int32, _ axis: String, of what: String) throws(MutterStateError) -> Int32 {
        guard coordinates.contains(value) else {
            throw MutterStateError("\(what) is at \(axis) = \(value); valid: \(coordinates.lowerBound)–\(coordinates.upperBound)")
        }
        return value
    }

    static func scale(_ value: Double, of what: String) throws(MutterStateError) -> Double {
        guard value.isFinite, scales.contains(value) else {
            throw MutterStateError("\(what) has scale \(value); valid: \(scales.lowerBound)–\(scales.upperBound)")
        }
        return value
    }

    static func transform(_ value: UInt32, of what: String) throws(MutterStateError) -> UInt32 {
        guard transforms.contains(value) else {
            throw MutterStateError("\(what) has transform \(value); valid: \(transforms.lowerBound)–\(transforms.upperBound)")
        }
        return value
    }

    static func layoutMode(_ value: UInt32) throws(MutterStateError) -> UInt32 {
        guard layoutModes.contains(value) else {
            throw MutterStateError("GetCurrentState has layout-mode \(value); valid: 1 (logical), 2 (physical)")
        }
        return value
    }

    /// A peer's string for a log line: at most 64 characters, control characters escaped.
    static func quoted(_ text: String) -> String {
        var out = "'"
        for scalar in text.unicodeScalars.prefix(64) {
            if scalar.value < 0x20 || (0x7f...0x9f).contains(scalar.value) {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out + (text.unicodeScalars.count > 64 ? "…'" : "'")
    }
}

import GLibBridge
import OrientationWire

/// One step of a scene's `Explain`.
public struct ExplainStep: Sendable, Equatable {
    public var name: String
    public var mask: [String]
    public var sentence: String

    public init(name: String, mask: [String], sentence: String) {
        self.name = name
        self.mask = mask
        self.sentence = sentence
    }

    /// Decodes one `(sass)` entry.
    public init(entry: Variant) {
        self.init(name: entry.child(at: 0).string ?? "", mask: entry.child(at: 1).stringArray ?? [],
                  sentence: entry.child(at: 2).string ?? "")
    }

    public var json: JSONValue {
        .object([("name", .string(name)), ("mask", .array(mask.map(JSONValue.string))), ("sentence", .string(sentence))])
    }
}

/// One app policy.
public struct AppPolicy: Sendable, Equatable {
    public var appId: String
    /// The allowed mask; nil: no cap.
    public var allowed: [String]?
    public var followSensor: Bool
    /// "user" for the user's own policy, else the configuration file that set it.
    public var source: String
    /// The configuration file that locks it, or nil: not locked. It may be an earlier file
    /// than `source` (a later file can set a locked policy's other keys).
    public var lockedBy: String?
    /// Whether the configuration locks it.
    public var locked: Bool { lockedBy != nil }

    public init(appId: String, allowed: [String]?, followSensor: Bool, source: String = "user", lockedBy: String? = nil) {
        self.appId = appId
        self.allowed = allowed
        self.followSensor = followSensor
        self.source = source
        self.lockedBy = lockedBy
    }

    /// Decodes the policy's vardict (an orientd before Version 3 sends no `locked-by`: its
    /// `source` was then the locking file).
    public init(appId: String, values: [String: Variant]) {
        let source = values[VardictKey.source]?.string ?? "user"
        let locked = values[VardictKey.locked]?.bool ?? false
        self.init(appId: appId, allowed: values[VardictKey.allowedOrientations]?.stringArray,
                  followSensor: values[VardictKey.followSensor]?.bool ?? true,
                  source: source, lockedBy: locked ? values[VardictKey.lockedBy]?.string ?? source : nil)
    }

    /// The policy: `appId`, `allowedOrientations` (`null`: no cap), `followSensor`, `source`,
    /// `locked`, `lockedBy` (`null`: not locked).
    public var json: JSONValue {
        .object([("appId", .string(appId)), ("allowedOrientations", allowed.map { .array($0.map(JSONValue.string)) } ?? .null),
                 ("followSensor", .bool(followSensor)), ("source", .string(source)), ("locked", .bool(locked)),
                 ("lockedBy", lockedBy.map(JSONValue.string) ?? .null)])
    }

    /// `policies`' LOCKED column: `no`, `yes` (by the SOURCE file), or `yes, by FILE`.
    public var lockedColumn: String {
        guard let lockedBy else { return "no" }
        return lockedBy == source ? "yes" : "yes, by \(lockedBy)"
    }

    /// "allowed portrait; does not follow the sensor", then where it comes from unless it is
    /// the user's own: "; set by /etc/orientd/orientd.conf (locked)", or "(locked by FILE)"
    /// when another file locks it.
    public var summary: String {
        let cap = allowed.map { "allowed \(MaskFormat.compact($0, separator: ", "))" } ?? "no orientation cap"
        let origin = source == "user" ? "" : "; set by \(source)"
        let lock = lockedBy.map { $0 == source ? " (locked)" : " (locked by \($0))" } ?? ""
        return cap + (followSensor ? "; follows the sensor" : "; does not follow the sensor") + origin + lock
    }
}

/// One orientation change from `GetHistory`.
public struct HistoryEntry: Sendable, Equatable {
    public var scene: String
    public var appId: String
    /// Microseconds since the Unix epoch.
    public var time: UInt64
    public var previous: String
    public var current: String
    public var reason: String

    public init(scene: String, appId: String, time: UInt64, previous: String, current: String, reason: String) {
        self.scene = scene
        self.appId = appId
        self.time = time
        self.previous = previous
        self.current = current
        self.reason = reason
    }

    /// Decodes one `(ostsss)` entry.
    public init(entry: Variant) {
        self.init(scene: entry.child(at: 0).string ?? "", appId: entry.child(at: 1).string ?? "",
                  time: entry.child(at: 2).uint64 ?? 0, previous: entry.child(at: 3).string ?? "",
                  current: entry.child(at: 4).string ?? "", reason: entry.child(at: 5).string ?? "")
    }

    public var json: JSONValue {
        .object(JSONConvention.scene(scene)
                + [("appId", .string(appId)), ("time", .string(TimeFormat.iso8601(microseconds: time))),
                   ("timeUsec", .uint(time)), ("previous", .string(previous)), ("current", .string(current)),
                   ("reason", .string(reason))])
    }
}

import OrientationClient

/// Controllers, explain steps, policies and history entries as orientctl prints them: the
/// JSON objects of `--json` (`JSONConvention`) and the policy's phrases.
extension ControllerEntry {
    /// The controller with the wire's keys in `JSONConvention`'s spelling: `null` for no
    /// parent (the root), no preferred orientation, no mode; an empty mask is `[]` (the
    /// idiom's default).
    public var json: PrintedJSON {
        .object([
            ("id", .string(id)), ("kind", .string(kindName)), ("parent", JSONConvention.text(parent)),
            ("relation", .string(relation)),
            ("supportedOrientations", .array(supported.map(PrintedJSON.string))),
            ("preferredOrientation", JSONConvention.text(preferred)),
            ("shouldAutorotate", .bool(shouldAutorotate)), ("fillsWindow", .bool(fillsWindow)),
            ("forwardsOrientation", .bool(forwardsOrientation)), ("mode", JSONConvention.text(mode)),
            ("selected", .bool(selected)), ("deciding", .bool(deciding)),
        ])
    }
}

extension ExplainStep {
    public var json: PrintedJSON {
        .object([("name", .string(name)), ("mask", .array(orientations.map(PrintedJSON.string))), ("sentence", .string(sentence))])
    }
}

extension AppPolicyEntry {
    /// The policy: `appId`, `allowedOrientations` (`null`: no cap), `followSensor`, `source`,
    /// `locked`, `lockedBy` (`null`: not locked).
    public var json: PrintedJSON {
        .object([("appId", .string(appID)), ("allowedOrientations", allowed.map { .array($0.map(PrintedJSON.string)) } ?? .null),
                 ("followSensor", .bool(followSensor)), ("source", .string(source)), ("locked", .bool(locked)),
                 ("lockedBy", lockedBy.map(PrintedJSON.string) ?? .null)])
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

extension ChangeRecord {
    public var json: PrintedJSON {
        .object(JSONConvention.scene(scene)
                + [("appId", .string(appID)), ("time", .string(TimeFormat.iso8601(microseconds: time))),
                   ("timeUsec", .uint(time)), ("previous", .string(previous)), ("current", .string(current)),
                   ("reason", .string(reason))])
    }
}

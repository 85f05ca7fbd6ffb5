import GLibBridge
import OrientationWire

/// One controller as `GetControllers` returns it.
public struct ControllerNode: Sendable, Equatable {
    public var id: String
    public var kind: String
    /// The parent's id; "" for the root.
    public var parent: String
    /// "root", "child" or "presented".
    public var relation: String
    /// The declared mask; empty when it takes the idiom's default.
    public var supported: [String]
    public var preferred: String
    public var shouldAutorotate: Bool
    public var fillsWindow: Bool
    public var forwardsOrientation: Bool
    /// The orientation mode, "" for none.
    public var mode: String
    public var selected: Bool
    public var deciding: Bool

    public init(id: String, kind: String, parent: String = "", relation: String = "root", supported: [String] = [],
                preferred: String = "", shouldAutorotate: Bool = true, fillsWindow: Bool = true,
                forwardsOrientation: Bool = true, mode: String = "", selected: Bool = false, deciding: Bool = false) {
        self.id = id
        self.kind = kind
        self.parent = parent
        self.relation = relation
        self.supported = supported
        self.preferred = preferred
        self.shouldAutorotate = shouldAutorotate
        self.fillsWindow = fillsWindow
        self.forwardsOrientation = forwardsOrientation
        self.mode = mode
        self.selected = selected
        self.deciding = deciding
    }

    /// Decodes one `(sssa{sv})` entry; keys it does not know are ignored.
    public init(entry: Variant) {
        let values = entry.child(at: 3).vardict ?? [:]
        self.init(id: entry.child(at: 0).string ?? "", kind: entry.child(at: 1).string ?? "",
                  parent: entry.child(at: 2).string ?? "",
                  relation: values[VardictKey.relation]?.string ?? "",
                  supported: values[VardictKey.supportedOrientations]?.stringArray ?? [],
                  preferred: values[VardictKey.preferredOrientation]?.string ?? "",
                  shouldAutorotate: values[VardictKey.shouldAutorotate]?.bool ?? true,
                  fillsWindow: values[VardictKey.fillsWindow]?.bool ?? true,
                  forwardsOrientation: values[VardictKey.forwardsOrientation]?.bool ?? true,
                  mode: values[VardictKey.mode]?.string ?? "",
                  selected: values[VardictKey.selected]?.bool ?? false,
                  deciding: values[VardictKey.deciding]?.bool ?? false)
    }

    /// Whether it follows the device: should-autorotate and not in the locked mode.
    public var autorotates: Bool { shouldAutorotate && mode != "locked" }

    /// The controller with the wire's keys in `JSONConvention`'s spelling: `null` for no
    /// parent (the root), no preferred orientation, no mode; an empty mask is `[]` (the
    /// idiom's default).
    public var json: JSONValue {
        .object([
            ("id", .string(id)), ("kind", .string(kind)), ("parent", JSONConvention.text(parent)),
            ("relation", .string(relation)),
            ("supportedOrientations", .array(supported.map(JSONValue.string))),
            ("preferredOrientation", JSONConvention.text(preferred)),
            ("shouldAutorotate", .bool(shouldAutorotate)), ("fillsWindow", .bool(fillsWindow)),
            ("forwardsOrientation", .bool(forwardsOrientation)), ("mode", JSONConvention.text(mode)),
            ("selected", .bool(selected)), ("deciding", .bool(deciding)),
        ])
    }
}

import GLibBridge
import OrientationCore
import OrientationWire

/// One controller of a scene's tree as orientd lists it (`GetControllers`, depth first):
/// what it declares and whether it is on the deciding path.
///
/// The wire's words are kept as received; `kind`, `supportedOrientations`,
/// `preferredOrientation` and `mode` read them in the core's vocabulary (nil for none, or
/// for a word this library does not know).
public struct ControllerEntry: Sendable, Equatable {
    public var id: String
    /// `view`, `navigation` or `tab`, as received.
    public var kindName: String
    /// The parent's id; "" for the root.
    public var parent: String
    /// `root`, `child` or `presented`.
    public var relation: String
    /// The declared mask as names; empty when it takes the idiom's default.
    public var supported: [String]
    /// The preferred orientation's name; "" for none.
    public var preferred: String
    public var shouldAutorotate: Bool
    public var fillsWindow: Bool
    public var forwardsOrientation: Bool
    /// iOS 26's lock preference (false from an orientd before version 6).
    public var prefersOrientationLocked: Bool
    /// The orientation mode's name; "" for none.
    public var mode: String
    /// A tab controller's selected child.
    public var selected: Bool
    /// On the deciding path.
    public var deciding: Bool

    public init(id: String, kind: String, parent: String = "", relation: String = "root", supported: [String] = [],
                preferred: String = "", shouldAutorotate: Bool = true, fillsWindow: Bool = true,
                forwardsOrientation: Bool = true, prefersOrientationLocked: Bool = false, mode: String = "",
                selected: Bool = false, deciding: Bool = false) {
        self.prefersOrientationLocked = prefersOrientationLocked
        self.id = id
        self.kindName = kind
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
    init(entry: Variant) {
        let values = entry.child(at: 3).vardict ?? [:]
        self.init(id: entry.child(at: 0).string ?? "", kind: entry.child(at: 1).string ?? "",
                  parent: entry.child(at: 2).string ?? "",
                  relation: values[VardictKey.relation]?.string ?? "",
                  supported: values[VardictKey.supportedOrientations]?.stringArray ?? [],
                  preferred: values[VardictKey.preferredOrientation]?.string ?? "",
                  shouldAutorotate: values[VardictKey.shouldAutorotate]?.bool ?? true,
                  fillsWindow: values[VardictKey.fillsWindow]?.bool ?? true,
                  forwardsOrientation: values[VardictKey.forwardsOrientation]?.bool ?? true,
                  prefersOrientationLocked: values[VardictKey.prefersOrientationLocked]?.bool ?? false,
                  mode: values[VardictKey.mode]?.string ?? "",
                  selected: values[VardictKey.selected]?.bool ?? false,
                  deciding: values[VardictKey.deciding]?.bool ?? false)
    }

    public var kind: ControllerKind? { ControllerKind(rawValue: kindName) }
    /// The declared mask; nil when it declares none (the idiom's default applies).
    public var supportedOrientations: OrientationMask? { supported.isEmpty ? nil : OrientationMask(names: supported) }
    public var preferredOrientation: InterfaceOrientation? { InterfaceOrientation(rawValue: preferred) }
    public var orientationMode: OrientationMode? { OrientationMode(rawValue: mode) }
    /// Whether it follows the device: should-autorotate and not in the locked mode.
    public var autorotates: Bool { shouldAutorotate && mode != OrientationMode.locked.rawValue }
}

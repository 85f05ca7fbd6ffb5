/// A set of interface orientations, stored as UIKit's `UIInterfaceOrientationMask` bits.
///
/// On input the composite names `landscape`, `all` and `all-but-upside-down` are accepted;
/// on output a mask is always the single names in canonical order.
public struct OrientationMask: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt32
    /// Bits other than the four orientations (portrait 2, upside-down 4, landscape-right 8,
    /// landscape-left 16) are dropped.
    public init(rawValue: UInt32) { self.rawValue = rawValue & 0b1_1110 }

    public static let portrait = OrientationMask(bit: .portrait)
    public static let portraitUpsideDown = OrientationMask(bit: .portraitUpsideDown)
    public static let landscapeLeft = OrientationMask(bit: .landscapeLeft)
    public static let landscapeRight = OrientationMask(bit: .landscapeRight)
    public static let landscape: OrientationMask = [.landscapeLeft, .landscapeRight]
    public static let all: OrientationMask = [.portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight]
    public static let allButUpsideDown: OrientationMask = [.portrait, .landscapeLeft, .landscapeRight]

    private init(bit orientation: InterfaceOrientation) { rawValue = orientation.bit }

    /// The mask holding exactly one orientation.
    public init(_ orientation: InterfaceOrientation) { self.init(bit: orientation) }

    /// The composite names accepted on input, besides the single orientations.
    public static let compositeNames: [String: OrientationMask] = [
        "landscape": .landscape, "all": .all, "all-but-upside-down": .allButUpsideDown,
    ]

    /// Every name a mask may be given with, for error messages.
    public static let validNames = InterfaceOrientation.validNames + ["landscape", "all", "all-but-upside-down"]

    /// Parses a list of names; duplicates fold. An empty list is refused when `allowEmpty` is false.
    public init(parsing names: [String], what: String = "orientation mask", allowEmpty: Bool = false) throws(OrientationError) {
        var mask: OrientationMask = []
        for name in names {
            if let single = InterfaceOrientation(rawValue: name) {
                mask.insert(OrientationMask(single))
            } else if let composite = OrientationMask.compositeNames[name] {
                mask.formUnion(composite)
            } else {
                throw .invalidArgs("Unknown orientation '\(ControlCharacters.escaped(name))' in \(what); valid values: \(OrientationMask.validNames.joined(separator: ", "))")
            }
        }
        if mask.isEmpty && !allowEmpty {
            throw .invalidArgs("The \(what) names no orientation; give at least one of: \(OrientationMask.validNames.joined(separator: ", "))")
        }
        self = mask
    }

    /// The orientations in canonical order.
    public var orientations: [InterfaceOrientation] {
        InterfaceOrientation.canonicalOrder.filter { contains(OrientationMask($0)) }
    }

    /// The single names in canonical order: the output form.
    public var names: [String] { orientations.map(\.rawValue) }

    /// The first orientation in canonical order.
    public var first: InterfaceOrientation? {
        for o in InterfaceOrientation.canonicalOrder where contains(OrientationMask(o)) { return o }
        return nil
    }

    public func contains(_ orientation: InterfaceOrientation) -> Bool { contains(OrientationMask(orientation)) }

    /// `[portrait, landscape-right]`, or `[]`.
    public var description: String { "[" + names.joined(separator: ", ") + "]" }
}

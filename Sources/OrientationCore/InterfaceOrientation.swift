/// The orientation of a window's content (UIKit's UIInterfaceOrientation).
///
/// Interface `landscape-left` is device `landscape-right` and the reverse: content turns
/// against the device.
public enum InterfaceOrientation: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    case portrait
    case portraitUpsideDown = "portrait-upside-down"
    case landscapeLeft = "landscape-left"
    case landscapeRight = "landscape-right"

    /// Where orientd picks "the first allowed": landscape-right is the landscape that UIKit
    /// apps and Android's default rotation land in when forced from portrait.
    public static let canonicalOrder: [InterfaceOrientation] = [
        .portrait, .landscapeRight, .landscapeLeft, .portraitUpsideDown,
    ]

    /// The wire name, such as `landscape-right`.
    public var description: String { rawValue }

    /// The wire names, in canonical order, for error messages.
    public static let validNames = canonicalOrder.map(\.rawValue)

    /// Parses a wire name, or fails with `InvalidArgs` naming the value and the valid ones.
    public init(parsing name: String, what: String = "interface orientation") throws(OrientationError) {
        guard let value = InterfaceOrientation(rawValue: name) else {
            throw .invalidArgs("Unknown \(what) '\(ControlCharacters.escaped(name))'; valid values: \(Self.validNames.joined(separator: ", "))")
        }
        self = value
    }

    /// Portrait-like or landscape-like.
    public var family: OrientationFamily {
        switch self {
        case .portrait, .portraitUpsideDown: return .portrait
        case .landscapeLeft, .landscapeRight: return .landscape
        }
    }

    /// UIKit's numeric bit for this orientation (`UIInterfaceOrientationMask`).
    public var bit: UInt32 {
        switch self {
        case .portrait: return 1 << 1
        case .portraitUpsideDown: return 1 << 2
        case .landscapeRight: return 1 << 3
        case .landscapeLeft: return 1 << 4
        }
    }
}

/// The two families of orientations; a change between them swaps a window's width and height.
public enum OrientationFamily: String, Sendable, Hashable {
    case portrait
    case landscape

    /// Every orientation of the family.
    public var mask: OrientationMask {
        self == .portrait ? [.portrait, .portraitUpsideDown] : .landscape
    }

    /// The family a size's shape implies: width ≤ height is portrait.
    public init(width: UInt32, height: UInt32) {
        self = width <= height ? .portrait : .landscape
    }
}

/// The physical orientation of the device (UIKit's UIDeviceOrientation).
///
/// Device `landscape-left` has its bottom edge (home button) on the right.
public enum DeviceOrientation: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    case unknown
    case portrait
    case portraitUpsideDown = "portrait-upside-down"
    case landscapeLeft = "landscape-left"
    case landscapeRight = "landscape-right"
    case faceUp = "face-up"
    case faceDown = "face-down"

    public static let validNames = allCases.map(\.rawValue)

    /// The wire name, such as `face-up`.
    public var description: String { rawValue }

    /// Parses a wire name, or fails with `InvalidArgs` naming the value and the valid ones.
    public init(parsing name: String) throws(OrientationError) {
        guard let value = DeviceOrientation(rawValue: name) else {
            throw .invalidArgs("Unknown device orientation '\(ControlCharacters.escaped(name))'; valid values: \(Self.validNames.joined(separator: ", "))")
        }
        self = value
    }

    /// The interface orientation content takes on this device orientation; nil when the
    /// device is flat or unknown (the interface keeps its orientation).
    public var interfaceOrientation: InterfaceOrientation? {
        switch self {
        case .portrait: return .portrait
        case .portraitUpsideDown: return .portraitUpsideDown
        case .landscapeLeft: return .landscapeRight
        case .landscapeRight: return .landscapeLeft
        case .unknown, .faceUp, .faceDown: return nil
        }
    }

    /// Turned a number of quarter turns counter-clockwise (portrait → landscape-left →
    /// portrait-upside-down → landscape-right); flat and unknown stay as they are.
    public func turned(quarterTurns: Int) -> DeviceOrientation {
        let cycle: [DeviceOrientation] = [.portrait, .landscapeLeft, .portraitUpsideDown, .landscapeRight]
        guard let index = cycle.firstIndex(of: self) else { return self }
        return cycle[((index + quarterTurns) % 4 + 4) % 4]
    }
}

/// The panel's natural orientation: how a device is held when its sensor says `normal`.
public enum NaturalOrientation: String, CaseIterable, Sendable {
    /// Phones and most tablets.
    case portrait
    /// Most x86 convertibles: `normal` is held landscape.
    case landscape

    /// The quarter-turn offset applied to sensor readings before the mapping table.
    public var quarterTurns: Int { self == .portrait ? 0 : 1 }
}

/// iio-sensor-proxy's `AccelerometerOrientation` strings.
public enum SensorReading: String, CaseIterable, Sendable {
    case normal
    case bottomUp = "bottom-up"
    case leftUp = "left-up"
    case rightUp = "right-up"
    case undefined

    /// The device orientation this reading means on a panel of the given natural orientation.
    public func deviceOrientation(natural: NaturalOrientation = .portrait) -> DeviceOrientation {
        let portraitNative: DeviceOrientation
        switch self {
        case .normal: portraitNative = .portrait
        case .bottomUp: portraitNative = .portraitUpsideDown
        case .leftUp: portraitNative = .landscapeRight
        case .rightUp: portraitNative = .landscapeLeft
        case .undefined: portraitNative = .unknown
        }
        return portraitNative.turned(quarterTurns: natural.quarterTurns)
    }
}

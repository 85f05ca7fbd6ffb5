/// Lomiri's (Ubuntu Touch's) desktop-entry key `X-Ubuntu-Supported-Orientations`, so that apps
/// already packaged for it keep their orientations under orientd.
///
/// Lomiri's names are Qt's screen orientations. Each maps to one of UIKit's interface
/// orientations:
///
/// | Lomiri              | orientd                |
/// |---------------------|------------------------|
/// | `portrait`          | `portrait`             |
/// | `invertedportrait`  | `portrait-upside-down` |
/// | `landscape`         | `landscape-right`      |
/// | `invertedlandscape` | `landscape-left`       |
/// | `primary`           | the panel's own orientation: `portrait` on a portrait panel, `landscape-right` on a landscape one (`--natural-orientation`) |
///
/// `landscape` is the landscape UIKit and Android land in first when a portrait app turns
/// (`landscape-right`), its inverse the other one. As Lomiri reads them, names are matched
/// without case, `-`, `_` or spaces (`invertedPortrait`, `inverted-portrait`), `;` and `,`
/// both separate, and `primary` stands alone: it means "the panel as it is", which no other
/// orientation can widen.
public enum LomiriOrientations {
    /// The desktop-entry key.
    public static let key = "X-Ubuntu-Supported-Orientations"

    /// Lomiri's names, for error messages.
    public static let validNames = ["portrait", "landscape", "invertedportrait", "invertedlandscape", "primary"]

    /// The mask `value` declares on a panel whose natural orientation is `natural`, or
    /// `InvalidArgs` naming the bad value and the valid ones.
    public static func mask(parsing value: String, natural: NaturalOrientation) throws(OrientationError) -> OrientationMask {
        let names = value.split(whereSeparator: { $0 == ";" || $0 == "," })
            .map { String($0.lowercased().filter { $0 != "-" && $0 != "_" && !$0.isWhitespace }) }
            .filter { !$0.isEmpty }
        var mask: OrientationMask = []
        for name in names {
            switch name {
            case "portrait": mask.insert(.portrait)
            case "invertedportrait": mask.insert(.portraitUpsideDown)
            case "landscape": mask.insert(.landscapeRight)
            case "invertedlandscape": mask.insert(.landscapeLeft)
            case "primary":
                guard names.count == 1 else {
                    throw .invalidArgs("'primary' in \(key) must stand alone (it means the panel's own orientation); got '\(ControlCharacters.escaped(value))'")
                }
                mask.insert(OrientationMask(primary(natural)))
            default:
                throw .invalidArgs("Unknown orientation '\(ControlCharacters.escaped(name))' in \(key); valid values: \(validNames.joined(separator: ", "))")
            }
        }
        guard !mask.isEmpty else {
            throw .invalidArgs("\(key) names no orientation; give at least one of: \(validNames.joined(separator: ", "))")
        }
        return mask
    }

    /// The interface orientation of a panel shown the way it is built: what the device's
    /// `normal` sensor reading gives.
    public static func primary(_ natural: NaturalOrientation) -> InterfaceOrientation {
        SensorReading.normal.deviceOrientation(natural: natural).interfaceOrientation ?? .portrait
    }
}

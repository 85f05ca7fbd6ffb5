/// Lomiri's (Ubuntu Touch's) desktop-entry keys, `X-Lomiri-Supported-Orientations` (what
/// lomiri-app-launch reads) and the older `X-Ubuntu-Supported-Orientations` (qtmir,
/// ubuntu-app-launch), so that apps already packaged for it keep their orientations.
///
/// Lomiri's names are Qt's screen orientations. Each maps to one of UIKit's interface
/// orientations:
///
/// | Lomiri              | orientd                |
/// |---------------------|------------------------|
/// | `portrait`          | `portrait`             |
/// | `invertedPortrait`  | `portrait-upside-down` |
/// | `landscape`         | `landscape-right`      |
/// | `invertedLandscape` | `landscape-left`       |
/// | `primary`           | the panel's own orientation: `portrait` on a portrait panel, `landscape-right` on a landscape one (`--natural-orientation`) |
///
/// `landscape` is the landscape UIKit and Android land in first when a portrait app turns
/// (`landscape-right`), its inverse the other one. The value is read as lomiri-app-launch
/// reads it: a `;`-separated list (a last `;` ends it), each entry stripped of whitespace and
/// matched without case; `primary` is allowed only as the first entry and declares nothing
/// itself (the list without anything else is the panel's own orientation); anything else
/// it cannot read means all four orientations.
public enum LomiriOrientations {
    /// lomiri-app-launch's key.
    public static let key = "X-Lomiri-Supported-Orientations"
    /// The older key of qtmir and ubuntu-app-launch.
    public static let ubuntuKey = "X-Ubuntu-Supported-Orientations"

    /// Lomiri's names, for messages.
    public static let validNames = ["portrait", "landscape", "invertedPortrait", "invertedLandscape", "primary"]

    /// What a value declares as Lomiri reads it: nil for an empty value (it declares nothing),
    /// all four for a value it cannot read, with the reason in `problem`.
    public static func read(_ value: String, key: String = key, natural: NaturalOrientation)
        -> (mask: OrientationMask, problem: String?)? {
        do {
            return try mask(parsing: value, key: key, natural: natural).map { ($0, nil) }
        } catch {
            return (.all, error.message + "; read as all four orientations, as Lomiri reads it")
        }
    }

    /// The mask `value` declares on a panel whose natural orientation is `natural` (nil: an
    /// empty value), or `InvalidArgs` naming the bad entry and the valid ones.
    public static func mask(parsing value: String, key: String = key,
                            natural: NaturalOrientation) throws(OrientationError) -> OrientationMask? {
        // GKeyFile's string list: `;` separates, and a last `;` ends the list.
        var entries = value.split(separator: ";", omittingEmptySubsequences: false).map(\.stripped)
        if entries.last == "" { entries.removeLast() }
        guard !entries.isEmpty else { return nil }
        var mask: OrientationMask = []
        for (index, entry) in entries.enumerated() {
            switch entry.lowercased() {
            case "portrait": mask.insert(.portrait)
            case "invertedportrait": mask.insert(.portraitUpsideDown)
            case "landscape": mask.insert(.landscapeRight)
            case "invertedlandscape": mask.insert(.landscapeLeft)
            case "primary" where index == 0: break
            case "primary":
                throw .invalidArgs("'primary' in \(key) is allowed only as the first entry; got '\(ControlCharacters.escaped(value))'")
            default:
                throw .invalidArgs("Unknown orientation '\(ControlCharacters.escaped(entry))' in \(key); valid values: \(validNames.joined(separator: ", "))")
            }
        }
        return mask.isEmpty ? OrientationMask(primary(natural)) : mask
    }

    /// The interface orientation of a panel shown the way it is built: what the device's
    /// `normal` sensor reading gives.
    public static func primary(_ natural: NaturalOrientation) -> InterfaceOrientation {
        SensorReading.normal.deviceOrientation(natural: natural).interfaceOrientation ?? .portrait
    }
}

private extension Substring {
    /// Without ASCII whitespace at either end, as GLib's `g_strstrip`.
    var stripped: String {
        let space: (Character) -> Bool = { $0 == " " || ("\t"..."\r").contains($0) }
        return String(drop(while: space).reversed().drop(while: space).reversed())
    }
}

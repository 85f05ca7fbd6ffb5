/// A scene's object path is named after the connection that registered it
/// (`…/scene/<element>/<n>`), so that an app asks the bus for its own scenes' signals with one
/// `path_namespace` rule, whatever the number of its scenes, and the bus checks each signal
/// against one rule per app instead of one per scene.
public enum SceneNamespace {
    /// The path element naming a connection's unique name: ASCII letters and digits as they
    /// are, every other byte as `_` and two lowercase hexadecimal digits (`:1.42` →
    /// `_3a1_2e42`). Different names give different elements; an empty name gives `_`.
    public static func element(for uniqueName: String) -> String {
        if uniqueName.isEmpty { return "_" }
        let hex = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(uniqueName.utf8.count * 2)
        for byte in uniqueName.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "_"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A Snap app's AppArmor label: `snap.<name>.<app>` (or `snap.<name>.hook.<hook>`), as the bus
/// gives it in `LinuxSecurityLabel` or the kernel in `/proc/<pid>/attr/current` (where a mode
/// such as ` (enforce)` follows it). The app id is the snap's name, with its instance key
/// (`firefox_beta`) when it is a parallel install.
enum SnapLabel {
    /// The snap name behind `label`, or nil when it is not a snap app's label (`unconfined`,
    /// another profile, `snap-update-ns.<name>`, or a malformed one).
    static func appId(fromLabel label: String) -> String? {
        var text = Substring(label)
        while let last = text.last, last == "\0" || last == "\n" { text = text.dropLast() }
        if let mode = text.firstIndex(of: " ") {
            guard text[mode...].hasPrefix(" (") && text.hasSuffix(")") else { return nil }
            text = text[..<mode]
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[0] == "snap", isSnapName(parts[1]) else { return nil }
        if parts[2] == "hook" {
            guard parts.count == 4, isAppName(parts[3]) else { return nil }
        } else {
            guard parts.count == 3, isAppName(parts[2]) else { return nil }
        }
        return String(parts[1])
    }

    /// snapd's rule: 1–40 lowercase letters, digits and hyphens, with at least one letter, no
    /// hyphen at either end or two in a row; then, for a parallel install, `_` and an
    /// instance key of 1–10 lowercase letters and digits.
    static func isSnapName(_ text: Substring) -> Bool {
        let pieces = text.split(separator: "_", omittingEmptySubsequences: false)
        guard pieces.count <= 2 else { return false }
        let name = pieces[0]
        guard (1...40).contains(name.count), name.first != "-", name.last != "-", !name.containsText("--"),
              name.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }),
              name.contains(where: { $0.isLetter }) else { return false }
        guard pieces.count == 2 else { return true }
        let instance = pieces[1]
        return (1...10).contains(instance.count) && instance.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) }
    }

    /// An app or hook name: letters, digits and hyphens, starting with a letter or digit.
    static func isAppName(_ text: Substring) -> Bool {
        guard let first = text.first, first != "-" else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }
}

import CGio

/// The app's words, translated through gettext in the `orientd` text domain. Every
/// translatable string is a literal passed to `tr` (what `scripts/update-pot.sh` extracts);
/// values go into `%s` places with `fill`.
public enum Words {
    /// The gettext text domain of the app's catalogs (`orientd.mo`).
    public static let domain = "orientd"
}

/// `message` in the user's language, or as written when there is no translation.
public func tr(_ message: String) -> String {
    // Without a translation gettext returns its argument: read it while it is alive.
    message.withCString { String(cString: g_dgettext(Words.domain, $0)) }
}

/// `template` with each `%s` replaced by the next of `values`, in order.
public func fill(_ template: String, _ values: String...) -> String {
    var result = ""
    var rest = values[...]
    var pending = false
    for character in template {
        if pending {
            pending = false
            if character == "s", let value = rest.popFirst() { result += value; continue }
            result.append("%")
        }
        if character == "%" { pending = true } else { result.append(character) }
    }
    if pending { result.append("%") }
    return result
}

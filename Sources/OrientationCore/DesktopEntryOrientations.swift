/// How a desktop entry declares an app's supported orientations (UIKit's
/// `UISupportedInterfaceOrientations`, and `~ipad` for a pad): orientd's own keys, then
/// Lomiri's two (`LomiriOrientations`). The one rule the service and the settings app read
/// an entry by.
public enum DesktopEntryOrientations {
    public static let key = "X-Orientd-SupportedOrientations"
    public static let padKey = "X-Orientd-SupportedOrientations-Pad"
    /// Every key that may declare orientations.
    public static let keys = [padKey, key, LomiriOrientations.key, LomiriOrientations.ubuntuKey]

    /// What the entry declares for `idiom` (nil when no key declares anything), and the
    /// problems met on the way, each with its key. The keys are tried in order (the pad key first
    /// for a pad, Lomiri's last): a bad value of orientd's keys is skipped, one of Lomiri's
    /// means all four, as Lomiri reads it. `natural` is the panel's natural orientation
    /// (Lomiri's `primary`). `value` gives a key's value, nil when the entry has none.
    public static func read(_ value: (String) -> String?, idiom: Idiom, natural: NaturalOrientation)
        -> (mask: OrientationMask?, problems: [(key: String, problem: String)]) {
        var problems: [(key: String, problem: String)] = []
        for key in (idiom == .pad ? [padKey, key] : [key]) {
            guard let text = value(key) else { continue }
            let names = text.split(separator: ";").map(trimmed).filter { !$0.isEmpty }
            do {
                return (try OrientationMask(parsing: names, what: key), problems)
            } catch {
                problems.append((key, error.message + "; ignored"))
            }
        }
        for key in [LomiriOrientations.key, LomiriOrientations.ubuntuKey] {
            guard let text = value(key), let (mask, problem) = LomiriOrientations.read(text, key: key, natural: natural) else { continue }
            if let problem { problems.append((key, problem)) }
            return (mask, problems)
        }
        return (nil, problems)
    }

    /// The large-screen declaration alone (`X-Orientd-SupportedOrientations-Pad`): nil when the
    /// entry has none or it cannot be read (its problem is reported by `read` for a pad).
    public static func padDeclaration(_ value: (String) -> String?) -> OrientationMask? {
        guard let text = value(padKey) else { return nil }
        let names = text.split(separator: ";").map(trimmed).filter { !$0.isEmpty }
        return try? OrientationMask(parsing: names, what: padKey)
    }

    /// The desktop entry key whose list says what kind of app it is.
    public static let categoriesKey = "Categories"

    /// Whether the entry's `Categories` lists `Game` (a game turns a held large screen, as
    /// Android's `appCategory=game` keeps its fixed orientation there).
    public static func isGame(_ value: (String) -> String?) -> Bool {
        guard let text = value(categoriesKey) else { return false }
        return text.split(separator: ";").contains { trimmed($0) == "Game" }
    }

    /// Without spaces and tabs at either end.
    private static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

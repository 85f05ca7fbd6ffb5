import enum OrientationCore.ProductVersion

/// The app list's search field: what a person types narrows the list to the apps whose name
/// or app id holds every word typed, in any case; an empty search shows every app.
public enum AppSearch {
    public static func matches(_ query: String, _ app: AppRow) -> Bool {
        let words = query.lowercased().split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return true }
        let text = (app.name + " " + app.appID).lowercased()
        return words.allSatisfy { text.contains($0) }
    }
}

/// What the About window says of the app.
public enum AboutText {
    public static let version = ProductVersion.number
    public static let website = "https://github.com/orientd/orientd"
    public static let icon = "io.github.orientd.Settings"
}

import enum OrientationCore.ProductVersion

/// What the About window says of the app.
public enum AboutText {
    public static let version = ProductVersion.number
    public static let website = "https://github.com/orientd/orientd"
    public static let icon = "io.github.orientd.Settings"
}

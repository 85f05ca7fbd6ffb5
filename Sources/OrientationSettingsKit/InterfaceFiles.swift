/// The settings app's UI files (GtkBuilder XML in `data/settings/`, compiled into the GResource
/// bundle `orientd-settings.gresource`) and the ids of the objects the app looks up in each: the
/// ids are said here once, and InterfaceFileTests checks each against its file.
public enum InterfaceFile: String, CaseIterable, Sendable {
    case settingsWindow = "settings-window.ui"
    case appDetailPage = "app-detail-page.ui"
    case appsGroup = "apps-group.ui"
    case appRow = "app-row.ui"
    case choiceRow = "choice-row.ui"
    case aboutWindow = "about-window.ui"

    /// The resource folder the bundle holds the files in.
    public static let resourcePrefix = "/io/github/orientd/Settings/"

    /// The file's path inside the bundle.
    public var resourcePath: String { Self.resourcePrefix + rawValue }

    /// The ids the app looks up in the file.
    public var objectIDs: [String] {
        switch self {
        case .settingsWindow: return SettingsWindowObject.allCases.map(\.rawValue)
        case .appDetailPage: return AppDetailObject.allCases.map(\.rawValue)
        case .appsGroup: return AppsGroupObject.allCases.map(\.rawValue)
        case .appRow: return AppRowObject.allCases.map(\.rawValue)
        case .choiceRow: return ChoiceRowObject.allCases.map(\.rawValue)
        case .aboutWindow: return AboutObject.allCases.map(\.rawValue)
        }
    }
}

/// An object of a UI file, named by its id.
public protocol InterfaceObject: RawRepresentable<String>, CaseIterable, Sendable {
    /// The file that describes it.
    static var file: InterfaceFile { get }
}

/// The window: the settings page beside (on a phone, under) an app's page.
public enum SettingsWindowObject: String, InterfaceObject {
    public static let file = InterfaceFile.settingsWindow
    case window, leaflet, sidebar, page
    case screenRow = "screen-row", lockRow = "lock-row", lockSwitch = "lock-switch"
    case appLocksRow = "app-locks-row", appLocksSwitch = "app-locks-switch"
    case kioskRow = "kiosk-row", kioskSwitch = "kiosk-switch"
    case frontRow = "front-row", whyButton = "why-button", whyRow = "why-row", statusRow = "status-row"
    case searchEntry = "search-entry"
}

/// An app's page: its header, its four choices' group, what it declares and its lock.
public enum AppDetailObject: String, InterfaceObject {
    public static let file = InterfaceFile.appDetailPage
    case page, title, back, choices, about
    case lockedRow = "locked-row"
}

/// The app list's group, made anew each time the list of apps changes.
public enum AppsGroupObject: String, InterfaceObject {
    public static let file = InterfaceFile.appsGroup
    case group
}

/// One app's row in the list: its icon and the button opening its page.
public enum AppRowObject: String, InterfaceObject {
    public static let file = InterfaceFile.appRow
    case row, icon, open
}

/// One of the four choices on an app's page, with its toggle button.
public enum ChoiceRowObject: String, InterfaceObject {
    public static let file = InterfaceFile.choiceRow
    case row, button
}

/// The About window.
public enum AboutObject: String, InterfaceObject {
    public static let file = InterfaceFile.aboutWindow
    case about
}

/// Where the app finds its GResource bundle.
public enum InterfaceBundle {
    /// The bundle's file name.
    public static let fileName = "orientd-settings.gresource"
    /// The variable naming the bundle's path, which then is the only place looked at.
    public static let variable = "ORIENTD_SETTINGS_RESOURCE"

    /// Where to look, in order: `$ORIENTD_SETTINGS_RESOURCE` alone when set; else
    /// `share/orientd-settings` under `prefix` (the folder above the program's `bin`:
    /// `make install`'s, or `.build/<triple>` for `make build`'s), then the system's data folders.
    public static func searchPath(environment: [String: String], prefix: String?) -> [String] {
        if let path = environment[variable], !path.isEmpty { return [path] }
        var paths: [String] = []
        if let prefix { paths.append((prefix == "/" ? "" : prefix) + "/share/orientd-settings/" + fileName) }
        for folder in ["/usr/local/share/orientd-settings/", "/usr/share/orientd-settings/"] where !paths.contains(folder + fileName) {
            paths.append(folder + fileName)
        }
        return paths
    }
}

import CGio
import GLibBridge
import Glibc
import OrientationCore

/// An installed app as its desktop entry describes it: what a settings app lists. Only the
/// entry's name, icon and orientation keys are read (never `Exec`).
public struct InstalledApp: Sendable, Equatable {
    /// The desktop file id without `.desktop`: the app id orientd's policies use.
    public var appID: String
    /// `Name`, in the current locale where the entry translates it.
    public var name: String
    /// `Icon`: an icon name, or an absolute path; nil without one.
    public var icon: String?
    /// What the entry declares for a phone (`X-Orientd-SupportedOrientations`, else Lomiri's
    /// `X-Lomiri-Supported-Orientations`, then `X-Ubuntu-Supported-Orientations`), read by the
    /// core's rules; nil: it declares nothing usable (orientd then applies its defaults).
    public var declared: OrientationMask?
    /// The entry's path.
    public var path: String

    public init(appID: String, name: String, icon: String? = nil, declared: OrientationMask? = nil, path: String) {
        self.appID = appID
        self.name = name
        self.icon = icon
        self.declared = declared
        self.path = path
    }
}

/// The installed apps, found as orientd finds their desktop entries: the `applications`
/// folder of `$XDG_DATA_HOME` (default `~/.local/share`), then of each `$XDG_DATA_DIRS`
/// folder (default `/usr/local/share:/usr/share`), a subfolder's entries named with `-` by
/// the Desktop Entry Specification's id rule, the first entry found for an id winning.
/// Entries that are hidden (`Hidden`, `NoDisplay`), not `Type=Application`, not regular
/// files, larger than `maxEntrySize` or that do not parse are left out; so are more than
/// `maxEntries` of them.
public enum InstalledApps {
    /// The largest entry read, as orientd reads them.
    public static let maxEntrySize = 64 << 10
    public static let maxEntries = 4096
    static let maxDepth = 3
    static let group = "Desktop Entry"

    /// The `applications` folders, most important first, from an environment.
    public static func folders(environment: [String: String]) -> [String] {
        var home = environment["XDG_DATA_HOME"] ?? ""
        if !home.hasPrefix("/") { home = (environment["HOME"] ?? String(cString: g_get_home_dir())) + "/.local/share" }
        let dirs = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
            .split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        var seen = Set<String>()
        return ([home] + dirs).map { $0 + "/applications" }.filter { seen.insert($0).inserted }
    }

    /// Every installed app in `folders`, sorted by name (then app id).
    public static func list(folders: [String]) -> [InstalledApp] {
        var seen = Set<String>()
        var apps: [InstalledApp] = []
        var budget = maxEntries
        for folder in folders {
            scan(folder, prefix: "", depth: 0, seen: &seen, apps: &apps, budget: &budget)
        }
        return apps.sorted { ($0.name.lowercased(), $0.appID) < ($1.name.lowercased(), $1.appID) }
    }

    private static func scan(_ folder: String, prefix: String, depth: Int, seen: inout Set<String>,
                             apps: inout [InstalledApp], budget: inout Int) {
        guard let names = EntryFile.names(in: folder) else { return }
        for name in names.sorted() where budget > 0 && !name.hasPrefix(".") {
            let path = folder + "/" + name
            if name.hasSuffix(".desktop") {
                let id = prefix + String(name.dropLast(".desktop".count))
                guard seen.insert(id).inserted else { continue }  // a more important folder has it
                budget -= 1
                if let app = read(path, appID: id) { apps.append(app) }
            } else if depth < maxDepth, EntryFile.isFolder(path) {
                scan(path, prefix: prefix + name + "-", depth: depth + 1, seen: &seen, apps: &apps, budget: &budget)
            }
        }
    }

    /// One entry, or nil when it is not a shown application.
    static func read(_ path: String, appID: String) -> InstalledApp? {
        guard let text = EntryFile.contents(path, maxSize: maxEntrySize) else { return nil }
        let file = g_key_file_new()!
        defer { g_key_file_free(file) }
        guard g_key_file_load_from_data(file, text, gsize(strlen(text)), GLibFlags.keyFileNone, nil) != 0 else { return nil }
        func value(_ key: String) -> String? {
            guard let raw = g_key_file_get_string(file, group, key, nil) else { return nil }
            defer { g_free(raw) }
            return String(cString: raw)
        }
        guard value("Type") == "Application", value("Hidden") != "true", value("NoDisplay") != "true" else { return nil }
        var name = appID
        if let raw = g_key_file_get_locale_string(file, group, "Name", nil, nil) {
            name = String(cString: raw)
            g_free(raw)
        }
        let icon = value("Icon").flatMap { $0.isEmpty ? nil : $0 }
        return InstalledApp(appID: appID, name: name, icon: icon, declared: declaration(value), path: path)
    }

    /// The phone's supported orientations the entry declares, by orientd's rules
    /// (`DesktopEntryOrientations`, a portrait panel's `primary`).
    static func declaration(_ value: (String) -> String?) -> OrientationMask? {
        DesktopEntryOrientations.read(value, idiom: .phone, natural: .portrait).mask
    }
}

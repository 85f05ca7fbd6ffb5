import OrientationCore

/// The app's supported orientations as its desktop entry declares them (Info.plist's UISupportedInterfaceOrientations):
/// `X-Orientd-SupportedOrientations` (and `-Pad` for a pad, as `~ipad`), else Lomiri's
/// `X-Lomiri-Supported-Orientations`, else its older `X-Ubuntu-Supported-Orientations`, read
/// from `<app-id>.desktop` (DesktopEntries).
enum DesktopEntry {
    static let keys = Set(DesktopEntryOrientations.keys + [DesktopEntryOrientations.categoriesKey])

    /// The supported orientations the desktop entry declares for `idiom`, and the entry's path;
    /// nil without an entry (or with `Hidden=true`) or a usable key, by
    /// `DesktopEntryOrientations`' rules, each problem logged once per version of the file.
    /// `natural` is the panel's natural orientation (Lomiri's `primary`).
    static func supportedOrientations(appId: String, idiom: Idiom, natural: NaturalOrientation = .portrait, log: Log,
                                      entries: DesktopEntries = .shared) -> (OrientationMask, String)? {
        let (found, fresh) = entries.entry(id: appId + ".desktop", keys: keys, log: log)
        guard let entry = found, !entry.hidden else { return nil }
        let (mask, problems) = DesktopEntryOrientations.read({ entry.values[$0] }, idiom: idiom, natural: natural)
        if fresh {
            for (key, problem) in problems { log.warning("\(LogText.path(entry.path)) \(key): \(LogText.quoted(problem))") }
        }
        return mask.map { ($0, entry.path) }
    }

    /// What an observed app's desktop entry declares on every kind of screen: the phone
    /// declaration (as for `idiom` phone), the large-screen one, and whether it is a game; nil
    /// without an entry (or with `Hidden=true`) or when it declares nothing of these.
    static func declared(appId: String, natural: NaturalOrientation = .portrait, log: Log,
                         entries: DesktopEntries = .shared) -> DeclaredOrientations? {
        let (found, fresh) = entries.entry(id: appId + ".desktop", keys: keys, log: log)
        guard let entry = found, !entry.hidden else { return nil }
        let value = { (key: String) in entry.values[key] }
        let (phone, problems) = DesktopEntryOrientations.read(value, idiom: .phone, natural: natural)
        if fresh {
            for (key, problem) in problems { log.warning("\(LogText.path(entry.path)) \(key): \(LogText.quoted(problem))") }
        }
        let declared = DeclaredOrientations(mask: phone ?? [], file: entry.path, padMask: DesktopEntryOrientations.padDeclaration(value),
                                            isGame: DesktopEntryOrientations.isGame(value))
        return declared.declaresAnything || declared.isGame ? declared : nil
    }

    /// The app id (desktop file id without `.desktop`) of the entry whose `StartupWMClass` is
    /// an X11 window's `WM_CLASS` class, nil without one.
    static func appId(startupWMClass wmClass: String, log: Log, entries: DesktopEntries = .shared) -> String? {
        entries.desktopId(startupWMClass: wmClass, log: log)
    }
}

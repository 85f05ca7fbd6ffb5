import OrientationCore

/// The app's supported orientations as its desktop entry declares them (Info.plist's UISupportedInterfaceOrientations):
/// `X-Orientd-SupportedOrientations` (and `-Pad` for a pad, as `~ipad`), else Lomiri's
/// `X-Lomiri-Supported-Orientations`, else its older `X-Ubuntu-Supported-Orientations`, read
/// from `<app-id>.desktop` (DesktopEntries).
enum DesktopEntry {
    static let keys = Set(DesktopEntryOrientations.keys)

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

    /// The app id (desktop file id without `.desktop`) of the entry whose `StartupWMClass` is
    /// an X11 window's `WM_CLASS` class, nil without one.
    static func appId(startupWMClass wmClass: String, log: Log, entries: DesktopEntries = .shared) -> String? {
        entries.desktopId(startupWMClass: wmClass, log: log)
    }
}

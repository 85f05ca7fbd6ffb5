import OrientationCore

/// The app's desktop entry as its desktop entry (Info.plist's UISupportedInterfaceOrientations):
/// `X-Orientd-SupportedOrientations` (and `-Pad` for a pad, as `~ipad`), else Lomiri's
/// `X-Ubuntu-Supported-Orientations`, read from `<app-id>.desktop` (DesktopEntries).
enum DesktopEntry {
    static let key = "X-Orientd-SupportedOrientations"
    static let padKey = "X-Orientd-SupportedOrientations-Pad"
    static let ubuntuKey = LomiriOrientations.key
    static let keys: Set<String> = [key, padKey, ubuntuKey]

    /// The supported orientations the desktop entry declares for `idiom`, and the entry's path; nil without
    /// an entry (or with `Hidden=true`) or a usable key. The keys are tried in order (the pad
    /// key first for a pad, Lomiri's last); a bad value is skipped with a warning, logged once
    /// per version of the file. `natural` is the panel's natural orientation (Lomiri's
    /// `primary`).
    static func whitelist(appId: String, idiom: Idiom, natural: NaturalOrientation = .portrait, log: Log,
                          entries: DesktopEntries = .shared) -> (OrientationMask, String)? {
        let (found, fresh) = entries.entry(id: appId + ".desktop", keys: keys, log: log)
        guard let entry = found, !entry.hidden else { return nil }
        for key in idiom == .pad ? [padKey, key, ubuntuKey] : [key, ubuntuKey] {
            guard let value = entry.values[key] else { continue }
            do {
                return (try mask(key: key, value: value, natural: natural), entry.path)
            } catch {
                if fresh { log.warning("\(LogText.path(entry.path)) \(key): \(LogText.quoted(error.message)); ignored") }
            }
        }
        return nil
    }

    /// The mask one key's value declares.
    static func mask(key: String, value: String, natural: NaturalOrientation) throws(OrientationError) -> OrientationMask {
        if key == ubuntuKey { return try LomiriOrientations.mask(parsing: value, natural: natural) }
        let names = value.split(separator: ";").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        return try OrientationMask(parsing: names, what: key)
    }

    /// The app id (desktop file id without `.desktop`) of the entry whose `StartupWMClass` is
    /// an X11 window's `WM_CLASS` class, nil without one.
    static func appId(startupWMClass wmClass: String, log: Log, entries: DesktopEntries = .shared) -> String? {
        entries.desktopId(startupWMClass: wmClass, log: log)
    }
}

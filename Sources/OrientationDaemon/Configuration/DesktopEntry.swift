import OrientationCore

/// The app's supported orientations as its desktop entry declares them (Info.plist's UISupportedInterfaceOrientations):
/// `X-Orientd-SupportedOrientations` (and `-Pad` for a pad, as `~ipad`), else Lomiri's
/// `X-Lomiri-Supported-Orientations`, else its older `X-Ubuntu-Supported-Orientations`, read
/// from `<app-id>.desktop` (DesktopEntries).
enum DesktopEntry {
    static let key = "X-Orientd-SupportedOrientations"
    static let padKey = "X-Orientd-SupportedOrientations-Pad"
    static let lomiriKeys = [LomiriOrientations.key, LomiriOrientations.ubuntuKey]
    static let keys = Set([key, padKey] + lomiriKeys)

    /// The supported orientations the desktop entry declares for `idiom`, and the entry's path; nil without
    /// an entry (or with `Hidden=true`) or a usable key. The keys are tried in order (the pad
    /// key first for a pad, Lomiri's last); a bad value of orientd's keys is skipped, one of
    /// Lomiri's means all four (as Lomiri reads it), each with a warning logged once per
    /// version of the file. `natural` is the panel's natural orientation (Lomiri's `primary`).
    static func supportedOrientations(appId: String, idiom: Idiom, natural: NaturalOrientation = .portrait, log: Log,
                                      entries: DesktopEntries = .shared) -> (OrientationMask, String)? {
        let (found, fresh) = entries.entry(id: appId + ".desktop", keys: keys, log: log)
        guard let entry = found, !entry.hidden else { return nil }
        for key in (idiom == .pad ? [padKey, key] : [key]) + lomiriKeys {
            guard let value = entry.values[key] else { continue }
            if lomiriKeys.contains(key) {
                guard let (mask, problem) = LomiriOrientations.read(value, key: key, natural: natural) else { continue }
                if fresh, let problem { log.warning("\(LogText.path(entry.path)) \(key): \(LogText.quoted(problem))") }
                return (mask, entry.path)
            }
            do {
                return (try mask(key: key, value: value), entry.path)
            } catch {
                if fresh { log.warning("\(LogText.path(entry.path)) \(key): \(LogText.quoted(error.message)); ignored") }
            }
        }
        return nil
    }

    /// The mask one key's value declares.
    static func mask(key: String, value: String) throws(OrientationError) -> OrientationMask {
        let names = value.split(separator: ";").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        return try OrientationMask(parsing: names, what: key)
    }

    /// The app id (desktop file id without `.desktop`) of the entry whose `StartupWMClass` is
    /// an X11 window's `WM_CLASS` class, nil without one.
    static func appId(startupWMClass wmClass: String, log: Log, entries: DesktopEntries = .shared) -> String? {
        entries.desktopId(startupWMClass: wmClass, log: log)
    }
}

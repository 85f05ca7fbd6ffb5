/// Orientations and masks in words, for the sentences of `explainPanel` and the log lines a
/// person reads (the wire names stay for `Explain`'s masks and for scripts).
extension InterfaceOrientation {
    /// "portrait", "portrait upside down", "landscape (left)", "landscape (right)".
    public var words: String {
        switch self {
        case .portrait: return "portrait"
        case .portraitUpsideDown: return "portrait upside down"
        case .landscapeLeft: return "landscape (left)"
        case .landscapeRight: return "landscape (right)"
        }
    }
}

extension OrientationMask {
    /// The mask in words: "every orientation", "landscape only", "portrait or landscape", or
    /// its orientations named one by one; "no orientation" for an empty mask.
    public var words: String {
        switch self {
        case .all: return "every orientation"
        case .allButUpsideDown: return "every orientation but upside down"
        case .landscape: return "landscape only"
        case .portrait: return "portrait only"
        case [.portrait, .portraitUpsideDown]: return "portrait only, either way up"
        case []: return "no orientation"
        default:
            let names = orientations.map(\.words)
            return names.count == 1 ? names[0] + " only" : names.joined(separator: ", ")
        }
    }
}

/// Who set the value of a manager setting in force.
public enum SettingSource: Sendable, Equatable {
    /// The user's own choice (the state file).
    case user
    /// A configuration file of the administrator or the vendor; `locked` when it also locks it.
    case configuration(file: String, locked: Bool)
    /// Nobody: the built-in default.
    case builtIn

    /// "user", "default", or the file: the wire form (`SettingSources`).
    public var wireValue: String {
        switch self {
        case .user: return "user"
        case .builtIn: return "default"
        case .configuration(let file, _): return file
        }
    }
}

extension OrientationManager {
    /// Who set `key`'s value in force: a lock wins, then the user, then a configuration file.
    public func source(of key: SettingKey) -> SettingSource { settingProvenance.source(of: key) }

    /// Who set each setting's value in force, as the snapshot keeps it.
    public var settingProvenance: SettingProvenance {
        SettingProvenance(locks: configuration.locks, fileValues: configuration.sources,
                          userSets: SettingProvenance.userMask(user.sets))
    }

    /// " (the user's choice)", " (set by FILE)", " (locked by FILE)" or " (the built-in default)".
    func setBy(_ key: SettingKey) -> String { " (\(setByWords(key)))" }

    /// "the user's choice", "set by FILE", "locked by FILE" or "the built-in default".
    func setByWords(_ key: SettingKey) -> String {
        switch source(of: key) {
        case .user: return "the user's choice"
        case .builtIn: return "the built-in default"
        case .configuration(let file, let locked): return locked ? "locked by \(file)" : "set by \(file)"
        }
    }
}

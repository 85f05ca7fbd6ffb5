/// Who set each manager setting's value in force, kept as the parts it is read from (the
/// configuration's locks and values, the keys the user sets) rather than as a table made
/// per snapshot: the manager takes a snapshot before and after every command, and a scene's
/// call, which changes none of these, should not build and compare a dictionary twice.
public struct SettingProvenance: Sendable, Equatable {
    /// The settings a configuration file locks, and the file.
    public var locks: [SettingKey: String]
    /// The settings a configuration file sets, and the file (the last that sets each).
    public var fileValues: [SettingKey: String]
    /// The settings the user's own layer sets, one bit per `SettingKey.allCases` index.
    public var userSets: UInt32

    public init(locks: [SettingKey: String] = [:], fileValues: [SettingKey: String] = [:], userSets: UInt32 = 0) {
        self.locks = locks
        self.fileValues = fileValues
        self.userSets = userSets
    }

    /// The bits of `userSets` for the keys `sets` says the user's layer sets.
    public static func userMask(_ sets: (SettingKey) -> Bool) -> UInt32 {
        SettingKey.allCases.reduce(0) { sets($1) ? $0 | bit($1) : $0 }
    }

    /// `key`'s bit in `userSets`.
    private static func bit(_ key: SettingKey) -> UInt32 { 1 << UInt32(key.ordinal) }

    /// Who set `key`'s value in force: a lock wins, then the user, then a configuration file.
    public func source(of key: SettingKey) -> SettingSource {
        if let file = locks[key] { return .configuration(file: file, locked: true) }
        if userSets & Self.bit(key) != 0 { return .user }
        if let file = fileValues[key] { return .configuration(file: file, locked: false) }
        return .builtIn
    }

    /// Each setting's `SettingSource.wireValue`: the `SettingSources` property.
    public var wireValues: [SettingKey: String] {
        Dictionary(uniqueKeysWithValues: SettingKey.allCases.map { ($0, source(of: $0).wireValue) })
    }

    /// Whether the two give any setting another source (different parts may give the same:
    /// a file that sets a value and then also locks it reads the same file either way).
    public func differs(from other: SettingProvenance) -> Bool {
        self != other && wireValues != other.wireValues
    }
}

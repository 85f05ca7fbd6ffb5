/// The documented limits; a command that would pass one fails with `LimitExceeded`
/// (or `InvalidArgs` for a value out of range), naming the limit.
public struct Limits: Sendable, Equatable {
    public var scenesPerConnection = 1_000
    /// Scenes of live apps (registered without detached=true) in all.
    public var scenesInAll = 10_000
    /// The last scenes of `scenesInAll` are kept for connections holding fewer than
    /// `smallConnectionScenes` scenes: a few connections filling up to their own limit can
    /// never keep a new app from registering its windows (at most a tenth of `scenesInAll`).
    /// And a connection's first live scene (a sandboxed app's: the app's first) is never
    /// refused by the limit in all, whatever the others hold: such scenes above it number at
    /// most one per connection, each costing its owner a bus connection.
    public var scenesKeptForSmallConnections = 1_000
    public var smallConnectionScenes = 10
    /// Detached scenes in all: a cap of their own, so that detached scenes left behind by
    /// clients that exited can never keep apps from registering.
    public var detachedScenesInAll = 1_000
    public var controllersPerScene = 1_000
    /// Controllers in all the scenes one connection registered.
    public var controllersPerConnection = 10_000
    /// Controllers in all scenes of live apps: bounds the memory of the worst case (~55 MB
    /// at 255-character ids).
    public var controllersInAll = 100_000
    /// Controllers in all detached scenes, counted apart like the scenes themselves.
    public var detachedControllersInAll = 10_000
    public var appPolicies = 1_000
    /// App windows a tracker may report at once (each may stand as an observed scene).
    public var trackedWindows = 1_000
    /// App windows of one app id (or unnamed) followed at once; its newest takes the place of
    /// its longest idle (WindowCap.swift), so one client cannot fill `trackedWindows`.
    public var trackedWindowsPerApp = 100
    public var historyEntries = 256
    public var maxNameLength = 255
    public var maxSettleTime: UInt32 = 10_000
    public var maxSplitViewThreshold: UInt32 = 100_000
    public var maxDimension: UInt32 = 100_000

    public init() {}

    public static let `default` = Limits()
}

/// Checks of names and values shared by the commands.
enum Validate {
    static let appIdCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-".unicodeScalars)

    static func appId(_ value: String, limits: Limits) throws(OrientationError) {
        guard !value.isEmpty, value.unicodeScalars.count <= limits.maxNameLength,
              value.unicodeScalars.allSatisfy({ appIdCharacters.contains($0) }) else {
            throw .invalidArgs("Invalid app-id '\(ControlCharacters.escaped(value))': it must be 1–\(limits.maxNameLength) characters of A-Z a-z 0-9 . _ -")
        }
    }

    static func name(_ value: String, what: String, limits: Limits) throws(OrientationError) {
        try ControlCharacters.refuse(in: value, what: what)
        if value.isEmpty { throw .invalidArgs("The \(what) must not be empty (1–\(limits.maxNameLength) characters)") }
        if value.unicodeScalars.count > limits.maxNameLength {
            throw .limitExceeded("The \(what) is \(value.unicodeScalars.count) characters long; the limit is \(limits.maxNameLength)")
        }
    }

    static func dimension(_ value: UInt32, what: String, limits: Limits) throws(OrientationError) {
        guard value >= 1, value <= limits.maxDimension else {
            throw .invalidArgs("Invalid \(what) \(value): it must be 1–\(limits.maxDimension) points")
        }
    }
}

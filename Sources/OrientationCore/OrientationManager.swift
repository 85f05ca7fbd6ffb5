/// A device reading waiting for the settle time.
public struct PendingReading: Sendable, Equatable {
    public var orientation: DeviceOrientation
    public var source: SensorSource
    /// Monotonic microseconds when it was first seen.
    public var since: Int64
}

/// The whole state of orientd and its rules: commands in, events out.
///
/// `apply` either returns the events the service must emit, with the state updated, or throws
/// an `OrientationError` with the state exactly as it was.
public struct OrientationManager: Sendable {
    public let limits: Limits
    /// The settings in force: the user's choices over the configuration (see `Settings.effective`).
    public internal(set) var settings: Settings
    /// The user's own choices (what the state file keeps).
    public internal(set) var user: SettingLayer
    /// The configuration files' values and locks.
    public internal(set) var configuration: Configuration
    public internal(set) var scenes: [SceneID: Scene] = [:]
    /// The published device orientation (frozen while the rotation lock is on).
    public internal(set) var deviceOrientation: DeviceOrientation = .unknown
    /// The last settled reading, published or not.
    public internal(set) var sensedOrientation: DeviceOrientation = .unknown
    public internal(set) var pendingReading: PendingReading?
    public internal(set) var sensorAvailable = false
    /// A device orientation set by hand while the sensor is claimed, and how long it holds (HandSetDevice.swift).
    public internal(set) var handSet: HandSetDevice?
    /// Where the published device orientation came from.
    var lastReadingSource: SensorSource = .manual
    /// Where the last settled reading came from (it differs under the rotation lock).
    var sensedSource: SensorSource = .manual
    public internal(set) var history: HistoryRing
    /// The last scene number handed out; numbers are never reused.
    public internal(set) var lastSceneID: SceneID = 0
    /// Scenes by quota holder: the registering connection, or a sandboxed app's id (`quotaHolder`).
    var scenesByCreator: [String: Int] = [:]
    /// The sandboxed apps behind connections (CallerIdentity.swift); absent: the user's own process.
    var callers: [String: CallerIdentity] = [:]
    /// Counts behind the quotas of detached scenes and controllers.
    var quotas = QuotaCounts()
    /// Scenes on the built-in display: while there is one, the sensor is needed.
    public internal(set) var builtinSceneCount = 0
    /// The front scene and the panel (Output.swift).
    public internal(set) var output: OutputState
    /// The compositor's app windows (WindowTracking.swift).
    public internal(set) var windows = WindowState()
    /// The idiom of observed scenes (the device's: its default supported orientations and which desktop entry
    /// key applies).
    public let observedIdiom: Idiom
    /// The screen class the command line sets (`--screen-class`); `auto`: the configuration's,
    /// else the panel's measure.
    public let screenClassOption: ScreenClassChoice

    /// A manager whose user chose every value of `settings`, with no configuration files.
    /// `lastSceneID`: the last scene number an earlier run may have handed out; numbering
    /// continues after it, so that a path is never reused across restarts.
    public init(settings: Settings = Settings(), limits: Limits = .default, natural: NaturalOrientation = .portrait,
                lastSceneID: SceneID = 0, observedIdiom: Idiom = .phone, screenClass: ScreenClassChoice = .auto) {
        self.settings = settings
        screenClassOption = screenClass
        self.observedIdiom = observedIdiom
        user = SettingLayer(every: settings)
        configuration = Configuration()
        self.limits = limits
        self.lastSceneID = min(lastSceneID, Self.maxSceneID)
        output = OutputState(natural: natural)
        history = HistoryRing(capacity: limits.historyEntries)
    }

    /// A manager with the user's own choices over the configuration files.
    public init(user: SettingLayer, configuration: Configuration, limits: Limits = .default,
                natural: NaturalOrientation = .portrait, observedIdiom: Idiom = .phone,
                screenClass: ScreenClassChoice = .auto) {
        self.user = user
        screenClassOption = screenClass
        self.observedIdiom = observedIdiom
        self.configuration = configuration
        settings = Settings.effective(user: user, configuration: configuration)
        self.limits = limits
        output = OutputState(natural: natural)
        history = HistoryRing(capacity: limits.historyEntries)
    }

    /// Puts the user's own choices read from the state file in place, before any client was
    /// served (a `--replace` that waited for the state folder); scenes, the sensor and the panel stay.
    public mutating func adoptUserChoices(_ user: SettingLayer) {
        self.user = user
        settings = Settings.effective(user: user, configuration: configuration)
    }

    /// Where the device orientation comes from: the sensor while it is there and gave the
    /// current reading, else manual input.
    public var sensorSource: SensorSource {
        sensorAvailable && lastReadingSource == .iioSensorProxy ? .iioSensorProxy : .manual
    }

    /// Whether anything would follow the sensor (the sensor costs power otherwise): a scene
    /// on the built-in display, or the panel itself with no scene in front.
    public var needsSensor: Bool { regime != .desk && (builtinSceneCount > 0 || panelFollowsDevice) }

    /// Whether the sensor must be claimed: while it is there and something would follow it
    /// (the rotation lock keeps it claimed: its readings become suggestions).
    public var wantsSensor: Bool { sensorAvailable && needsSensor }

    /// When the shell must send `.tick` next (monotonic microseconds), or nil.
    public var nextDeadline: Int64? {
        func earlier(_ one: Int64?, _ other: Int64?) -> Int64? {
            guard let one, let other else { return one ?? other }
            return min(one, other)
        }
        return earlier(earlier(readingDeadline, handSet?.until), compositorRotationDeadline)
    }

    public var managerSnapshot: ManagerSnapshot {
        ManagerSnapshot(deviceOrientation: deviceOrientation, rotationLocked: settings.rotationLocked,
                        kioskMode: settings.kioskMode, kioskOrientation: settings.kioskOrientation,
                        splitViewThreshold: settings.splitViewThreshold,
                        settleTime: settings.settleTimeMilliseconds,
                        configFiles: configuration.files, lockedSettings: configuration.lockedKeys,
                        sensorAvailable: sensorAvailable, sensorSource: sensorSource,
                        outputBackend: output.backend, outputName: output.name,
                        outputOrientation: output.showing, outputStatus: output.status, frontScene: output.frontScene,
                        frontSceneCreator: output.frontScene.flatMap { scenes[$0]?.creator } ?? "",
                        windowTracking: windows.tracker, trackedWindows: UInt32(windows.windows.count),
                        frontApp: output.frontScene.flatMap { scenes[$0]?.appId } ?? "",
                        undeclaredAppOrientations: settings.undeclaredAppOrientations,
                        windowTrackingStatus: windows.status,
                        settingProvenance: settingProvenance,
                        screenClass: screenClassBasis, posture: postureBasis, appLocksAllowed: settings.appLocksAllowed)
    }

    public func snapshot(of id: SceneID) -> SceneSnapshot? {
        scenes[id].map { SceneSnapshot($0, kioskMode: settings.kioskMode) }
    }

    /// What a turn changes of a scene (its orientation and size), read without a snapshot:
    /// the bus adapter shares one `PropertiesChanged` among the scenes that turn alike.
    public func turnFacts(of id: SceneID) -> SceneTurnFacts? {
        scenes[id].map { SceneTurnFacts(orientation: $0.orientation, width: $0.width, height: $0.height) }
    }

    /// The scene, or `UnknownScene`.
    public func scene(_ id: SceneID) throws(OrientationError) -> Scene {
        guard let scene = scenes[id] else {
            throw OrientationError(.unknownScene, "No scene \(id); registered scenes: \(describeSceneIDs())")
        }
        return scene
    }

    func describeSceneIDs() -> String {
        if scenes.isEmpty { return "none" }
        let ids = scenes.keys.sorted()
        let shown = ids.prefix(10).map(String.init).joined(separator: ", ")
        return ids.count > 10 ? shown + ", … (\(ids.count) in all)" : shown
    }

    /// Runs one command from `caller` (a bus name) at `now`; a device reading (or the tick that
    /// settles one) reports its events to `progress` as it decides each scene.
    public mutating func apply(_ command: Command, caller: String, at now: Moment,
                               progress: Progress? = nil) throws(OrientationError) -> Outcome {
        let before = watched()
        // A scene command never changes the user's settings: the hot path skips comparing
        // them (the app policies among them). Settings adopted from disk need no saving.
        let userBefore: SettingLayer? = switch command {
        case .scene, .adoptUserSettings: nil
        default: user
        }
        var events: [Event] = []
        let reply: Reply
        switch command {
        case .registerScene(let registration):
            reply = try register(registration, caller: caller, events: &events)
        case .unregisterScene(let id):
            try unregister(id, caller: caller, events: &events)
            reply = .none
        case .deviceReading(let orientation, let source):
            receive(orientation, source: source, now: now, events: &events, progress: progress)
            reply = .none
        case .tick:
            tick(now: now, events: &events, progress: progress)
            reply = .none
        case .setRotationLocked(let locked):
            try configuration.checkUnlocked(.rotationLocked)
            user.rotationLocked = locked
            applyEffectiveSettings(now: now, events: &events)
            reply = .none
        case .setKioskMode(let enabled, let orientation):
            if orientation != nil { try configuration.checkUnlocked(.kioskMode, .kioskOrientation) } else { try configuration.checkUnlocked(.kioskMode) }
            user.kioskMode = enabled
            if let orientation { user.kioskOrientation = orientation }
            applyEffectiveSettings(now: now, events: &events)
            reply = .none
        case .setSplitViewThreshold(let points):
            try setSplitViewThreshold(points, now: now, events: &events)
            reply = .none
        case .setSettleTime(let milliseconds):
            guard milliseconds <= limits.maxSettleTime else {
                throw .invalidArgs("Invalid settle time \(milliseconds) ms: it must be 0–\(limits.maxSettleTime) ms")
            }
            try configuration.checkUnlocked(.settleTime)
            user.settleTime = milliseconds
            applyEffectiveSettings(now: now, events: &events)
            reply = .none
        case .setAppPolicy(let appId, let policy):
            try setAppPolicy(appId, policy, now: now, events: &events)
            reply = .none
        case .resetSetting(let name):
            try resetSetting(name, now: now, events: &events)
            reply = .none
        case .reloadConfiguration(let configuration):
            reload(configuration, now: now, events: &events)
            reply = .none
        case .adoptUserSettings(let layer):
            user = layer
            applyEffectiveSettings(now: now, events: &events)
            reply = .none
        case .setAppLocksAllowed(let allowed):
            try configuration.checkUnlocked(.appLocksAllowed)
            user.appLocksAllowed = allowed
            applyEffectiveSettings(now: now, events: &events)
            reply = .none
        case .setSensorAvailable(let available):
            sensorAvailable = available
            reply = .none
        case .clientVanished(let name):
            clientVanished(name, events: &events)
            callers[name] = nil
            reply = .none
        case .callerIdentified(let name, let identity):
            callers[name] = identity == .user ? nil : identity
            reply = .none
        case .scene(let id, let sceneCommand):
            reply = try run(sceneCommand, on: id, caller: caller, now: now, events: &events)
        case .output(let outputCommand):
            runOutput(outputCommand, now: now, events: &events)
            reply = .none
        case .window(let windowCommand):
            try runWindow(windowCommand, now: now, events: &events)
            reply = .none
        }
        updateRegime(before: before.regime, ruleBefore: before.largeScreenRule, panelBefore: before.panel, now: now, events: &events)
        updateFront()
        updateOutput(events: &events)
        let after = watched()
        let changed = before.snapshot.changes(to: after.snapshot)
        let state = changed.filter { !$0.isConfiguration }, files = changed.filter(\.isConfiguration)
        if !state.isEmpty { events.append(.managerPropertiesChanged(state)) }
        if let userBefore, user != userBefore { events.append(.settingsChanged) }
        if after.holdsCompositorRotation != before.holdsCompositorRotation {
            events.append(.holdCompositorRotation(after.holdsCompositorRotation))
        }
        if after.wantsSensor != before.wantsSensor { events.append(.sensorWanted(after.wantsSensor)) }
        if !files.isEmpty { events.append(.managerPropertiesChanged(files)) }
        // A tick that came before the deadline (a timer may fire early) asks again.
        var tickedEarly = false
        if case .tick = command { tickedEarly = after.nextDeadline != nil }
        if after.nextDeadline != before.nextDeadline || tickedEarly { events.append(.tickDue(at: after.nextDeadline)) }
        return Outcome(reply: reply, events: events)
    }

    /// What `apply` compares before and after a command.
    struct Watched {
        let snapshot: ManagerSnapshot
        let wantsSensor: Bool
        let holdsCompositorRotation: Bool
        let nextDeadline: Int64?
        let regime: DeviceRegime
        let largeScreenRule: Bool
        let panel: InterfaceOrientation?
    }

    /// Read in one call: each call `apply` (a mutating method) makes to a non-mutating one
    /// hands that a copy of the manager (~700 bytes) in a stack slot of its own; one read per
    /// getter made `apply`'s stack frame 17 KB.
    func watched() -> Watched {
        Watched(snapshot: managerSnapshot, wantsSensor: wantsSensor, holdsCompositorRotation: holdsCompositorRotation,
                nextDeadline: nextDeadline, regime: regime, largeScreenRule: settings.largeScreenRule, panel: output.showing)
    }
}

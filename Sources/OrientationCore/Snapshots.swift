/// The public values of a scene, for property reads and for finding what a command changed.
public struct SceneSnapshot: Sendable, Equatable {
    public var appId: String
    public var owner: String
    public var detached: Bool
    /// The scene stands for a window the tracker reports (no client registered it).
    public var observed: Bool
    public var idiom: Idiom
    public var display: String
    public var orientation: InterfaceOrientation
    public var supported: OrientationMask
    public var decidingController: String
    public var width: UInt32
    public var height: UInt32
    public var splitView: Bool
    public var activation: ActivationState
    public var statusBarHidden: Bool
    /// iOS 26's lock, honoured.
    public var orientationLocked: Bool

    public init(_ scene: borrowing Scene, kioskMode: Bool) {
        orientationLocked = scene.orientationLocked
        appId = scene.appId
        owner = scene.owner ?? ""
        detached = scene.isDetached
        observed = scene.isObserved
        idiom = scene.idiom
        display = scene.display
        orientation = scene.orientation
        supported = scene.effectiveMask
        decidingController = scene.decidingController
        width = scene.width
        height = scene.height
        splitView = scene.splitView
        activation = scene.activation
        statusBarHidden = kioskMode
    }

    /// The properties whose values differ, in the contract's order.
    public func changes(to other: SceneSnapshot) -> [SceneProperty] {
        var result: [SceneProperty] = []
        if orientation != other.orientation { result.append(.interfaceOrientation) }
        if supported != other.supported { result += [.supportedOrientations, .supportedOrientationsMask] }
        if decidingController != other.decidingController { result.append(.decidingController) }
        if width != other.width { result.append(.width) }
        if height != other.height { result.append(.height) }
        if splitView != other.splitView { result.append(.splitView) }
        if activation != other.activation { result.append(.activationState) }
        if statusBarHidden != other.statusBarHidden { result.append(.statusBarHidden) }
        if orientationLocked != other.orientationLocked { result.append(.orientationLocked) }
        return result
    }
}

/// The scene's values a device turn changes.
public struct SceneTurnFacts: Sendable, Hashable {
    public var orientation: InterfaceOrientation
    public var width: UInt32
    public var height: UInt32

    public init(orientation: InterfaceOrientation, width: UInt32, height: UInt32) {
        self.orientation = orientation
        self.width = width
        self.height = height
    }
}

/// The public values of the manager object.
public struct ManagerSnapshot: Sendable, Equatable {
    /// 3: OutputStatus, and the window tracking members (WindowTracking, TrackedWindows,
    /// FrontApp, the scenes' Observed). 4: UndeclaredAppOrientations. 5: ExplainPanel, SettingSources.
    /// 6: the screen's class and posture (ScreenClass, Posture and their reasons),
    /// AppLocksAllowed and SetAppLocksAllowed, the controllers' prefers-orientation-locked and
    /// the scenes' OrientationLocked.
    public static let version: UInt32 = 6
    public var deviceOrientation: DeviceOrientation
    public var rotationLocked: Bool
    public var kioskMode: Bool
    public var kioskOrientation: InterfaceOrientation
    public var splitViewThreshold: UInt32
    public var settleTime: UInt32
    /// The configuration files applied, in order.
    public var configFiles: [String] = []
    /// The settings the configuration files lock.
    public var lockedSettings: [SettingKey] = []
    public var sensorAvailable: Bool
    public var sensorSource: SensorSource
    public var outputBackend: OutputBackendKind? = nil
    public var outputName = ""
    /// What the panel shows; nil: unknown or no backend.
    public var outputOrientation: InterfaceOrientation? = nil
    /// Why no backend drives the panel ("" while one does).
    public var outputStatus = ""
    public var frontScene: SceneID? = nil
    /// The connection that registered the front scene ("" when there is none).
    public var frontSceneCreator = ""
    /// The window tracker whose list orientd follows; nil: none.
    public var windowTracking: WindowTrackerKind? = nil
    /// The app windows the tracker reports.
    public var trackedWindows: UInt32 = 0
    /// The front scene's app id ("" when there is none).
    public var frontApp = ""
    /// What an observed app that declares nothing supports.
    public var undeclaredAppOrientations: OrientationMask = .all
    /// Why no tracker follows a window list ("" while one does).
    public var windowTrackingStatus = ""
    /// Who set each manager setting's value in force.
    public var settingProvenance = SettingProvenance()
    public var screenClass: ScreenClassBasis = .unmeasured
    public var posture: PostureBasis = .phone
    public var appLocksAllowed = true

    /// Who set each manager setting's value in force (`SettingSource.wireValue`): the
    /// `SettingSources` property.
    public var settingSources: [SettingKey: String] { settingProvenance.wireValues }

    public func changes(to other: ManagerSnapshot) -> [ManagerProperty] {
        var result: [ManagerProperty] = []
        if deviceOrientation != other.deviceOrientation { result.append(.deviceOrientation) }
        if rotationLocked != other.rotationLocked { result.append(.rotationLocked) }
        if kioskMode != other.kioskMode { result.append(.kioskMode) }
        if kioskOrientation != other.kioskOrientation { result.append(.kioskOrientation) }
        if splitViewThreshold != other.splitViewThreshold { result.append(.splitViewThreshold) }
        if settleTime != other.settleTime { result.append(.settleTime) }
        if configFiles != other.configFiles { result.append(.configFiles) }
        if lockedSettings != other.lockedSettings { result.append(.lockedSettings) }
        if sensorAvailable != other.sensorAvailable { result.append(.sensorAvailable) }
        if sensorSource != other.sensorSource { result.append(.sensorSource) }
        if outputBackend != other.outputBackend { result.append(.outputBackend) }
        if outputName != other.outputName { result.append(.outputName) }
        if outputOrientation != other.outputOrientation { result.append(.outputOrientation) }
        if outputStatus != other.outputStatus { result.append(.outputStatus) }
        if frontScene != other.frontScene { result.append(.frontScene) }
        if windowTracking != other.windowTracking { result.append(.windowTracking) }
        if trackedWindows != other.trackedWindows { result.append(.trackedWindows) }
        if frontApp != other.frontApp { result.append(.frontApp) }
        if undeclaredAppOrientations != other.undeclaredAppOrientations { result.append(.undeclaredAppOrientations) }
        if windowTrackingStatus != other.windowTrackingStatus { result.append(.windowTrackingStatus) }
        if settingProvenance.differs(from: other.settingProvenance) { result.append(.settingSources) }
        if screenClass != other.screenClass {
            if screenClass.screenClass != other.screenClass.screenClass { result.append(.screenClass) }
            result.append(.screenClassReason)
        }
        if posture != other.posture {
            if posture.posture != other.posture.posture { result.append(.posture) }
            result.append(.postureReason)
        }
        if appLocksAllowed != other.appLocksAllowed { result.append(.appLocksAllowed) }
        return result
    }
}

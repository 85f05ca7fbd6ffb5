import OrientationCore

/// The property changes between two snapshots, written out again property by property (the
/// randomised tests compare them with the core's own `changes(to:)`).
extension InvariantChecker {
    static func propertyDiff(_ a: SceneSnapshot, _ b: SceneSnapshot) -> [SceneProperty] {
        SceneProperty.allCases.filter { property in
            switch property {
            case .appId: return a.appId != b.appId
            case .owner: return a.owner != b.owner
            case .detached: return a.detached != b.detached
            case .observed: return a.observed != b.observed
            case .idiom: return a.idiom != b.idiom
            case .display: return a.display != b.display
            case .interfaceOrientation: return a.orientation != b.orientation
            case .supportedOrientations, .supportedOrientationsMask: return a.supported.rawValue != b.supported.rawValue
            case .decidingController: return a.decidingController != b.decidingController
            case .width: return a.width != b.width
            case .height: return a.height != b.height
            case .splitView: return a.splitView != b.splitView
            case .activationState: return a.activation != b.activation
            case .statusBarHidden: return a.statusBarHidden != b.statusBarHidden
            case .orientationLocked: return a.orientationLocked != b.orientationLocked
            }
        }
    }

    static func managerDiff(_ a: ManagerSnapshot, _ b: ManagerSnapshot) -> [ManagerProperty] {
        ManagerProperty.allCases.filter { property in
            switch property {
            case .version: return false
            case .deviceOrientation: return a.deviceOrientation != b.deviceOrientation
            case .rotationLocked: return a.rotationLocked != b.rotationLocked
            case .kioskMode: return a.kioskMode != b.kioskMode
            case .kioskOrientation: return a.kioskOrientation != b.kioskOrientation
            case .splitViewThreshold: return a.splitViewThreshold != b.splitViewThreshold
            case .settleTime: return a.settleTime != b.settleTime
            case .configFiles: return a.configFiles != b.configFiles
            case .lockedSettings: return a.lockedSettings != b.lockedSettings
            case .sensorAvailable: return a.sensorAvailable != b.sensorAvailable
            case .sensorSource: return a.sensorSource != b.sensorSource
            case .outputBackend: return a.outputBackend != b.outputBackend
            case .outputName: return a.outputName != b.outputName
            case .outputOrientation: return a.outputOrientation != b.outputOrientation
            case .outputStatus: return a.outputStatus != b.outputStatus
            case .frontScene: return a.frontScene != b.frontScene
            case .windowTracking: return a.windowTracking != b.windowTracking
            case .trackedWindows: return a.trackedWindows != b.trackedWindows
            case .frontApp: return a.frontApp != b.frontApp
            case .undeclaredAppOrientations: return a.undeclaredAppOrientations != b.undeclaredAppOrientations
            case .windowTrackingStatus: return a.windowTrackingStatus != b.windowTrackingStatus
            case .settingSources: return a.settingSources != b.settingSources
            case .screenClass: return a.screenClass.screenClass != b.screenClass.screenClass
            case .screenClassReason: return a.screenClass != b.screenClass
            case .posture: return a.posture.posture != b.posture.posture
            case .postureReason: return a.posture != b.posture
            case .appLocksAllowed: return a.appLocksAllowed != b.appLocksAllowed
            }
        }
    }
}

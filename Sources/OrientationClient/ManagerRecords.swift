@_exported import enum OrientationCore.SettingKey
@_exported import struct OrientationCore.AppPolicy
@_exported import enum OrientationCore.ManagerProperty
@_exported import enum OrientationCore.SceneProperty
@_exported import enum OrientationCore.ExplanationStep
import GLibBridge
import OrientationCore
import OrientationWire

/// An app policy in force, as orientd lists it (`GetAppPolicies`): the policy, and who set
/// and who locks it. Set one with `OrientationClient.setAppPolicy(_:for:)`.
public struct AppPolicyEntry: Sendable, Equatable {
    public var appID: String
    /// The allowed orientations' names; nil: no cap.
    public var allowed: [String]?
    public var followSensor: Bool
    /// "user" for the user's own policy, else the configuration file that set it.
    public var source: String
    /// The configuration file that locks it, or nil: not locked. It may be an earlier file
    /// than `source` (a later file can set a locked policy's other keys).
    public var lockedBy: String?
    /// Whether the configuration locks it.
    public var locked: Bool { lockedBy != nil }

    public init(appID: String, allowed: [String]?, followSensor: Bool, source: String = "user", lockedBy: String? = nil) {
        self.appID = appID
        self.allowed = allowed
        self.followSensor = followSensor
        self.source = source
        self.lockedBy = lockedBy
    }

    /// Decodes the policy's vardict (an orientd before Version 3 sends no `locked-by`: its
    /// `source` was then the locking file).
    public init(appID: String, values: [String: Variant]) {
        let source = values[VardictKey.source]?.string ?? "user"
        let locked = values[VardictKey.locked]?.bool ?? false
        self.init(appID: appID, allowed: values[VardictKey.allowedOrientations]?.stringArray,
                  followSensor: values[VardictKey.followSensor]?.bool ?? true,
                  source: source, lockedBy: locked ? values[VardictKey.lockedBy]?.string ?? source : nil)
    }

    /// The policy in the core's terms; nil when an allowed name is not one the core knows.
    public var policy: AppPolicy? {
        guard let allowed else { return AppPolicy(allowed: nil, followSensor: followSensor) }
        return OrientationMask(names: allowed).map { AppPolicy(allowed: $0, followSensor: followSensor) }
    }
}

/// One orientation change orientd recorded (`GetHistory`).
public struct ChangeRecord: Sendable, Equatable {
    /// The scene's full path.
    public var scene: String
    public var appID: String
    /// Microseconds since the Unix epoch.
    public var time: UInt64
    /// The orientations' names before and after, and the reason, as received.
    public var previous: String
    public var current: String
    public var reason: String

    public init(scene: String, appID: String, time: UInt64, previous: String, current: String, reason: String) {
        self.scene = scene
        self.appID = appID
        self.time = time
        self.previous = previous
        self.current = current
        self.reason = reason
    }

    /// Decodes one `(ostsss)` entry.
    init(entry: Variant) {
        self.init(scene: entry.child(at: 0).string ?? "", appID: entry.child(at: 1).string ?? "",
                  time: entry.child(at: 2).uint64 ?? 0, previous: entry.child(at: 3).string ?? "",
                  current: entry.child(at: 4).string ?? "", reason: entry.child(at: 5).string ?? "")
    }

    /// The change in the client's typed form; nil when an orientation is not one the core knows.
    public var change: OrientationChange? {
        guard let previous = InterfaceOrientation(rawValue: previous),
              let current = InterfaceOrientation(rawValue: current) else { return nil }
        return OrientationChange(scenePath: scene, previous: previous, current: current,
                                 reason: OrientationChangeReason(rawValue: reason))
    }
}

/// What `OrientationClient.resetSetting(_:)` forgets of the user's own settings.
public enum SettingReset: Sendable, Hashable {
    /// One setting.
    case setting(SettingKey)
    /// One app's policy.
    case appPolicy(appID: String)
    /// Every setting and policy.
    case all

    /// The `ResetSetting` argument.
    var wireName: String {
        switch self {
        case .setting(let key): return key.rawValue
        case .appPolicy(let appID): return OrientationManager.resetAppPrefix + appID
        case .all: return "all"
        }
    }
}

extension ExplainStep {
    /// A step as the service sends it, `(sass)`.
    init(step: Variant) {
        self.init(name: step.child(at: 0).string ?? "", orientations: step.child(at: 1).stringArray ?? [],
                  sentence: step.child(at: 2).string ?? "")
    }
}

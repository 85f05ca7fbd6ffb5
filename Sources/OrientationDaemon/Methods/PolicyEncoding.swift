import GLibBridge
import OrientationCore
import OrientationWire

extension Encode {
    /// GetAppPolicies: every policy in force with the keys it sets, where it comes from and
    /// whether it is locked (and by which file: a later file may set a locked policy's other
    /// keys, so the two files can differ).
    static func appPolicies(_ manager: OrientationManager) -> Variant {
        let configuration = manager.configuration
        var result: [String: Variant] = [:]
        for (appId, policy) in manager.settings.appPolicies {
            let locked = configuration.lockedPolicies[appId]
            let users = locked == nil && manager.user.appPolicies[appId] != nil
            let source = users ? "user" : configuration.policySources[appId] ?? "user"
            var values: [String: Variant] = [
                VardictKey.followSensor: Variant(bool: policy.followSensor),
                VardictKey.source: Variant(string: source),
                VardictKey.locked: Variant(bool: locked != nil),
            ]
            if let locked { values[VardictKey.lockedBy] = Variant(string: locked) }
            if let allowed = policy.allowed { values[VardictKey.allowedOrientations] = Encode.mask(allowed) }
            result[appId] = Variant(vardict: values)
        }
        return Variant(dictionary: result, valueType: "a{sv}")
    }
}

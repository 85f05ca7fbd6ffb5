import GLibBridge
import OrientationWire

extension OrientationClient {
    /// Sets the user's policy for an app to one that caps nothing and follows the sensor
    /// (`SetAppPolicy` with only `follow-sensor` true): the app's own declarations decide,
    /// even where a configured (unlocked) policy would cap it. `setAppPolicy(nil, for:)`
    /// removes the user's policy instead, so that a configured one applies again.
    /// - Throws: `notPermitted` when the configuration locks the app's policy.
    public func setAppPolicyFollowingTheApp(for appID: String) throws(OrientationClientError) {
        try callManager(.setAppPolicy,
                        [Variant(string: appID), Variant(vardict: [VardictKey.followSensor: Variant(bool: true)])])
    }
}

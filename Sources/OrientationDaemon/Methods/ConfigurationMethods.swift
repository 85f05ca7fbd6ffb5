import Glibc
import CGio
import GLibBridge
import OrientationCore
import OrientationWire

/// The manager's configuration members: Reload, GetAppPolicies' `source` and `locked`, and the
/// desktop entry as the app's manifest.
extension OrientationService {
    /// Reads every configuration file again and applies the result at once (Reload, SIGHUP).
    public func reloadConfiguration(because why: String) {
        log.info("reloading the configuration (\(why))")
        let configuration = configurationFiles.read(log: log, limits: options.limits)
        performInternal(.reloadConfiguration(configuration))
        let files = configuration.files.isEmpty ? "no configuration files" : configuration.files.joined(separator: ", ")
        log.info("configuration reloaded: \(files)")
    }

    /// GetAppPolicies: every policy in force with the keys it sets, where it comes from and
    /// whether it is locked (and by which file: a later file may set a locked policy's other
    /// keys, so the two files can differ).
    func encodeAppPolicies() -> Variant {
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

    /// A registration without `supported-orientations` takes the whitelist of the app's
    /// desktop entry (`<app-id>.desktop`, found by the desktop file id rules).
    func withManifestWhitelist(_ registration: SceneRegistration) -> SceneRegistration {
        // An invalid app-id is refused by the core; it is never looked up as a file name.
        guard registration.supported == nil, (try? options.limits.checkAppId(registration.appId)) != nil,
              let (mask, path) = DesktopEntry.whitelist(appId: registration.appId, idiom: registration.idiom,
                                                          natural: options.naturalOrientation, log: log) else {
            return registration
        }
        var result = registration
        result.supported = mask
        result.supportedFromFile = path
        return result
    }
}

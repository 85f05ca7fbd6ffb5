import GLibBridge
import OrientationCore
import OrientationWire

/// An `a{sv}` argument checked against the keys it may hold: an unknown key or a value of
/// the wrong type is `InvalidArgs` naming the key and what is accepted.
struct VardictReader {
    let values: [String: Variant]

    init(_ variant: Variant, what: String, keys: [(key: String, type: String)]) throws(OrientationError) {
        guard let entries = variant.vardict else {
            throw .invalidArgs("The \(what) must be a dictionary of type a{sv}, not \(variant.typeString)")
        }
        for (key, value) in entries {
            guard let type = keys.first(where: { $0.key == key })?.type else {
                let valid = keys.map { "\($0.key) (\($0.type))" }.joined(separator: ", ")
                throw .invalidArgs("Unknown key '\(ControlCharacters.escaped(key))' in the \(what); valid keys: \(valid)")
            }
            guard value.typeString == type else {
                throw .invalidArgs("The key '\(ControlCharacters.escaped(key))' in the \(what) must be of type \(type), not \(value.typeString)")
            }
        }
        values = entries
    }

    var isEmpty: Bool { values.isEmpty }
    func string(_ key: String) -> String? { values[key]?.string }
    func bool(_ key: String) -> Bool? { values[key]?.bool }
    func uint32(_ key: String) -> UInt32? { values[key]?.uint32 }
    func strings(_ key: String) -> [String]? { values[key]?.stringArray }
}

/// Decodes the contract's arguments into the core's values.
enum Decode {
    /// `ownAppId`: a sandboxed caller's app id, which a registration without `app-id` takes
    /// (the core checks that a given one is the same).
    static func registration(_ variant: Variant, ownAppId: String? = nil) throws(OrientationError) -> SceneRegistration {
        let options = try VardictReader(variant, what: "RegisterScene options", keys: VardictKey.registration)
        guard let appId = options.string(VardictKey.appId) ?? ownAppId else {
            throw .invalidArgs("The RegisterScene options need the key 'app-id' (s): 1–255 characters of A-Z a-z 0-9 . _ -")
        }
        var registration = SceneRegistration(appId: appId)
        if let idiom = options.string(VardictKey.idiom) { registration.idiom = try Idiom(parsing: idiom) }
        registration.supported = try optionalMask(options.strings(VardictKey.supportedOrientations), VardictKey.supportedOrientations)
        registration.sceneDelegate = try optionalMask(options.strings(VardictKey.sceneDelegateOrientations), VardictKey.sceneDelegateOrientations)
        registration.appDelegate = try optionalMask(options.strings(VardictKey.appDelegateOrientations), VardictKey.appDelegateOrientations)
        registration.width = options.uint32(VardictKey.width)
        registration.height = options.uint32(VardictKey.height)
        if let display = options.string(VardictKey.display) { registration.display = display }
        registration.detached = options.bool(VardictKey.detached) ?? false
        return registration
    }

    /// An array of orientation names where an empty array means "not given".
    static func optionalMask(_ names: [String]?, _ what: String) throws(OrientationError) -> OrientationMask? {
        guard let names, !names.isEmpty else { return nil }
        return try OrientationMask(parsing: names, what: what)
    }

    static func controllerPatch(_ variant: Variant) throws(OrientationError) -> ControllerPatch {
        let properties = try VardictReader(variant, what: "controller properties", keys: VardictKey.controller)
        var patch = ControllerPatch()
        patch.shouldAutorotate = properties.bool(VardictKey.shouldAutorotate)
        if let names = properties.strings(VardictKey.supportedOrientations) {
            patch.supported = try OrientationMask(parsing: names, what: VardictKey.supportedOrientations)
        }
        if let preferred = properties.string(VardictKey.preferredOrientation) {
            patch.preferred = .some(preferred.isEmpty ? nil : try InterfaceOrientation(parsing: preferred, what: VardictKey.preferredOrientation))
        }
        patch.fillsWindow = properties.bool(VardictKey.fillsWindow)
        patch.forwardsOrientation = properties.bool(VardictKey.forwardsOrientation)
        patch.prefersOrientationLocked = properties.bool(VardictKey.prefersOrientationLocked)
        return patch
    }

    static func controllerSpec(id: Variant, kind: Variant, properties: Variant) throws(OrientationError) -> ControllerSpec {
        ControllerSpec(id: id.string ?? "", kind: try ControllerKind(parsing: kind.string ?? ""),
                       patch: try controllerPatch(properties))
    }

    /// nil: the empty dictionary, which removes the policy.
    static func appPolicy(_ variant: Variant) throws(OrientationError) -> AppPolicy? {
        let policy = try VardictReader(variant, what: "app policy", keys: VardictKey.policy)
        if policy.isEmpty { return nil }
        var result = AppPolicy()
        if let names = policy.strings(VardictKey.allowedOrientations) {
            result.allowed = try OrientationMask(parsing: names, what: VardictKey.allowedOrientations)
        }
        result.followSensor = policy.bool(VardictKey.followSensor) ?? true
        return result
    }
}

extension OrientationManager {
    /// The registered scene an object path names (a call's path or an `o` argument), or
    /// `UnknownScene` listing the scenes there are (those `caller` may see). Its own path names
    /// its creator's namespace; the short `<scenesPath>/<n>` names scene n too (for scripts and orientctl).
    func sceneID(atPath path: String, caller: String) throws(OrientationError) -> SceneID {
        guard let (element, id) = BusNames.scene(at: path), let scene = scenes[id],
              element == nil || element == SceneNamespace.element(for: scene.creator) else {
            throw OrientationError(.unknownScene, "No scene at \(path); registered scenes: \(describeScenePaths(visibleTo: caller))")
        }
        return id
    }

    /// The first few scene paths `caller` may see, for error messages.
    func describeScenePaths(visibleTo caller: String) -> String {
        let ids = visibleSceneIDs(to: caller)
        if ids.isEmpty { return "none" }
        let shown = ids.prefix(5).map { BusNames.path(of: $0, creator: scenes[$0]!.creator) }.joined(separator: ", ")
        return ids.count > 5 ? shown + ", … (\(ids.count) in all)" : shown
    }
}

import GLibBridge
import OrientationCore
import OrientationWire

/// Encodes the core's values as the contract's property values.
enum Encode {
    /// A mask as its names (`as`). There are 16 masks and a GVariant never changes, so each
    /// is built once: Explain sends eight of them, every SupportedOrientations change one.
    static func mask(_ mask: OrientationMask) -> Variant { masks[Int(mask.rawValue >> 1)] }

    /// Every mask of the four orientation bits (portrait 2, upside-down 4, landscape-right 8,
    /// landscape-left 16; `OrientationMask` keeps no other bits), by `rawValue >> 1`.
    static let masks: [Variant] = (0..<16).map { Variant(strings: OrientationMask(rawValue: UInt32($0) << 1).names) }

    /// An orientation's name, and a change's reason, as a string value, built once: a device
    /// turn sends them in two signals per scene.
    static func orientation(_ orientation: InterfaceOrientation) -> Variant {
        orientations[orientationCases.firstIndex(of: orientation)!]
    }
    static func reason(_ reason: ChangeReason) -> Variant { reasons[reasonCases.firstIndex(of: reason)!] }

    private static let orientationCases = InterfaceOrientation.allCases
    private static let orientations = orientationCases.map { Variant(string: $0.rawValue) }
    private static let reasonCases = ChangeReason.allCases
    private static let reasons = reasonCases.map { Variant(string: $0.rawValue) }

    static func sceneProperty(_ property: SceneProperty, _ s: SceneSnapshot) -> Variant {
        switch property {
        case .appId: return Variant(string: s.appId)
        case .owner: return Variant(string: s.owner)
        case .detached: return Variant(bool: s.detached)
        case .observed: return Variant(bool: s.observed)
        case .idiom: return Variant(string: s.idiom.rawValue)
        case .display: return Variant(string: s.display)
        case .interfaceOrientation: return orientation(s.orientation)
        case .supportedOrientations: return mask(s.supported)
        case .supportedOrientationsMask: return Variant(uint32: s.supported.rawValue)
        case .decidingController: return Variant(string: s.decidingController)
        case .width: return Variant(uint32: s.width)
        case .height: return Variant(uint32: s.height)
        case .splitView: return Variant(bool: s.splitView)
        case .activationState: return Variant(string: s.activation.rawValue)
        case .statusBarHidden: return Variant(bool: s.statusBarHidden)
        case .orientationLocked: return Variant(bool: s.orientationLocked)
        }
    }

    /// Scene properties in the order `Variant(vardict:)` gives (keys sorted).
    static let sceneKeyOrder = SceneProperty.allCases.sorted { $0.rawValue < $1.rawValue }
    static let managerKeyOrder = ManagerProperty.allCases.sorted { $0.rawValue < $1.rawValue }
    /// `sceneKeyOrder`'s names as string values, built once.
    private static let sceneKeys = sceneKeyOrder.map { Variant(string: $0.rawValue) }

    /// Every property of a scene (or those in `only`), as `a{sv}` with its keys sorted; built
    /// straight into one GVariant (this runs twice per scene and rotation in a fan-out).
    static func sceneProperties(_ s: SceneSnapshot, only: [SceneProperty] = SceneProperty.allCases) -> Variant {
        Variant(vardictKeyed: sceneKeyOrder.indices.filter { only.contains(sceneKeyOrder[$0]) }
            .map { (key: sceneKeys[$0], value: sceneProperty(sceneKeyOrder[$0], s)) })
    }

    static func managerProperty(_ property: ManagerProperty, _ m: ManagerSnapshot) -> Variant {
        switch property {
        case .version: return Variant(uint32: ManagerSnapshot.version)
        case .deviceOrientation: return Variant(string: m.deviceOrientation.rawValue)
        case .rotationLocked: return Variant(bool: m.rotationLocked)
        case .kioskMode: return Variant(bool: m.kioskMode)
        case .kioskOrientation: return Variant(string: m.kioskOrientation.rawValue)
        case .splitViewThreshold: return Variant(uint32: m.splitViewThreshold)
        case .settleTime: return Variant(uint32: m.settleTime)
        case .configFiles: return Variant(strings: m.configFiles)
        case .lockedSettings: return Variant(strings: m.lockedSettings.map(\.rawValue))
        case .sensorAvailable: return Variant(bool: m.sensorAvailable)
        case .sensorSource: return Variant(string: m.sensorSource.rawValue)
        case .outputBackend: return Variant(string: OutputBackendKind.name(of: m.outputBackend))
        case .outputName: return Variant(string: m.outputName)
        case .outputOrientation: return Variant(string: m.outputOrientation?.rawValue ?? "")
        case .outputStatus: return Variant(string: m.outputStatus)
        case .frontScene: return Variant(objectPath: m.frontScene.map { BusNames.path(of: $0, creator: m.frontSceneCreator) } ?? "/")
        case .windowTracking: return Variant(string: WindowTrackerKind.name(of: m.windowTracking))
        case .windowTrackingStatus: return Variant(string: m.windowTrackingStatus)
        case .trackedWindows: return Variant(uint32: m.trackedWindows)
        case .frontApp: return Variant(string: m.frontApp)
        case .undeclaredAppOrientations: return mask(m.undeclaredAppOrientations)
        case .settingSources:
            return Variant(dictionary: Dictionary(uniqueKeysWithValues: m.settingSources.map { ($0.key.rawValue, Variant(string: $0.value)) }),
                           valueType: "s")
        case .screenClass: return Variant(string: m.screenClass.screenClass.rawValue)
        case .screenClassReason: return Variant(string: m.screenClass.words)
        case .posture: return Variant(string: m.posture.posture.rawValue)
        case .postureReason: return Variant(string: m.posture.words)
        case .appLocksAllowed: return Variant(bool: m.appLocksAllowed)
        }
    }

    /// The manager's properties in `only` (all when nil), as `a{sv}` with its keys sorted.
    static func managerProperties(_ m: ManagerSnapshot, only: [ManagerProperty]? = nil) -> Variant {
        let properties = only.map { only in managerKeyOrder.filter(only.contains) } ?? managerKeyOrder
        return Variant(vardictEntries: properties.map { (key: $0.rawValue, value: managerProperty($0, m)) })
    }

    /// `PropertiesChanged(s interface, a{sv} changed, as invalidated)`'s arguments.
    static func propertiesChanged(interface: String, changed: Variant) -> [Variant] {
        [Variant(string: interface), changed, noInvalidatedProperties]
    }

    /// An empty `as` (immutable, so shared).
    static let noInvalidatedProperties = Variant(strings: [])

    static func policies(_ policies: [String: AppPolicy]) -> Variant {
        var result: [String: Variant] = [:]
        for (appId, policy) in policies {
            var values: [String: Variant] = [VardictKey.followSensor: Variant(bool: policy.followSensor)]
            if let allowed = policy.allowed { values[VardictKey.allowedOrientations] = mask(allowed) }
            result[appId] = Variant(vardict: values)
        }
        return Variant(dictionary: result, valueType: "a{sv}")
    }

    static func history(_ entries: [HistoryEntry]) -> Variant {
        Variant(arrayOf: "(ostsss)", entries.map { entry in
            Variant(tuple: [Variant(objectPath: BusNames.path(of: entry.scene, creator: entry.creator)), Variant(string: entry.appId),
                            Variant(uint64: UInt64(max(0, entry.time))), Variant(string: entry.previous.rawValue),
                            Variant(string: entry.current.rawValue), Variant(string: entry.reason.rawValue)])
        })
    }

    static func explain(_ steps: [ExplanationLine]) -> Variant {
        Variant(arrayOf: "(sass)", steps.map { step in
            Variant(tuple: [Variant(string: step.name), mask(step.mask), Variant(string: step.sentence)])
        })
    }
}

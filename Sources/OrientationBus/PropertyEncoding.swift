import GLibBridge
import OrientationCore

/// Encodes the core's values as the contract's property values.
enum Encode {
    static func mask(_ mask: OrientationMask) -> Variant { Variant(strings: mask.names) }

    static func sceneProperty(_ property: SceneProperty, _ s: SceneSnapshot) -> Variant {
        switch property {
        case .appId: return Variant(string: s.appId)
        case .owner: return Variant(string: s.owner)
        case .detached: return Variant(bool: s.detached)
        case .idiom: return Variant(string: s.idiom.rawValue)
        case .display: return Variant(string: s.display)
        case .interfaceOrientation: return Variant(string: s.orientation.rawValue)
        case .supportedOrientations: return mask(s.supported)
        case .supportedOrientationsMask: return Variant(uint32: s.supported.rawValue)
        case .decidingController: return Variant(string: s.decidingController)
        case .width: return Variant(uint32: s.width)
        case .height: return Variant(uint32: s.height)
        case .splitView: return Variant(bool: s.splitView)
        case .activationState: return Variant(string: s.activation.rawValue)
        case .statusBarHidden: return Variant(bool: s.statusBarHidden)
        }
    }

    /// Every property of a scene, as `a{sv}`.
    static func sceneProperties(_ s: SceneSnapshot, only: [SceneProperty] = SceneProperty.allCases) -> Variant {
        var values: [String: Variant] = [:]
        for property in only { values[property.rawValue] = sceneProperty(property, s) }
        return Variant(vardict: values)
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
        case .sensorAvailable: return Variant(bool: m.sensorAvailable)
        case .sensorSource: return Variant(string: m.sensorSource.rawValue)
        }
    }

    static func managerProperties(_ m: ManagerSnapshot, only: [ManagerProperty]) -> Variant {
        var values: [String: Variant] = [:]
        for property in only { values[property.rawValue] = managerProperty(property, m) }
        return Variant(vardict: values)
    }

    /// `PropertiesChanged(s interface, a{sv} changed, as invalidated)`.
    static func propertiesChanged(interface: String, changed: Variant) -> Variant {
        Variant(tuple: [Variant(string: interface), changed, Variant(strings: [])])
    }

    static func policies(_ policies: [String: AppPolicy]) -> Variant {
        var result: [String: Variant] = [:]
        for (appId, policy) in policies {
            var values: [String: Variant] = ["follow-sensor": Variant(bool: policy.followSensor)]
            if let allowed = policy.allowed { values["allowed-orientations"] = mask(allowed) }
            result[appId] = Variant(vardict: values)
        }
        return Variant(dictionary: result, valueType: "a{sv}")
    }

    static func history(_ entries: [HistoryEntry]) -> Variant {
        Variant(arrayOf: "(ostsss)", entries.map { entry in
            Variant(tuple: [Variant(objectPath: BusNames.path(of: entry.scene)), Variant(string: entry.appId),
                            Variant(uint64: UInt64(max(0, entry.time))), Variant(string: entry.previous.rawValue),
                            Variant(string: entry.current.rawValue), Variant(string: entry.reason.rawValue)])
        })
    }

    static func explain(_ steps: [ExplainStep]) -> Variant {
        Variant(arrayOf: "(sass)", steps.map { step in
            Variant(tuple: [Variant(string: step.name), mask(step.mask), Variant(string: step.sentence)])
        })
    }
}

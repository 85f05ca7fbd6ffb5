import OrientationClient

/// One thing `monitor` reports.
public enum MonitorEvent: Sendable {
    case device(orientation: String)
    case orientationChanged(scene: String, appId: String, previous: String, current: String, reason: String)
    case sceneAdded(scene: String, appId: String, idiom: String, orientation: String)
    case sceneRemoved(scene: String, appId: String)
    case rotationSuggested(scene: String, appId: String, orientation: String)
    /// A manager property other than the device orientation changed (value as `show` prints
    /// it): a setting the user or the configuration chooses, the configuration read, or state
    /// orientd reports (`PropertyKind`).
    case setting(name: String, text: String, value: PrintedJSON)
    case service(running: Bool, owner: String)

    /// `14:05:09.123 scene 1 org.example.Video: portrait → landscape-left (device)`.
    public func line(at time: UInt64, style: Style) -> String {
        let stamp = style.dim(TimeFormat.time(microseconds: time))
        func scene(_ path: String, _ appId: String) -> String {
            "scene \(SceneReference.label(of: path).terminalSafe)" + (appId.isEmpty ? "" : " \(appId.terminalSafe)")
        }
        switch self {
        case .device(let orientation):
            return "\(stamp) device: \(style.highlight(orientation))"
        case .orientationChanged(let path, let appId, let previous, let current, let reason):
            return "\(stamp) \(scene(path, appId)): \(previous) → \(style.highlight(current)) (\(reason))"
        case .sceneAdded(let path, let appId, let idiom, let orientation):
            return "\(stamp) \(scene(path, "")) added: \(appId.terminalSafe) (\(idiom.terminalSafe), \(orientation.terminalSafe))"
        case .sceneRemoved(let path, let appId):
            return "\(stamp) \(scene(path, "")) removed" + (appId.isEmpty ? "" : ": \(appId.terminalSafe)")
        case .rotationSuggested(let path, let appId, let orientation):
            return "\(stamp) suggestion: \(scene(path, appId)) could turn to \(style.highlight(orientation)) (rotation lock is on)"
        case .setting(let name, let text, _):
            return "\(stamp) \(PropertyKind(name).rawValue): \(name)=\(text.terminalSafe)"
        case .service(let running, let owner):
            return "\(stamp) " + (running ? "orientd started (\(owner.terminalSafe))" : style.yellow("orientd stopped"))
        }
    }

    /// One JSON object: `time`, `timeUsec`, `event`, then the event's fields (`JSONConvention`).
    public func json(at time: UInt64) -> PrintedJSON {
        func scene(_ path: String) -> [(String, PrintedJSON)] { JSONConvention.scene(path) }
        let fields: [(String, PrintedJSON)]
        let name: String
        switch self {
        case .device(let orientation):
            (name, fields) = ("device", [("orientation", .string(orientation))])
        case .orientationChanged(let path, let appId, let previous, let current, let reason):
            (name, fields) = ("orientation-changed", scene(path) + [("appId", JSONConvention.text(appId)), ("previous", .string(previous)),
                                                                    ("current", .string(current)), ("reason", .string(reason))])
        case .sceneAdded(let path, let appId, let idiom, let orientation):
            (name, fields) = ("scene-added", scene(path) + [("appId", JSONConvention.text(appId)), ("idiom", .string(idiom)),
                                                            ("orientation", .string(orientation))])
        case .sceneRemoved(let path, let appId):
            (name, fields) = ("scene-removed", scene(path) + [("appId", JSONConvention.text(appId))])
        case .rotationSuggested(let path, let appId, let orientation):
            (name, fields) = ("rotation-suggested", scene(path) + [("appId", JSONConvention.text(appId)), ("orientation", .string(orientation))])
        case .setting(let property, _, let value):
            (name, fields) = (PropertyKind(property).rawValue, [("name", .string(JSONConvention.key(property))), ("value", value)])
        case .service(let running, let owner):
            (name, fields) = ("service", [("running", .bool(running)), ("owner", .string(owner))])
        }
        return .object([("time", .string(TimeFormat.iso8601(microseconds: time))), ("timeUsec", .uint(time)),
                        ("event", .string(name))] + fields)
    }
}

/// What a manager property is, as `monitor` labels its changes: `setting` (what the user or
/// the configuration chooses: RotationLocked, KioskMode, KioskOrientation,
/// SplitViewThreshold, SettleTime), `configuration` (the files read and the keys they lock),
/// or `state` (what orientd sees and does: the sensor, the output, the front scene).
public enum PropertyKind: String, Sendable {
    case setting, configuration, state

    public init(_ property: String) {
        if SettingKey(rawValue: property) != nil {
            self = .setting
        } else if ManagerProperties.configurationNames.contains(property) {
            self = .configuration
        } else {
            self = .state
        }
    }
}

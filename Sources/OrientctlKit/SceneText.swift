import OrientationClient

/// A scene's values as orientctl prints them: the words orientd sent, "" where it sent none.
extension SceneProperties {
    public var label: String { SceneReference.label(of: path) }

    public var appIdText: String { text(.appId) }
    public var idiomText: String { text(.idiom) }
    public var displayText: String { text(.display) }
    public var orientationText: String { text(.interfaceOrientation) }
    public var decidingText: String { text(.decidingController) }
    public var activationText: String { text(.activationState) }

    /// The flags `list` shows: observed (else detached), split-view, background.
    public var flags: [String] {
        var result: [String] = []
        if observed { result.append("observed") } else if detached { result.append("detached") }
        if splitView { result.append("split-view") }
        if activationText == ActivationState.background.rawValue { result.append("background") }
        return result
    }

    /// `path`, `number`, then every property (`JSONConvention`).
    public var json: PrintedJSON {
        .object(JSONConvention.scene(path) + VariantFormatting.members(properties, order: SceneProperties.names))
    }

    private func text(_ property: SceneProperty) -> String { string(property.rawValue) ?? "" }
}

/// The manager's values as orientctl prints them: the words orientd sent, or what `status`
/// says for none.
extension ManagerProperties {
    public var deviceText: String { string(.deviceOrientation) ?? DeviceOrientation.unknown.rawValue }
    public var sensorSourceText: String { string(.sensorSource) ?? "" }
    public var kioskOrientationText: String { string(.kioskOrientation) ?? "" }

    /// The backend's name, or nil for "none".
    public var outputBackendText: String? {
        let name = string(.outputBackend) ?? OutputBackendKind.noneName
        return name == OutputBackendKind.noneName || name.isEmpty ? nil : name
    }

    /// The connector driven, or nil.
    public var outputNameText: String? { nonEmpty(string(.outputName)) }

    /// Why no backend drives the panel (the manager's `OutputStatus`), or nil: one does, or
    /// the orientd is older than Version 3 and does not say.
    public var outputStatusText: String? { nonEmpty(string(.outputStatus)) }

    /// What the panel shows, or nil when unknown.
    public var outputOrientationText: String? { nonEmpty(string(.outputOrientation)) }

    /// Why no tracker follows a window list (the manager's `WindowTrackingStatus`), or nil: one
    /// does, or the orientd is older and does not say.
    public var windowTrackingStatusText: String? { nonEmpty(string(.windowTrackingStatus)) }

    /// The window tracker's name, or nil for "none".
    public var windowTrackingText: String? {
        let name = string(.windowTracking) ?? "none"
        return name == "none" || name.isEmpty ? nil : name
    }

    /// "large, held: WHY; WHY", or nil from an orientd before version 6, which does not say.
    public var screenText: String? {
        guard let screen = nonEmpty(string(.screenClass)), let posture = nonEmpty(string(.posture)) else { return nil }
        let reasons = [string(.screenClassReason), string(.postureReason)].compactMap(nonEmpty)
        return "\(screen), \(posture)" + (reasons.isEmpty ? "" : ": " + reasons.joined(separator: "; "))
    }

    /// The front scene's app id, or nil.
    public var frontAppText: String? { nonEmpty(string(.frontApp)) }

    /// The properties as JSON members, in the contract's order.
    public var jsonMembers: [(String, PrintedJSON)] {
        VariantFormatting.members(properties, order: ManagerProperties.names)
    }

    private func nonEmpty(_ text: String?) -> String? { text.flatMap { $0.isEmpty ? nil : $0 } }
}

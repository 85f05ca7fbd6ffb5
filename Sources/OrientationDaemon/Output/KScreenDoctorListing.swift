import OrientationCore

/// `kscreen-doctor -j`'s JSON listing and its rotation names (KScreen::Output::Rotation:
/// None 1, Left 2, Inverted 4, Right 8).
enum KScreenDoctorListing {
    /// The kscreen-doctor rotation word that shows `orientation` on a portrait panel.
    static func rotation(for orientation: InterfaceOrientation) -> String {
        switch orientation {
        case .portrait: return "none"
        case .landscapeLeft: return "left"
        case .portraitUpsideDown: return "inverted"
        case .landscapeRight: return "right"
        }
    }

    /// What KScreen's numeric rotation shows.
    static func orientation(forRotation value: Int) -> InterfaceOrientation? {
        switch value {
        case 1: return .portrait
        case 2: return .landscapeLeft
        case 4: return .portraitUpsideDown
        case 8: return .landscapeRight
        default: return nil
        }
    }

    /// Parses `{"outputs": [{"name": "eDP-1", "enabled": true, "rotation": 2, ...}, ...]}`;
    /// nil when the text is not such a document.
    static func parse(_ text: String) -> [ToolOutput]? {
        // kscreen-doctor may print log lines before the document.
        guard let start = text.firstIndex(of: "{"),
              let outputs = JSONValue(parsing: text[start...])?["outputs"]?.array,
              outputs.allSatisfy(\.isObject) else { return nil }
        return outputs.compactMap { output in
            guard let name = output["name"]?.string else { return nil }
            let enabled = output["enabled"]?.bool ?? false
            let rotation = output["rotation"]?.integer
            return ToolOutput(name: name, enabled: enabled, showing: rotation.flatMap(orientation(forRotation:)))
        }
    }
}

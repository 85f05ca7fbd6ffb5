import OrientationCore

/// `wlr-randr`'s listing and transform names (wlr-output-management through the wlr-randr
/// tool). wlr-randr's transforms are wl_output's: they count counter-clockwise (sway's own
/// `output … transform` command counts clockwise; wlr-randr does not).
enum WlrRandrListing {
    /// The wl_output transform that shows `orientation` on a portrait panel.
    static func transform(for orientation: InterfaceOrientation) -> String {
        switch orientation {
        case .portrait: return "normal"
        case .landscapeLeft: return "90"
        case .portraitUpsideDown: return "180"
        case .landscapeRight: return "270"
        }
    }

    /// What a wl_output transform shows; nil for the flipped ones.
    static func orientation(forTransform transform: String) -> InterfaceOrientation? {
        InterfaceOrientation.allCases.first { self.transform(for: $0) == transform }
    }

    /// Parses `wlr-randr`'s text listing:
    ///
    ///     HEADLESS-1 "Headless output 1"
    ///       Enabled: yes
    ///       Modes: ...
    ///       Transform: 90
    ///
    /// An output's block starts at a line without indentation; its name is the first word.
    static func parse(_ text: String) -> [ToolOutput] {
        var outputs: [ToolOutput] = []
        for line in text.split(whereSeparator: \.isNewline) {
            if let first = line.first, first != " ", first != "\t" {
                let name = line.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
                outputs.append(ToolOutput(name: name, enabled: false, showing: nil))
                continue
            }
            guard !outputs.isEmpty else { continue }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if let value = field("Enabled:", in: trimmed) {
                outputs[outputs.count - 1].enabled = value == "yes"
            } else if let value = field("Transform:", in: trimmed) {
                outputs[outputs.count - 1].showing = orientation(forTransform: value)
            }
        }
        return outputs
    }

    private static func field(_ key: String, in line: Substring) -> String? {
        guard line.hasPrefix(key) else { return nil }
        return line.dropFirst(key.count).trimmingSpaces
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

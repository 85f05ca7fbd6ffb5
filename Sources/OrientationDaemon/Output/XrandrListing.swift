import OrientationCore

/// `xrandr -q`'s listing and RandR's rotation names.
enum XrandrListing {
    /// The RandR rotation that shows `orientation` on a portrait panel.
    static func rotation(for orientation: InterfaceOrientation) -> String {
        switch orientation {
        case .portrait: return "normal"
        case .landscapeLeft: return "left"
        case .portraitUpsideDown: return "inverted"
        case .landscapeRight: return "right"
        }
    }

    static let rotationNames: Set<String> = ["normal", "left", "inverted", "right"]

    /// Parses the output lines of `xrandr -q` (mode lines, indented, are skipped):
    ///
    ///     default connected 1280x800+0+0 left (normal left inverted right x axis y axis) 0mm x 0mm
    ///     eDP-1 connected primary 800x1280+0+0 (normal left inverted right x axis y axis) 150mm x 240mm
    ///     HDMI-1 disconnected (normal left inverted right x axis y axis)
    ///
    /// An output is on when it has a geometry (`WxH+X+Y`); the word after the geometry, before
    /// the parenthesised list of supported rotations, is its rotation (none: normal).
    static func parse(_ text: String) -> [ToolOutput] {
        var outputs: [ToolOutput] = []
        for line in text.split(whereSeparator: \.isNewline) {
            guard let first = line.first, first != " ", first != "\t", !line.hasPrefix("Screen ") else { continue }
            // What comes before the supported-rotations list.
            let head = line.split(separator: "(", maxSplits: 1).first ?? line
            let words = head.split(separator: " ")
            guard words.count >= 2, words[1] == "connected" || words[1] == "disconnected" || words[1] == "unknown" else { continue }
            var output = ToolOutput(name: String(words[0]), enabled: false, showing: nil)
            if let geometry = words.firstIndex(where: isGeometry) {
                output.enabled = true
                // X11 has no scale: the geometry's pixels are its logical pixels.
                let sides = words[geometry].split(whereSeparator: { $0 == "x" || $0 == "+" || $0 == "-" }).prefix(2).compactMap { UInt32($0) }
                if sides.count == 2 { output.size = PanelSize(width: sides[0], height: sides[1], scale: 1) }
                let after = words.dropFirst(geometry + 1)
                let rotation = after.first { rotationNames.contains(String($0)) }.map(String.init) ?? "normal"
                // A reflection ("X axis", "Y axis") is outside the table: unknown.
                let reflected = after.contains("X") || after.contains("Y")
                output.showing = reflected ? nil : InterfaceOrientation.allCases.first { self.rotation(for: $0) == rotation }
            }
            outputs.append(output)
        }
        return outputs
    }

    /// `800x1280+0+0`.
    private static func isGeometry(_ word: Substring) -> Bool {
        let parts = word.split(whereSeparator: { $0 == "x" || $0 == "+" || $0 == "-" })
        return word.contains("x") && word.contains(where: { $0 == "+" || $0 == "-" }) && parts.count == 4
            && parts.allSatisfy { $0.allSatisfy(\.isNumber) }
    }
}

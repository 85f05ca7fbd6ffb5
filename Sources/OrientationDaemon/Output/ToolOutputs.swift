import OrientationCore

/// One output as a compositor's command-line tool lists it.
struct ToolOutput: Equatable, Sendable {
    /// The connector name, such as `eDP-1` or `HEADLESS-1`.
    var name: String
    /// Whether it is on (an output that is off shows nothing and is never driven).
    var enabled: Bool
    /// What it shows for a panel whose natural orientation is portrait; nil when the tool
    /// reports a transform outside the table (a flipped one) or none.
    var showing: InterfaceOrientation?
    /// Its current mode's size and scale, when the compositor reports a sane one.
    var size: PanelSize? = nil
}

/// The panel a backend drives: the one named by `--output`, else the first built-in one.
enum PanelChoice {
    /// Connector prefixes of built-in panels (laptops, tablets, phones).
    static let builtinPrefixes = ["eDP", "DSI", "LVDS"]

    static func isBuiltin(_ name: String) -> Bool {
        builtinPrefixes.contains { name.hasPrefix($0) }
    }

    /// The output to drive among `outputs`, or an explanation of why there is none.
    static func panel(in outputs: [ToolOutput], requested: String?) -> Result<ToolOutput, PanelNotFound> {
        let enabled = outputs.filter(\.enabled)
        let found = requested.map { name in enabled.first { $0.name == name } } ?? enabled.first { isBuiltin($0.name) }
        if let found { return .success(found) }
        return .failure(PanelNotFound(requested: requested, outputs: outputs))
    }
}

/// No output to drive: says which was wanted, which are there, and the option that picks one.
struct PanelNotFound: Error, Equatable, CustomStringConvertible {
    var requested: String?
    var outputs: [ToolOutput]

    var description: String {
        Self.explain(requested: requested, builtin: "eDP-*, DSI-*, LVDS-*", listing: "outputs on",
                     names: outputs.filter(\.enabled).map(\.name),
                     off: outputs.filter { !$0.enabled }.map(\.name))
    }

    /// `no built-in panel (eDP-*, DSI-*, LVDS-*) is on (outputs on: HEADLESS-1); choose one
    /// with --output HEADLESS-1`; the first name on is suggested.
    static func explain(requested: String?, builtin: String, listing: String, names: [String], off: [String] = []) -> String {
        let wanted = requested.map { "no output \($0) is on" } ?? "no built-in panel (\(builtin)) is on"
        var listed = "\(listing): \(names.isEmpty ? "none" : names.joined(separator: ", "))"
        if !off.isEmpty { listed += "; off: \(off.joined(separator: ", "))" }
        guard let first = names.first else { return "\(wanted) (\(listed))" }
        return "\(wanted) (\(listed)); choose one with --output \(first)"
    }
}

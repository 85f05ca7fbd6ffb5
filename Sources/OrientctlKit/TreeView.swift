import OrientationClient

/// `tree`: a scene's controllers drawn as a tree, the deciding path marked.
public enum TreeView {
    /// The tree, one controller a line: a `*` column marks the deciding path, and the
    /// deciding controller ends with `← decides`.
    public static func lines(_ nodes: [ControllerEntry], style: Style) -> [String] {
        var children: [String: [ControllerEntry]] = [:]
        for node in nodes where node.relation != "root" { children[node.parent, default: []].append(node) }
        let deciding = nodes.last { $0.deciding }?.id
        var lines: [String] = []
        func draw(_ node: ControllerEntry, prefix: String, connector: String, childPrefix: String) {
            let marker = node.deciding ? style.green("*") : " "
            let name = node.deciding ? style.highlight(node.id.terminalSafe) : style.bold(node.id.terminalSafe)
            let ending = node.id == deciding ? "  " + style.green("← decides") : ""
            lines.append("\(marker) \(prefix)\(connector)\(name) \(describe(node))\(ending)")
            let kids = children[node.id] ?? []
            for (index, child) in kids.enumerated() {
                let last = index == kids.count - 1
                draw(child, prefix: childPrefix, connector: last ? "└─ " : "├─ ",
                     childPrefix: childPrefix + (last ? "   " : "│  "))
            }
        }
        for root in nodes where root.relation == "root" { draw(root, prefix: "", connector: "", childPrefix: "") }
        return lines
    }

    /// `(view, presented full-screen): mask landscape, prefers landscape-right, autorotates`.
    public static func describe(_ node: ControllerEntry) -> String {
        var role = [node.kindName]
        if node.relation == "presented" { role.append(node.fillsWindow ? "presented full-screen" : "presented as a sheet") }
        if node.selected { role.append("selected tab") }
        var traits = ["mask " + (node.supported.isEmpty ? "default" : MaskFormat.compact(node.supported))]
        if !node.mode.isEmpty { traits.append("mode \(node.mode)") }
        if !node.preferred.isEmpty { traits.append("prefers \(node.preferred)") }
        traits.append(node.autorotates ? "autorotates" : "no autorotation")
        if node.kindName != ControllerKind.view.rawValue && !node.forwardsOrientation { traits.append("decides itself (no forwarding)") }
        return "(\(role.joined(separator: ", ").terminalSafe)): \(traits.joined(separator: ", ").terminalSafe)"
    }

    public static func json(scene: String, _ nodes: [ControllerEntry]) -> PrintedJSON {
        .object(JSONConvention.scene(scene) + [("controllers", .array(nodes.map(\.json)))])
    }
}

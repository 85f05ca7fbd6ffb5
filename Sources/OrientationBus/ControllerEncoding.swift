import GLibBridge
import OrientationCore

extension Encode {
    /// A scene's controller tree for `GetControllers`, as `a(sssa{sv})`: depth first from the
    /// root, each entry (id, kind, parent id or "", a{sv} of the controller's declaration, its
    /// relation to its parent, its mode, whether it is a tab's selected child and whether it
    /// is on the deciding path).
    static func controllers(_ scene: Scene) -> Variant {
        let tree = scene.tree
        let deciding = Set(tree.decidingPath())
        return Variant(arrayOf: "(sssa{sv})", tree.preorder().map { handle in
            let node = tree[handle]
            let parent = node.parent.map { tree[$0] }
            let relation = parent == nil ? "root" : node.isPresented ? "presented" : "child"
            let declaration = node.declaration
            let values: [String: Variant] = [
                "relation": Variant(string: relation),
                "supported-orientations": Variant(strings: declaration.supported?.names ?? []),
                "preferred-orientation": Variant(string: declaration.preferred?.rawValue ?? ""),
                "should-autorotate": Variant(bool: declaration.shouldAutorotate),
                "fills-window": Variant(bool: declaration.fillsWindow),
                "forwards-orientation": Variant(bool: declaration.forwardsOrientation),
                "mode": Variant(string: node.mode?.name ?? ""),
                "selected": Variant(bool: parent?.kind == .tab && !node.isPresented && parent?.selected == handle),
                "deciding": Variant(bool: deciding.contains(handle)),
            ]
            return Variant(tuple: [Variant(string: node.id), Variant(string: node.kind.rawValue),
                                   Variant(string: parent?.id ?? ""), Variant(vardict: values)])
        })
    }
}

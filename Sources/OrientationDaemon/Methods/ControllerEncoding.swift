import GLibBridge
import OrientationCore
import OrientationWire

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
                VardictKey.relation: Variant(string: relation),
                VardictKey.supportedOrientations: Variant(strings: declaration.supported?.names ?? []),
                VardictKey.preferredOrientation: Variant(string: declaration.preferred?.rawValue ?? ""),
                VardictKey.shouldAutorotate: Variant(bool: declaration.shouldAutorotate),
                VardictKey.fillsWindow: Variant(bool: declaration.fillsWindow),
                VardictKey.forwardsOrientation: Variant(bool: declaration.forwardsOrientation),
                VardictKey.prefersOrientationLocked: Variant(bool: declaration.prefersOrientationLocked),
                VardictKey.mode: Variant(string: node.mode?.name ?? ""),
                VardictKey.selected: Variant(bool: parent?.kind == .tab && !node.isPresented && parent?.selected == handle),
                VardictKey.deciding: Variant(bool: deciding.contains(handle)),
            ]
            return Variant(tuple: [Variant(string: node.id), Variant(string: node.kind.rawValue),
                                   Variant(string: parent?.id ?? ""), Variant(vardict: values)])
        })
    }
}

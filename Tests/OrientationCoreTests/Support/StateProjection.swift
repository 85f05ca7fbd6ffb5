import OrientationCore

/// Everything observable about a manager, as one Equatable value: a failed command must
/// leave it exactly as it was.
struct StateProjection: Equatable {
    struct Node: Equatable {
        var id: String
        var kind: ControllerKind
        var declaration: ControllerDeclaration
        var mode: ControllerMode?
        var children: [String]
        var selected: String?
        var presented: String?
        var parent: String?
        var isPresented: Bool
    }

    struct SceneState: Equatable {
        var snapshot: SceneSnapshot
        var creator: String
        var supportedGiven: OrientationMask?
        var sceneDelegate: OrientationMask?
        var appDelegate: OrientationMask?
        var splitFamily: OrientationFamily?
        var lastRule: DecisionRule
        var lastReason: ChangeReason?
        var root: String?
        var controllerIds: [String]
        var nodes: [Node]
    }

    var scenes: [SceneID: SceneState]
    var manager: ManagerSnapshot
    var settings: Settings
    var deviceOrientation: DeviceOrientation
    var sensedOrientation: DeviceOrientation
    var pendingReading: PendingReading?
    var lastSceneID: SceneID
    var builtinSceneCount: Int
    var historyCount: Int
    var history: [HistoryEntry]
    var nextDeadline: Int64?

    init(_ m: OrientationManager) {
        var scenes: [SceneID: SceneState] = [:]
        for (id, scene) in m.scenes {
            let tree = scene.tree
            let name = { (handle: Int?) in handle.map { tree[$0].id } }
            let nodes = tree.preorder().map { handle -> Node in
                let c = tree[handle]
                return Node(id: c.id, kind: c.kind, declaration: c.declaration, mode: c.mode,
                            children: c.children.map { tree[$0].id }, selected: name(c.selected),
                            presented: name(c.presented), parent: name(c.parent), isPresented: c.isPresented)
            }
            scenes[id] = SceneState(snapshot: m.snapshot(of: id)!, creator: scene.creator,
                                    supportedGiven: scene.supportedGiven, sceneDelegate: scene.sceneDelegate,
                                    appDelegate: scene.appDelegate, splitFamily: scene.splitFamily,
                                    lastRule: scene.lastRule, lastReason: scene.lastReason, root: name(tree.root),
                                    controllerIds: tree.ids, nodes: nodes)
        }
        self.scenes = scenes
        manager = m.managerSnapshot
        settings = m.settings
        deviceOrientation = m.deviceOrientation
        sensedOrientation = m.sensedOrientation
        pendingReading = m.pendingReading
        lastSceneID = m.lastSceneID
        builtinSceneCount = m.builtinSceneCount
        historyCount = m.history.count
        history = m.history.newest(0)
        nextDeadline = m.nextDeadline
    }
}

import OrientationWire

/// What the app has told orientd about one of its scenes, kept by the client so that it can
/// register the scene again, exactly as it was, when orientd restarts (scenes live only in
/// orientd's memory).
///
/// It records each call that orientd accepted, never one it refused, so it always describes
/// the scene orientd holds for this app: the registration options (with the window policy,
/// size and activation state given since), and the controller tree with each controller's
/// declarations and orientation mode.
struct SceneMirror: Sendable {
    /// One controller as the app declared it.
    struct Node: Sendable {
        var kind: ControllerKind
        /// The declarations given at creation merged with every `setProperties` since.
        var properties: ControllerProperties
        /// Its orientation mode (nil: none).
        var mode: OrientationMode?
        /// A navigation controller's stack (bottom first) or a tab controller's tabs.
        var children: [String] = []
        /// A tab controller's selected child.
        var selected: String?
        /// The controller it presents.
        var presented: String?
    }

    /// The registration options, kept up to date with `SetWindowOrientations` and `SetGeometry`.
    var options: SceneOptions
    /// The activation state the app gave (nil: the initial "foreground-active").
    var activation: ActivationState?
    /// The root controller's id.
    var root: String?
    var nodes: [String: Node] = [:]

    init(options: SceneOptions) { self.options = options }

    // MARK: Recording accepted calls

    mutating func setRoot(_ id: String, _ kind: ControllerKind, _ properties: ControllerProperties) {
        nodes = [id: Node(kind: kind, properties: properties.declared)]
        root = id
    }

    mutating func push(_ navigation: String, _ id: String, _ kind: ControllerKind, _ properties: ControllerProperties) {
        nodes[id] = Node(kind: kind, properties: properties.declared)
        nodes[navigation]?.children.append(id)
    }

    mutating func pop(_ navigation: String, popped: String) {
        guard let index = nodes[navigation]?.children.lastIndex(of: popped) else { return }
        nodes[navigation]?.children.remove(at: index)
        removeSubtree(popped)
    }

    mutating func addTab(_ tab: String, _ id: String, _ kind: ControllerKind, _ properties: ControllerProperties) {
        nodes[id] = Node(kind: kind, properties: properties.declared)
        nodes[tab]?.children.append(id)
        if nodes[tab]?.selected == nil { nodes[tab]?.selected = id }
    }

    mutating func selectTab(_ tab: String, _ child: String) {
        nodes[tab]?.selected = child
    }

    mutating func present(_ presenter: String, _ id: String, _ kind: ControllerKind, _ properties: ControllerProperties) {
        nodes[id] = Node(kind: kind, properties: properties.declared)
        nodes[presenter]?.presented = id
    }

    mutating func dismiss(_ id: String) {
        if let presenter = nodes.first(where: { $0.value.presented == id })?.key {
            nodes[presenter]?.presented = nil
        }
        removeSubtree(id)
    }

    mutating func setProperties(_ id: String, _ changes: ControllerProperties) {
        nodes[id]?.properties.merge(changes)
    }

    mutating func setMode(_ id: String, _ mode: OrientationMode) {
        nodes[id]?.mode = mode == .none ? nil : mode
    }

    mutating func setWindowOrientations(sceneDelegate: OrientationMask?, appDelegate: OrientationMask?) {
        // The contract: an empty mask is "not given".
        options.sceneDelegateOrientations = sceneDelegate.flatMap { $0.isEmpty ? nil : $0 }
        options.appDelegateOrientations = appDelegate.flatMap { $0.isEmpty ? nil : $0 }
    }

    private mutating func removeSubtree(_ id: String) {
        guard let node = nodes.removeValue(forKey: id) else { return }
        for child in node.children { removeSubtree(child) }
        if let presented = node.presented { removeSubtree(presented) }
    }

    // MARK: Replaying

    /// One call that rebuilds part of the scene.
    struct Step: Sendable {
        let method: SceneMethod
        let arguments: [ReplayArgument]
    }

    /// The methods recorded with `change(_:…)` that `steps` never replays as a call of their
    /// own, and why: every other one must have its step (`SceneMirrorCoverageTests`).
    static let replayedWithoutStep: [SceneMethod: String] = [
        .popController: "the popped controller is not created again",
        .dismissController: "the dismissed controller is not created again",
        .setWindowOrientations: "its masks go in the registration options",
        .setGeometry: "its size goes in the registration options",
    ]

    /// The calls, in order, that give a newly registered scene this tree, these declarations
    /// and modes, and this activation state. A controller with a mode is created without its
    /// preferred orientation, which is given after the mode (it may lie only in the mode's mask).
    var steps: [Step] {
        var steps: [Step] = []
        func create(_ method: SceneMethod, _ parent: String?, _ id: String) {
            guard let node = nodes[id] else { return }
            var properties = node.properties
            let deferredPreferred = node.mode != nil ? properties.preferredOrientation : nil
            if deferredPreferred != nil { properties.preferredOrientation = nil }
            var arguments: [ReplayArgument] = parent.map { [.string($0)] } ?? []
            arguments += [.string(id), .string(node.kind.rawValue), .properties(properties)]
            steps.append(Step(method: method, arguments: arguments))
            if let mode = node.mode {
                steps.append(Step(method: .setOrientationMode, arguments: [.string(id), .string(mode.rawValue)]))
            }
            if let preferred = deferredPreferred {
                steps.append(Step(method: .setControllerProperties, arguments: [
                    .string(id), .properties(ControllerProperties(preferredOrientation: preferred))]))
            }
            switch node.kind {
            case .navigation:
                for child in node.children { create(.pushController, id, child) }
            case .tab:
                for child in node.children { create(.addTab, id, child) }
                if let selected = node.selected, selected != node.children.first {
                    steps.append(Step(method: .selectTab, arguments: [.string(id), .string(selected)]))
                }
            case .view:
                break
            }
            if let presented = node.presented { create(.presentController, id, presented) }
        }
        if let root { create(.setRootController, nil, root) }
        if let activation, activation != .foregroundActive {
            steps.append(Step(method: .setActivationState, arguments: [.string(activation.rawValue)]))
        }
        // Declarations and modes recorded but not yet applied take effect now, as after any
        // evaluation.
        if root != nil { steps.append(Step(method: .updateOrientation, arguments: [])) }
        return steps
    }
}

/// An argument of a replayed call.
enum ReplayArgument: Sendable {
    case string(String)
    case properties(ControllerProperties)
}

extension ControllerProperties {
    /// The declaration a new controller keeps (clearing a preferred orientation at creation
    /// is having none).
    var declared: ControllerProperties {
        var properties = self
        properties.clearsPreferredOrientation = false
        return properties
    }

    /// Applies `changes` as `SetControllerProperties` does: keys given replace, others stay.
    mutating func merge(_ changes: ControllerProperties) {
        if let value = changes.shouldAutorotate { shouldAutorotate = value }
        if let value = changes.supportedOrientations { supportedOrientations = value }
        if changes.clearsPreferredOrientation {
            preferredOrientation = nil
        } else if let value = changes.preferredOrientation {
            preferredOrientation = value
        }
        if let value = changes.fillsWindow { fillsWindow = value }
        if let value = changes.forwardsOrientation { forwardsOrientation = value }
        if let value = changes.prefersOrientationLocked { prefersOrientationLocked = value }
    }
}

extension OrientationManager {
    /// Runs a Scene-interface call on a copy of the scene; the copy replaces the scene only if
    /// every step succeeds, so a failed call changes nothing.
    mutating func run(_ command: SceneCommand, on id: SceneID, caller: String, now: Moment,
                      events: inout [Event]) throws(OrientationError) -> Reply {
        var scene = try self.scene(id)
        for name in command.namedIDs { try ControlCharacters.refuse(in: name, what: "controller id") }
        try checkNotObserved(scene)
        try checkSandboxed(scene, caller: caller)
        if !command.isOpenToAll { try checkOwner(scene, caller: caller) }
        let controllersBefore = scene.tree.count
        let before = SceneSnapshot(scene, kioskMode: settings.kioskMode)
        let (reply, trigger) = try mutate(&scene, command)
        var change: OrientationChange?
        if let trigger {
            change = try evaluate(&scene, trigger)
        } else {
            // Declarations are recorded now and take effect at the next evaluation, but they
            // must leave the scene an orientation.
            let resolution = Resolution(scene: scene, settings: settings)
            guard resolution.isValid else { throw resolution.noSupportedOrientation(scene: scene) }
        }
        try checkControllerQuota(adding: scene.tree.count - controllersBefore, to: scene)
        quotas.addControllers(scene.tree.count - controllersBefore, of: scene)
        record(change, scene: scene, now: now, events: &events)
        let changed = before.changes(to: SceneSnapshot(scene, kioskMode: settings.kioskMode))
        let orientation = scene.orientation
        // The scene's last use: moved back into the table, not copied (a copy retains and
        // later releases every string and array in it, on every call).
        scenes[id] = consume scene
        if case .setActivation = command { trackForeground(id) }
        if !changed.isEmpty { events.append(.scenePropertiesChanged(id, changed)) }
        switch (reply, trigger) {
        case (.none, .request), (.none, .reevaluate(.update)): return .orientation(orientation)
        default: return reply
        }
    }

    /// The structural or declarative part of a call, and what evaluation it triggers (nil: none).
    func mutate(_ scene: inout Scene, _ command: SceneCommand) throws(OrientationError) -> (Reply, Trigger?) {
        switch command {
        case .setRoot(let spec):
            var tree = ControllerTree()
            tree.insert(try makeController(spec, idiom: scene.idiom), under: nil, presented: false)
            scene.tree = tree
            return (.none, .reevaluate(.navigation))
        case .push(let navigation, let spec):
            let parent = try container(navigation, of: .navigation, in: scene, for: "PushController")
            try insert(spec, under: parent, presented: false, into: &scene)
            return (.none, .reevaluate(.navigation))
        case .pop(let navigation):
            let parent = try container(navigation, of: .navigation, in: scene, for: "PopController")
            let stack = scene.tree[parent].children
            guard stack.count > 1, let top = stack.last else {
                throw .notPermitted("Navigation controller '\(ControlCharacters.escaped(navigation))' holds \(stack.count == 0 ? "no children" : "only its root child"); a navigation controller keeps its root child")
            }
            let popped = scene.tree[top].id
            scene.tree.removeSubtree(top)
            return (.controller(popped), .reevaluate(.navigation))
        case .addTab(let tab, let spec):
            let parent = try container(tab, of: .tab, in: scene, for: "AddTab")
            try insert(spec, under: parent, presented: false, into: &scene)
            return (.none, .reevaluate(.tab))
        case .selectTab(let tab, let child):
            let parent = try container(tab, of: .tab, in: scene, for: "SelectTab")
            let children = scene.tree[parent].children
            guard let handle = scene.tree.handle(of: child), children.contains(handle) else {
                let names = children.map { ControlCharacters.escaped(scene.tree[$0].id) }.joined(separator: ", ")
                throw OrientationError(.unknownController, "Tab controller '\(ControlCharacters.escaped(tab))' has no child '\(ControlCharacters.escaped(child))'; its children: \(names.isEmpty ? "none" : names)")
            }
            scene.tree[parent].selected = handle
            return (.none, .reevaluate(.tab))
        case .present(let presenter, let spec):
            let parent = try scene.tree.existing(presenter)
            if let current = scene.tree[parent].presented {
                throw .notPermitted("Controller '\(ControlCharacters.escaped(presenter))' already presents '\(ControlCharacters.escaped(scene.tree[current].id))'; dismiss it first (one presented controller per presenter)")
            }
            let handle = try insert(spec, under: parent, presented: true, into: &scene)
            return (.none, scene.tree.deciding() == handle ? .presentation : .reevaluate(.presentation))
        case .dismiss(let id):
            let handle = try scene.tree.existing(id)
            guard scene.tree[handle].isPresented else {
                throw .notPermitted("Controller '\(ControlCharacters.escaped(id))' is not presented; DismissController takes a presented controller")
            }
            scene.tree.removeSubtree(handle)
            return (.none, .reevaluate(.dismissal))
        case .setProperties(let id, let patch):
            let handle = try scene.tree.existing(id)
            let declaration = patch.applied(to: scene.tree[handle].declaration)
            try checkPreferred(declaration, mode: scene.tree[handle].mode, id: id, idiom: scene.idiom)
            scene.tree[handle].declaration = declaration
            return (.none, nil)
        case .setMode(let id, let name):
            let handle = try scene.tree.existing(id)
            switch name {
            case .portrait: scene.tree[handle].mode = .portrait
            case .landscape: scene.tree[handle].mode = .landscape
            case .dynamic: scene.tree[handle].mode = .dynamic
            case .locked: scene.tree[handle].mode = .locked(scene.orientation)
            case .none: scene.tree[handle].mode = nil
            }
            return (.none, nil)
        case .update:
            return (.none, .reevaluate(.update))
        case .request(let orientation):
            return (.none, .request(orientation))
        case .setWindowOrientations(let sceneDelegate, let appDelegate):
            scene.sceneDelegate = sceneDelegate
            scene.appDelegate = appDelegate
            return (.none, .reevaluate(.policy))
        case .setGeometry(let width, let height):
            try Validate.dimension(width, what: "width", limits: limits)
            try Validate.dimension(height, what: "height", limits: limits)
            scene.width = width
            scene.height = height
            updateSplitView(&scene)
            return (.none, .reevaluate(.geometry))
        case .setActivation(let state):
            let wasBackground = scene.activation == .background
            scene.activation = state
            if state == .background && !wasBackground { return (.none, .background) }
            if state != .background && wasBackground { return (.none, .reevaluate(.activation)) }
            // iOS 26's lock is honoured only while the scene is in front: leaving the front drops
            // it (the scene follows the device at once), coming back takes it again.
            let prefersLock = scene.tree.deciding().map { scene.tree[$0].declaration.prefersOrientationLocked } ?? false
            if prefersLock || scene.orientationLocked { return (.none, .reevaluate(.activation)) }
            return (.none, nil)
        }
    }

    /// A controller that must be a container of `kind`, or `UnknownController` / `WrongControllerKind`.
    func container(_ id: String, of kind: ControllerKind, in scene: Scene, for method: String) throws(OrientationError) -> Int {
        let handle = try scene.tree.existing(id)
        let actual = scene.tree[handle].kind
        guard actual == kind else {
            throw OrientationError(.wrongControllerKind, "Controller '\(ControlCharacters.escaped(id))' is a \(actual.rawValue) controller; \(method) needs a \(kind.rawValue) controller")
        }
        return handle
    }

    /// Adds a new controller to a scene, checking its id and the per-scene limit.
    @discardableResult
    func insert(_ spec: ControllerSpec, under parent: Int, presented: Bool, into scene: inout Scene) throws(OrientationError) -> Int {
        if scene.tree.handle(of: spec.id) != nil {
            throw OrientationError(.duplicateController, "Scene \(scene.id) already has a controller '\(ControlCharacters.escaped(spec.id))'; controller ids are unique within a scene")
        }
        guard scene.tree.count < limits.controllersPerScene else {
            throw .limitExceeded("Scene \(scene.id) has \(scene.tree.count) controllers; the limit is \(limits.controllersPerScene) per scene")
        }
        return scene.tree.insert(try makeController(spec, idiom: scene.idiom), under: parent, presented: presented)
    }

    func makeController(_ spec: ControllerSpec, idiom: Idiom) throws(OrientationError) -> ControllerNode {
        try Validate.name(spec.id, what: "controller id", limits: limits)
        let declaration = spec.patch.applied(to: ControllerDeclaration())
        try checkPreferred(declaration, mode: nil, id: spec.id, idiom: idiom)
        return ControllerNode(id: spec.id, kind: spec.kind, declaration: declaration)
    }

    /// A preferred orientation must be one the controller itself supports (its mode's mask
    /// when it has a mode).
    func checkPreferred(_ declaration: ControllerDeclaration, mode: ControllerMode?, id: String,
                        idiom: Idiom) throws(OrientationError) {
        guard let preferred = declaration.preferred else { return }
        let own = mode?.mask ?? declaration.supported ?? idiom.defaultControllerMask
        guard own.contains(preferred) else {
            throw OrientationError(.unsupportedOrientation,
                "The preferred orientation \(preferred.rawValue) of controller '\(ControlCharacters.escaped(id))' is outside its supported orientations \(own)")
        }
    }
}

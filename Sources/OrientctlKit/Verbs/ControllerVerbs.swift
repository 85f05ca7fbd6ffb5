import OrientationClient

extension VerbTable {
    /// The options that declare a new controller.
    static let newControllerOptions = [
        OptionSpec("kind", .value("KIND"), values: .choice(ControllerKind.allCases.map(\.rawValue)), help: "view (default), navigation or tab"),
        OptionSpec("supported", .list("ORIENTATION"), values: .choice(OrientationMask.validNames),
                   help: "Its supported orientations (default: phone all-but-upside-down, pad all)"),
        OptionSpec("preferred", .value("ORIENTATION"), values: .choice(InterfaceOrientation.validNames + ["none"]),
                   help: "Its preferred orientation for presentation (none: clear it)"),
        OptionSpec("no-autorotate", help: "should-autorotate false: it never follows the device"),
        OptionSpec("sheet", help: "fills-window false: when presented, a sheet that does not take over the decision"),
        OptionSpec("no-forward", help: "forwards-orientation false: a container that decides itself, as stock UIKit"),
        OptionSpec("lock-orientation", help: "prefers-orientation-locked true (iOS 26): freeze the orientation while in front"),
    ]

    /// The options that change a controller: the above but `--kind`, plus the positive forms.
    static let changeControllerOptions = Array(newControllerOptions.dropFirst()) + [
        OptionSpec("autorotate", help: "should-autorotate true"),
        OptionSpec("fills-window", help: "fills-window true: a full-screen presentation"),
        OptionSpec("forward", help: "forwards-orientation true: a container hands the decision to its child"),
        OptionSpec("unlock-orientation", help: "prefers-orientation-locked false: follow the device again (apply with update)"),
    ]

    static let controllerVerbs: [VerbSpec] = [
        VerbSpec("root", group: .scenes, arguments: [ArgumentSpec("SCENE", .scene), ArgumentSpec("ID")],
                 options: newControllerOptions,
                 summary: "Replace the controller tree with one root controller",
                 details: "Sets the window's root view controller (SetRootController), replacing every controller the scene had.",
                 examples: ["root 1 nav --kind navigation"],
                 run: { inv throws(CommandError) in try addController(inv, .root) }),
        VerbSpec("push", group: .scenes, arguments: [ArgumentSpec("SCENE", .scene), ArgumentSpec("NAV"), ArgumentSpec("ID")],
                 options: newControllerOptions,
                 summary: "Push a controller on a navigation controller",
                 details: "Pushes controller ID on navigation controller NAV; the scene re-evaluates at once.",
                 examples: ["push 1 nav list --supported portrait"],
                 run: { inv throws(CommandError) in try addController(inv, .push) }),
        VerbSpec("pop", group: .scenes, arguments: [ArgumentSpec("SCENE", .scene), ArgumentSpec("NAV")],
                 summary: "Pop a navigation controller's top controller and print its id",
                 details: "Pops the top of NAV's stack (a navigation controller keeps its root child); the scene re-evaluates at once.",
                 examples: ["pop 1 nav"], run: pop),
        VerbSpec("tab-add", group: .scenes, arguments: [ArgumentSpec("SCENE", .scene), ArgumentSpec("TAB"), ArgumentSpec("ID")],
                 options: newControllerOptions,
                 summary: "Add a child to a tab controller",
                 details: "Adds controller ID to tab controller TAB; the first child added is selected.",
                 examples: ["tab-add 1 tabs maps --supported all"],
                 run: { inv throws(CommandError) in try addController(inv, .tab) }),
        VerbSpec("tab-select", group: .scenes, arguments: [ArgumentSpec("SCENE", .scene), ArgumentSpec("TAB"), ArgumentSpec("CHILD")],
                 summary: "Select a tab controller's child",
                 details: "Selects CHILD in tab controller TAB; the scene re-evaluates at once.",
                 examples: ["tab-select 1 tabs maps"], run: tabSelect),
        VerbSpec("present", group: .scenes, arguments: [ArgumentSpec("SCENE", .scene), ArgumentSpec("PRESENTER"), ArgumentSpec("ID")],
                 options: newControllerOptions,
                 summary: "Present a controller modally (full-screen unless --sheet)",
                 details: """
                    Presents controller ID from PRESENTER. A full-screen presentation takes over the decision and \
                    turns the scene to its --preferred orientation if the mask allows it, even while the rotation \
                    lock is on.
                    """,
                 examples: ["present 1 list player --supported landscape --preferred landscape-right"],
                 run: { inv throws(CommandError) in try addController(inv, .present) }),
        VerbSpec("dismiss", group: .scenes, arguments: [ArgumentSpec("SCENE", .scene), ArgumentSpec("ID")],
                 summary: "Dismiss a presented controller",
                 details: "Dismisses presented controller ID and everything it presented; the scene re-evaluates at once.",
                 examples: ["dismiss 1 player"], run: dismiss),
        VerbSpec("set-props", group: .scenes, arguments: [ArgumentSpec("SCENE", .scene), ArgumentSpec("ID")],
                 options: changeControllerOptions,
                 summary: "Change a controller's declaration (takes effect at the next update)",
                 details: """
                    Changes what controller ID declares; options not given keep their value. As UIKit's \
                    setNeedsUpdateOfSupportedInterfaceOrientations, it takes effect at the next evaluation: run \
                    'update' to apply it now.
                    """,
                 examples: ["set-props 1 player --supported all --no-autorotate", "update 1"], run: setProps),
    ]

    /// Where a new controller goes: the window's root, or beside the controller the word
    /// after SCENE names (NAV, TAB, PRESENTER).
    enum Placement { case root, push, tab, present }

    /// `root`, `push`, `tab-add`, `present`: SCENE, the anchor (but for `root`), ID, then the
    /// declaration options.
    static func addController(_ inv: Invocation, _ placement: Placement) throws(CommandError) {
        let reference = try inv.scene(0)
        let properties = try controllerProperties(inv)
        let anchor = inv.argument(1)
        let id = inv.argument(placement == .root ? 1 : 2)
        let kind = try inv.read { () throws(OrientationClientError) in try UserInput.controllerKind(inv.command.value("kind") ?? "view") }
        try inv.bus { client throws(OrientationClientError) in
            let scene = try reference.scene(in: client)
            switch placement {
            case .root: try scene.setRootController(id, kind: kind, properties: properties)
            case .push: try scene.controller(anchor).push(id, kind: kind, properties: properties)
            case .tab: try scene.controller(anchor).addTab(id, kind: kind, properties: properties)
            case .present: try scene.controller(anchor).present(id, kind: kind, properties: properties)
            }
        }
    }

    /// The controller properties the options give; the others keep their value.
    static func controllerProperties(_ inv: Invocation) throws(CommandError) -> ControllerProperties {
        var values = ControllerProperties()
        let switches: [(String, String, WritableKeyPath<ControllerProperties, Bool?>)] = [
            ("autorotate", "no-autorotate", \.shouldAutorotate), ("fills-window", "sheet", \.fillsWindow),
            ("forward", "no-forward", \.forwardsOrientation),
            ("lock-orientation", "unlock-orientation", \.prefersOrientationLocked)]
        for (on, off, key) in switches {
            switch (inv.command.has(on), inv.command.has(off)) {
            case (true, true): throw inv.usage("--\(on) and --\(off) contradict each other")
            case (true, false): values[keyPath: key] = true
            case (false, true): values[keyPath: key] = false
            case (false, false): break
            }
        }
        let supported = inv.command.list("supported"), preferred = inv.command.value("preferred")
        guard supported != nil || preferred != nil else { return values }
        try inv.read { () throws(OrientationClientError) in
            if let names = supported { values.supportedOrientations = try UserInput.mask(names, for: .supportedOrientations) }
            if let preferred {
                if preferred == "none" || preferred.isEmpty {
                    values.clearsPreferredOrientation = true
                } else {
                    values.preferredOrientation = try UserInput.preferredOrientation(preferred)
                }
            }
        }
        return values
    }

    /// Whether the options change anything.
    static func changesSomething(_ properties: ControllerProperties) -> Bool {
        properties != ControllerProperties()
    }

    static func pop(_ inv: Invocation) throws(CommandError) {
        let reference = try inv.scene(0)
        let popped = try inv.bus { client throws(OrientationClientError) in try reference.scene(in: client).controller(inv.argument(1)).pop().id }
        inv.emit([popped.terminalSafe], json: .object([("popped", .string(popped))]))
    }

    static func tabSelect(_ inv: Invocation) throws(CommandError) {
        let reference = try inv.scene(0)
        try inv.bus { client throws(OrientationClientError) in
            try reference.scene(in: client).controller(inv.argument(1)).selectTab(inv.argument(2))
        }
    }

    static func dismiss(_ inv: Invocation) throws(CommandError) {
        let reference = try inv.scene(0)
        try inv.bus { client throws(OrientationClientError) in try reference.scene(in: client).controller(inv.argument(1)).dismiss() }
    }

    static func setProps(_ inv: Invocation) throws(CommandError) {
        let reference = try inv.scene(0)
        let properties = try controllerProperties(inv)
        guard changesSomething(properties) else { throw inv.usage("set-props needs at least one option saying what to change") }
        try inv.bus { client throws(OrientationClientError) in
            try reference.scene(in: client).controller(inv.argument(1)).setProperties(properties)
        }
    }
}

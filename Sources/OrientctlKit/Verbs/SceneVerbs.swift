import OrientationClient

extension VerbTable {
    static let sceneVerbs: [VerbSpec] = [
        VerbSpec("register", group: .scenes, arguments: [ArgumentSpec("APP")],
                 options: [OptionSpec("idiom", .value("IDIOM"), values: .choice(Idiom.allCases.map(\.rawValue)), help: "phone (default) or pad"),
                           OptionSpec("supported", .list("ORIENTATION"), values: .choice(OrientationMask.validNames),
                                      help: "The app's supported orientations (default: phone portrait; pad portrait and landscape)"),
                           OptionSpec("scene-delegate", .list("ORIENTATION"), values: .choice(OrientationMask.validNames),
                                      help: "The scene delegate's mask (replaces the supported orientations)"),
                           OptionSpec("app-delegate", .list("ORIENTATION"), values: .choice(OrientationMask.validNames),
                                      help: "The app delegate's mask (used when no scene delegate mask is given)"),
                           OptionSpec("size", .value("WxH"), help: "The window size in points (default: phone 390x844, pad 820x1180)"),
                           OptionSpec("display", .value("NAME"), help: "The display (default builtin; only builtin follows the device)")],
                 summary: "Register a detached scene and print its object path",
                 details: """
                    Registers a window for APP (an app-id) as a detached scene: it outlives orientctl, any client \
                    may change it, and only 'unregister' removes it. Prints the scene's object path; later verbs \
                    take that path or its number. The phone's default supportedOrientations is portrait only: give \
                    --supported to let it turn.
                    """,
                 examples: ["register org.example.Video --supported portrait landscape",
                            "register org.example.Notes --idiom pad --size 820x1180 --display builtin"],
                 run: register),
        VerbSpec("unregister", group: .scenes, arguments: [ArgumentSpec("SCENE", .scene, repeats: true)],
                 summary: "Remove scenes", details: "Unregisters one or more scenes.",
                 examples: ["unregister 1", "unregister 2 3"], run: unregister),
        VerbSpec("mode", group: .scenes,
                 arguments: [ArgumentSpec("SCENE", .scene), ArgumentSpec("ID"), ArgumentSpec("MODE", .choice(OrientationMode.allCases.map(\.rawValue)))],
                 summary: "Set a controller's orientation mode (takes effect at the next update)",
                 details: """
                    Sets the orientation mode of controller ID (as the OrientationManager iOS apps commonly write): portrait, landscape, dynamic (all four), \
                    locked (the current orientation, no autorotation) or none. Like UIKit's \
                    setNeedsUpdateOfSupportedInterfaceOrientations, it takes effect at the next evaluation: run \
                    'update' to apply it now.
                    """,
                 examples: ["mode 1 player landscape", "update 1"], run: mode),
        VerbSpec("update", group: .scenes, arguments: [ArgumentSpec("SCENE", .scene)],
                 summary: "Re-evaluate a scene now and print its orientation",
                 details: "Applies pending declarations and modes (UpdateOrientation) and prints the orientation afterwards.",
                 examples: ["update 1"], run: update),
        VerbSpec("request", group: .scenes,
                 arguments: [ArgumentSpec("SCENE", .scene), ArgumentSpec("ORIENTATION", .choice(InterfaceOrientation.validNames))],
                 summary: "Ask for one orientation (requestGeometryUpdate) and print the result",
                 details: """
                    Asks for an interface orientation; the scene takes it if its effective mask allows it, even \
                    while the rotation lock is on. Refused outside the mask and in split view. Works on any scene.
                    """,
                 examples: ["request 1 landscape-right"], run: request),
        VerbSpec("geometry", group: .scenes, arguments: [ArgumentSpec("SCENE", .scene), ArgumentSpec("WxH")],
                 summary: "Set a scene's window size in points",
                 details: """
                    Sets the window size, in the scene's current orientation. On a pad scene a side below the \
                    split-view threshold puts it in split view.
                    """,
                 examples: ["geometry 1 507x1180"], run: geometry),
        VerbSpec("activate", group: .scenes,
                 arguments: [ArgumentSpec("SCENE", .scene), ArgumentSpec("STATE", .choice(ActivationState.allCases.map(\.rawValue)), optional: true)],
                 summary: "Set a scene's activation state (default foreground-active)",
                 details: """
                    Sets the activation state: foreground-active (the default), foreground-inactive or background. \
                    A background scene resets to its default orientation; back in the foreground it follows the \
                    device at once.
                    """,
                 examples: ["activate 1 background", "activate 1"], run: activate),
    ]

    static func register(_ inv: Invocation) throws(CommandError) {
        var options = SceneOptions(appID: inv.argument(0), detached: true)
        let size = try inv.command.value("size").map { word throws(CommandError) in try inv.size(word) }
        try inv.read { () throws(OrientationClientError) in
            // As orientd reads them: an empty mask is one not given.
            func mask(_ option: String, _ field: UserInput.MaskField) throws(OrientationClientError) -> OrientationMask? {
                guard let names = inv.command.list(option), !names.isEmpty else { return nil }
                return try UserInput.mask(names, for: field)
            }
            options.idiom = try inv.command.value("idiom").map { word throws(OrientationClientError) in try UserInput.idiom(word) }
            options.supportedOrientations = try mask("supported", .supportedOrientations)
            options.sceneDelegateOrientations = try mask("scene-delegate", .sceneDelegateOrientations)
            options.appDelegateOrientations = try mask("app-delegate", .appDelegateOrientations)
        }
        options.size = size.map { SceneSize(width: $0.width, height: $0.height) }
        options.display = inv.command.value("display")
        let path = try inv.bus { client throws(OrientationClientError) in try client.registerScene(options).path }
        inv.emit([path.terminalSafe], json: .object(JSONConvention.scene(path)))
    }

    static func unregister(_ inv: Invocation) throws(CommandError) {
        var references: [SceneReference] = []
        for index in inv.command.arguments.indices { references.append(try inv.scene(index)) }
        try inv.bus { client throws(OrientationClientError) in
            for reference in references { try reference.scene(in: client).unregister() }
        }
    }

    static func mode(_ inv: Invocation) throws(CommandError) {
        let reference = try inv.scene(0)
        let mode = try inv.read { () throws(OrientationClientError) in try UserInput.orientationMode(inv.argument(2)) }
        try inv.bus { client throws(OrientationClientError) in
            try reference.scene(in: client).controller(inv.argument(1)).setOrientationMode(mode)
        }
    }

    static func update(_ inv: Invocation) throws(CommandError) {
        let reference = try inv.scene(0)
        let orientation = try inv.bus { client throws(OrientationClientError) in try reference.scene(in: client).updateOrientation() }
        inv.emit([orientation.rawValue], json: .object([("orientation", .string(orientation.rawValue))]))
    }

    static func request(_ inv: Invocation) throws(CommandError) {
        let reference = try inv.scene(0)
        let requested = try inv.read { () throws(OrientationClientError) in try UserInput.interfaceOrientation(inv.argument(1)) }
        let orientation = try inv.bus { client throws(OrientationClientError) in try reference.scene(in: client).requestOrientation(requested) }
        inv.emit([orientation.rawValue], json: .object([("orientation", .string(orientation.rawValue))]))
    }

    static func geometry(_ inv: Invocation) throws(CommandError) {
        let reference = try inv.scene(0)
        let size = try inv.size(inv.argument(1))
        try inv.bus { client throws(OrientationClientError) in
            try reference.scene(in: client).setGeometry(SceneSize(width: size.width, height: size.height))
        }
    }

    static func activate(_ inv: Invocation) throws(CommandError) {
        let reference = try inv.scene(0)
        let state = try inv.read { () throws(OrientationClientError) in
            try UserInput.activationState(inv.command.argument(1) ?? ActivationState.foregroundActive.rawValue)
        }
        try inv.bus { client throws(OrientationClientError) in try reference.scene(in: client).setActivationState(state) }
    }
}

import GLibBridge
import OrientationWire

extension VerbTable {
    static let sceneVerbs: [VerbSpec] = [
        VerbSpec("register", group: .scenes, arguments: [ArgumentSpec("APP")],
                 options: [OptionSpec("idiom", .value("IDIOM"), values: .choice(Vocabulary.idioms), help: "phone (default) or pad"),
                           OptionSpec("supported", .list("ORIENTATION"), values: .choice(Vocabulary.maskNames),
                                      help: "The app whitelist (default: phone portrait; pad portrait and landscape)"),
                           OptionSpec("scene-delegate", .list("ORIENTATION"), values: .choice(Vocabulary.maskNames),
                                      help: "The scene delegate's mask (replaces the whitelist)"),
                           OptionSpec("app-delegate", .list("ORIENTATION"), values: .choice(Vocabulary.maskNames),
                                      help: "The app delegate's mask (used when no scene delegate mask is given)"),
                           OptionSpec("size", .value("WxH"), help: "The window size in points (default: phone 390x844, pad 820x1180)"),
                           OptionSpec("display", .value("NAME"), help: "The display (default builtin; only builtin follows the device)")],
                 summary: "Register a detached scene and print its object path",
                 details: """
                    Registers a window for APP (an app-id) as a detached scene: it outlives orientctl, any client \
                    may change it, and only 'unregister' removes it. Prints the scene's object path; later verbs \
                    take that path or its number. The phone's default whitelist is portrait only: give \
                    --supported to let it turn.
                    """,
                 examples: ["register org.example.Video --supported portrait landscape",
                            "register org.example.Notes --idiom pad --size 820x1180 --display builtin"],
                 run: register),
        VerbSpec("unregister", group: .scenes, arguments: [ArgumentSpec("SCENE", .scene, repeats: true)],
                 summary: "Remove scenes", details: "Unregisters one or more scenes.",
                 examples: ["unregister 1", "unregister 2 3"], run: unregister),
        VerbSpec("mode", group: .scenes,
                 arguments: [ArgumentSpec("SCENE", .scene), ArgumentSpec("ID"), ArgumentSpec("MODE", .choice(Vocabulary.modes))],
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
                 arguments: [ArgumentSpec("SCENE", .scene), ArgumentSpec("ORIENTATION", .choice(Vocabulary.interfaceOrientations))],
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
                 arguments: [ArgumentSpec("SCENE", .scene), ArgumentSpec("STATE", .choice(Vocabulary.activationStates), optional: true)],
                 summary: "Set a scene's activation state (default foreground-active)",
                 details: """
                    Sets the activation state: foreground-active (the default), foreground-inactive or background. \
                    A background scene resets to its default orientation; back in the foreground it follows the \
                    device at once.
                    """,
                 examples: ["activate 1 background", "activate 1"], run: activate),
    ]

    static func register(_ inv: Invocation) throws(CommandError) {
        var options: [String: Variant] = [VardictKey.appId: Variant(string: inv.argument(0)), VardictKey.detached: Variant(bool: true)]
        if let idiom = inv.command.value("idiom") { options[VardictKey.idiom] = Variant(string: idiom) }
        if let names = inv.command.list("supported") { options[VardictKey.supportedOrientations] = Variant(strings: names) }
        if let names = inv.command.list("scene-delegate") { options[VardictKey.sceneDelegateOrientations] = Variant(strings: names) }
        if let names = inv.command.list("app-delegate") { options[VardictKey.appDelegateOrientations] = Variant(strings: names) }
        if let word = inv.command.value("size") {
            let size = try inv.size(word)
            options[VardictKey.width] = Variant(uint32: size.width)
            options[VardictKey.height] = Variant(uint32: size.height)
        }
        if let display = inv.command.value("display") { options[VardictKey.display] = Variant(string: display) }
        let path = try inv.bus { client throws(DBusError) in
            try client.callManager("RegisterScene", [Variant(vardict: options)], reply: "(o)").child(at: 0).string ?? ""
        }
        inv.emit([path.terminalSafe], json: .object(JSONConvention.scene(path)))
    }

    static func unregister(_ inv: Invocation) throws(CommandError) {
        var paths: [String] = []
        for index in inv.command.arguments.indices { paths.append(try inv.scene(index)) }
        try inv.bus { client throws(DBusError) in
            for path in paths { try client.callManager("UnregisterScene", [Variant(objectPath: path)]) }
        }
    }

    static func mode(_ inv: Invocation) throws(CommandError) {
        let path = try inv.scene(0)
        try inv.bus { client throws(DBusError) in
            try client.callScene(path, "SetOrientationMode", [Variant(string: inv.argument(1)), Variant(string: inv.argument(2))])
        }
    }

    static func update(_ inv: Invocation) throws(CommandError) {
        let path = try inv.scene(0)
        let orientation = try inv.bus { client throws(DBusError) in
            try client.callScene(path, "UpdateOrientation", reply: "(s)").child(at: 0).string ?? ""
        }
        inv.emit([orientation.terminalSafe], json: .object([("orientation", .string(orientation))]))
    }

    static func request(_ inv: Invocation) throws(CommandError) {
        let path = try inv.scene(0)
        let orientation = try inv.bus { client throws(DBusError) in
            try client.callScene(path, "RequestOrientation", [Variant(string: inv.argument(1))], reply: "(s)").child(at: 0).string ?? ""
        }
        inv.emit([orientation.terminalSafe], json: .object([("orientation", .string(orientation))]))
    }

    static func geometry(_ inv: Invocation) throws(CommandError) {
        let path = try inv.scene(0)
        let size = try inv.size(inv.argument(1))
        try inv.bus { client throws(DBusError) in
            try client.callScene(path, "SetGeometry", [Variant(uint32: size.width), Variant(uint32: size.height)])
        }
    }

    static func activate(_ inv: Invocation) throws(CommandError) {
        let path = try inv.scene(0)
        let state = inv.command.argument(1) ?? "foreground-active"
        try inv.bus { client throws(DBusError) in try client.callScene(path, "SetActivationState", [Variant(string: state)]) }
    }
}

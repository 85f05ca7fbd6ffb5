import GLibBridge
import TestSupport

/// The bad-input cases of the manager interface (and the ObjectManager and Properties
/// interfaces on the manager object).
func managerCases(_ f: MatrixFixture) -> [BadInputCase] {
    let mp = Contract.managerPath
    let mi = Contract.managerInterface
    var cases: [BadInputCase] = []

    // RegisterScene(a{sv})
    func register(_ label: String, _ options: [String: Variant], _ error: String?, _ mentions: [String] = [],
                  accepted: ((BusConnection, Variant) throws -> Void)? = nil) {
        cases.append(.manager(label, "RegisterScene", [.vardict(options)], error, mentions, accepted: accepted))
    }
    let app: Variant = .s("matrix.new")
    cases.append(.wrongType(mp, mi, "RegisterScene", [.s("matrix.new")], expected: "(a{sv})"))
    cases.append(.wrongType(mp, mi, "RegisterScene", [], expected: "(a{sv})"))
    cases.append(.wrongType(mp, mi, "RegisterScene", [.vardict(["app-id": app]), .b(true)], expected: "(a{sv})"))
    register("unknown key", ["app-id": app, "bogus": .s("x")], E.invalidArgs, ["'bogus'", "app-id (s)"])
    register("key in the wrong case", ["app-id": app, "Idiom": .s("pad")], E.invalidArgs, ["'Idiom'"])
    for (key, value, type) in [("app-id", Variant.u(1), "s"), ("idiom", .b(true), "s"),
                               ("supported-orientations", .s("portrait"), "as"),
                               ("scene-delegate-orientations", .s("portrait"), "as"),
                               ("app-delegate-orientations", .i(2), "as"), ("width", .i(390), "u"),
                               ("height", .s("844"), "u"), ("display", .strings(["builtin"]), "s"),
                               ("detached", .s("true"), "b")] {
        var options: [String: Variant] = ["app-id": app]
        options[key] = value
        register("\(key) of type \(value.typeString)", options, E.invalidArgs, ["'\(key)'", "type \(type)"])
    }
    register("no app-id", ["idiom": .s("phone")], E.invalidArgs, ["'app-id'"])
    register("empty app-id", ["app-id": .s("")], E.invalidArgs, ["app-id", "1–255"])
    register("app-id of 256 characters", ["app-id": .s(long(256))], E.invalidArgs, ["app-id", "1–255"])
    register("app-id of 100000 characters", ["app-id": .s(long(100_000))], E.invalidArgs, ["app-id", "1–255"])
    register("app-id with a space", ["app-id": .s("my app")], E.invalidArgs, ["'my app'", "A-Z a-z 0-9 . _ -"])
    register("app-id with a slash", ["app-id": .s("org/app")], E.invalidArgs, ["'org/app'"])
    register("app-id not ASCII", ["app-id": .s("appé")], E.invalidArgs, ["'appé'"])
    register("unknown idiom", ["app-id": app, "idiom": .s("tablet")], E.invalidArgs, ["'tablet'", "phone, pad"])
    register("empty idiom", ["app-id": app, "idiom": .s("")], E.invalidArgs, ["idiom", "phone, pad"])
    register("idiom in the wrong case", ["app-id": app, "idiom": .s("Pad")], E.invalidArgs, ["'Pad'"])
    register("idiom of 1000 characters", ["app-id": app, "idiom": .s(long(1000))], E.invalidArgs, ["idiom", "phone, pad"])
    for key in ["supported-orientations", "scene-delegate-orientations", "app-delegate-orientations"] {
        register("\(key) with an unknown name", ["app-id": app, key: .strings(["portrait", "sideways"])],
                 E.invalidArgs, ["'sideways'", key, "landscape-right"])
        register("\(key) with an empty name", ["app-id": app, key: .strings([""])], E.invalidArgs, ["''", key])
    }
    register("supported-orientations with a device orientation", ["app-id": app, "supported-orientations": .strings(["face-up"])],
             E.invalidArgs, ["'face-up'"])
    register("supported-orientations in the wrong case", ["app-id": app, "supported-orientations": .strings(["LANDSCAPE"])],
             E.invalidArgs, ["'LANDSCAPE'"])
    register("empty display", ["app-id": app, "display": .s("")], E.invalidArgs, ["display", "1–255"])
    register("display of 256 characters", ["app-id": app, "display": .s(long(256))], E.limit, ["display", "256", "255"])
    register("display of 100000 characters", ["app-id": app, "display": .s(long(100_000))], E.limit, ["display", "255"])
    register("width 0", ["app-id": app, "width": .u(0)], E.invalidArgs, ["width 0", "1–100000"])
    register("width 100001", ["app-id": app, "width": .u(100_001)], E.invalidArgs, ["width 100001", "1–100000"])
    register("height 0", ["app-id": app, "height": .u(0)], E.invalidArgs, ["height 0", "1–100000"])
    register("height 4294967295", ["app-id": app, "height": .u(.max)], E.invalidArgs, ["height 4294967295"])
    register("scene delegate leaves the default controller nothing",
             ["app-id": app, "scene-delegate-orientations": .strings(["portrait-upside-down"])],
             E.noSupported, ["[portrait-upside-down]", "[portrait, landscape-right, landscape-left]"])
    register("app delegate leaves the default controller nothing",
             ["app-id": app, "app-delegate-orientations": .strings(["portrait-upside-down", "portrait-upside-down"])],
             E.noSupported, ["[portrait-upside-down]", "app delegate"])
    register("duplicates in a mask (accepted, folded)",
             ["app-id": app, "supported-orientations": .strings(["landscape-left", "landscape-left", "landscape", "landscape-right"])],
             nil) { owner, reply in
        let path = reply.child(at: 0).string!
        let scene = try owner.managedObjects()[path]
        try require(scene?.supported == ["landscape-right", "landscape-left"] && scene?.mask == 24,
                    "duplicates should fold to [landscape-right, landscape-left] (24), got \(String(describing: scene))")
        try owner.manager("UnregisterScene", [.o(path)])
    }
    register("empty supported-orientations (accepted: not given)", ["app-id": app, "supported-orientations": .strings([])], nil) { owner, reply in
        let path = reply.child(at: 0).string!
        let scene = try owner.managedObjects()[path]
        try require(scene?.supported == ["portrait"], "empty supported orientations are the phone default [portrait], got \(String(describing: scene))")
        try owner.manager("UnregisterScene", [.o(path)])
    }

    // UnregisterScene(o)
    cases.append(.wrongType(mp, mi, "UnregisterScene", [.s(f.sceneA)], expected: "(o)"))
    cases.append(.wrongType(mp, mi, "UnregisterScene", [.o(f.sceneA), .o(f.sceneA)], expected: "(o)"))
    for (label, path) in [("never registered", Contract.scenePath(999_999)), ("already removed", f.removedScene),
                          ("the root path", "/"), ("the manager's path", mp),
                          ("scene 0", Contract.scenePath(0)), ("a scene path with a leading zero", "\(mp)/scene/01"),
                          ("a path below a scene", f.sceneA + "/child")] {
        cases.append(.manager(label, "UnregisterScene", [.o(path)], E.unknownScene, ["No scene at \(path)"]))
    }
    cases.append(.manager("another client's scene", "UnregisterScene", [.o(f.sceneA)], E.accessDenied,
                          ["belongs to \(f.owner.uniqueName)"], caller: .intruder))

    // SetDeviceOrientation(s)
    cases.append(.wrongType(mp, mi, "SetDeviceOrientation", [.b(true)], expected: "(s)"))
    cases.append(.wrongType(mp, mi, "SetDeviceOrientation", [.u(1)], expected: "(s)"))
    for value in ["sideways", "", "Portrait", "landscape", "upside-down", long(100_000)] {
        cases.append(.manager("'\(value.prefix(20))' (\(value.count) characters)", "SetDeviceOrientation", [.s(value)], E.invalidArgs,
                              ["Unknown device orientation '\(value.prefix(50))", "face-up, face-down"]))
    }

    // SetRotationLocked(b)
    cases.append(.wrongType(mp, mi, "SetRotationLocked", [.s("true")], expected: "(b)"))
    cases.append(.wrongType(mp, mi, "SetRotationLocked", [.u(1)], expected: "(b)"))
    cases.append(.wrongType(mp, mi, "SetRotationLocked", [], expected: "(b)"))

    // SetKioskMode(b, s)
    cases.append(.wrongType(mp, mi, "SetKioskMode", [.b(true)], expected: "(bs)"))
    cases.append(.wrongType(mp, mi, "SetKioskMode", [.s("portrait"), .b(true)], expected: "(bs)"))
    for value in ["sideways", "landscape", "face-up", "PORTRAIT", "all", long(256)] {
        cases.append(.manager("orientation '\(value.prefix(20))'", "SetKioskMode", [.b(true), .s(value)], E.invalidArgs,
                              ["kiosk orientation '\(value.prefix(50))", "portrait, landscape-right, landscape-left, portrait-upside-down"]))
    }
    cases.append(.manager("bad orientation while turning it off", "SetKioskMode", [.b(false), .s("sideways")], E.invalidArgs, ["'sideways'"]))

    // SetSplitViewThreshold(u), SetSettleTime(u)
    cases.append(.wrongType(mp, mi, "SetSplitViewThreshold", [.i(500)], expected: "(u)"))
    cases.append(.wrongType(mp, mi, "SetSplitViewThreshold", [.s("500")], expected: "(u)"))
    cases.append(.manager("100001 points", "SetSplitViewThreshold", [.u(100_001)], E.invalidArgs, ["100001", "0–100000"]))
    cases.append(.manager("4294967295 points", "SetSplitViewThreshold", [.u(.max)], E.invalidArgs, ["4294967295", "0–100000"]))
    cases.append(.wrongType(mp, mi, "SetSettleTime", [.s("100")], expected: "(u)"))
    cases.append(.wrongType(mp, mi, "SetSettleTime", [.i(-1)], expected: "(u)"))
    cases.append(.manager("10001 ms", "SetSettleTime", [.u(10_001)], E.invalidArgs, ["10001 ms", "0–10000"]))
    cases.append(.manager("4294967295 ms", "SetSettleTime", [.u(.max)], E.invalidArgs, ["4294967295 ms", "0–10000"]))

    // SetAppPolicy(s, a{sv})
    func policy(_ label: String, _ appId: String, _ entries: [String: Variant], _ error: String?, _ mentions: [String] = [],
                accepted: ((BusConnection, Variant) throws -> Void)? = nil) {
        cases.append(.manager(label, "SetAppPolicy", [.s(appId), .vardict(entries)], error, mentions, accepted: accepted))
    }
    cases.append(.wrongType(mp, mi, "SetAppPolicy", [.s("matrix.app")], expected: "(sa{sv})"))
    cases.append(.wrongType(mp, mi, "SetAppPolicy", [.s("matrix.app"), .strings(["portrait"])], expected: "(sa{sv})"))
    let allowed: [String: Variant] = ["allowed-orientations": .strings(["portrait"])]
    policy("empty app-id", "", allowed, E.invalidArgs, ["app-id", "1–255"])
    policy("app-id of 256 characters", long(256), allowed, E.invalidArgs, ["app-id", "1–255"])
    policy("app-id with a slash", "org/app", allowed, E.invalidArgs, ["'org/app'"])
    policy("unknown key", "matrix.app", ["allowed-orientations": .strings(["portrait"]), "bogus": .b(true)], E.invalidArgs,
           ["'bogus'", "allowed-orientations (as)", "follow-sensor (b)"])
    policy("allowed-orientations of type s", "matrix.app", ["allowed-orientations": .s("portrait")], E.invalidArgs,
           ["'allowed-orientations'", "type as"])
    policy("follow-sensor of type s", "matrix.app", ["follow-sensor": .s("false")], E.invalidArgs, ["'follow-sensor'", "type b"])
    policy("empty allowed-orientations", "matrix.app", ["allowed-orientations": .strings([])], E.invalidArgs,
           ["allowed-orientations", "at least one"])
    policy("unknown name in allowed-orientations", "matrix.app", ["allowed-orientations": .strings(["portrait", "sideways"])],
           E.invalidArgs, ["'sideways'", "allowed-orientations"])
    policy("empty name in allowed-orientations", "matrix.app", ["allowed-orientations": .strings([""])], E.invalidArgs, ["''"])
    policy("duplicates in allowed-orientations (accepted, folded)", "matrix.other",
           ["allowed-orientations": .strings(["landscape-left", "portrait", "portrait", "landscape"])], nil) { owner, _ in
        let policies = try owner.manager("GetAppPolicies").child(at: 0).stringDictionary ?? [:]
        let stored = policies["matrix.other"]?.vardict?["allowed-orientations"]?.stringArray
        try require(stored == ["portrait", "landscape-right", "landscape-left"],
                    "the policy's mask should fold to canonical single names, got \(String(describing: stored))")
        try owner.manager("SetAppPolicy", [.s("matrix.other"), .emptyVardict])
    }

    // GetAppPolicies(), GetHistory(u), GetManagedObjects()
    cases.append(.wrongType(mp, mi, "GetAppPolicies", [.s("matrix.app")], expected: "()"))
    cases.append(.wrongType(mp, mi, "GetHistory", [.s("10")], expected: "(u)"))
    cases.append(.wrongType(mp, mi, "GetHistory", [.i(-1)], expected: "(u)"))
    cases.append(.wrongType(mp, Contract.objectManager, "GetManagedObjects", [.s("x")], expected: "()"))

    // ExplainPanel(s): "" is the app in front; anything else must be an app-id.
    cases.append(.wrongType(mp, mi, "ExplainPanel", [], expected: "(s)"))
    cases.append(.manager("ExplainPanel of an app-id with a slash", "ExplainPanel", [.s("org/app")], E.invalidArgs, ["'org/app'"]))
    cases.append(.manager("ExplainPanel of an app-id of 256 characters", "ExplainPanel", [.s(long(256))], E.invalidArgs,
                          ["app-id", "1–255"]))

    // Unknown members and properties.
    cases.append(BadInputCase(label: "unknown manager method", path: mp, interface: mi, method: "Frobnicate", arguments: [],
                      error: E.unknownMethod, mentions: ["Frobnicate"]))
    cases.append(BadInputCase(label: "Properties.Get of an unknown property", path: mp, interface: Contract.properties, method: "Get",
                      arguments: [.s(mi), .s("Bogus")], error: E.invalidArgs, mentions: ["Bogus"]))
    cases.append(BadInputCase(label: "Properties.Set of a read-only property", path: mp, interface: Contract.properties, method: "Set",
                      arguments: [.s(mi), .s("RotationLocked"), Variant(boxing: .b(true))], error: E.invalidArgs,
                      mentions: ["RotationLocked", "not writable"]))
    return cases
}

import GLibBridge
import TestSupport

/// The bad-input cases of the Scene interface, on the fixture's scene A (and its pad scene).
func sceneCases(_ f: MatrixFixture) -> [BadInputCase] {
    let a = f.sceneA
    let si = Contract.sceneInterface
    var cases: [BadInputCase] = []
    func add(_ label: String, _ method: String, _ arguments: [Variant], _ error: String?, _ mentions: [String] = [],
             accepted: ((BusConnection, Variant) throws -> Void)? = nil) {
        cases.append(.scene(a, label, method, arguments, error, mentions, accepted: accepted))
    }
    let empty = Variant.emptyVardict
    let validKinds = "view, navigation, tab"
    let validKeys = "should-autorotate (b)"

    /// The bad controller properties every method taking a vardict is checked with.
    func badProperties(_ method: String, _ prefix: [Variant], suffix: [Variant] = []) {
        func call(_ label: String, _ properties: [String: Variant], _ error: String, _ mentions: [String]) {
            add(label, method, prefix + [.vardict(properties)] + suffix, error, mentions)
        }
        call("unknown property key", ["bogus": .b(true)], E.invalidArgs, ["'bogus'", validKeys, "forwards-orientation (b)"])
        call("property key in the wrong case", ["Should-Autorotate": .b(true)], E.invalidArgs, ["'Should-Autorotate'"])
        for (key, value, type) in [("should-autorotate", Variant.s("yes"), "b"), ("supported-orientations", .s("all"), "as"),
                                   ("preferred-orientation", .u(2), "s"), ("fills-window", .i(1), "b"),
                                   ("forwards-orientation", .strings(["true"]), "b")] {
            call("\(key) of type \(value.typeString)", [key: value], E.invalidArgs, ["'\(key)'", "type \(type)"])
        }
        call("empty supported-orientations", ["supported-orientations": .strings([])], E.invalidArgs,
             ["supported-orientations", "at least one"])
        call("unknown name in supported-orientations", ["supported-orientations": .strings(["portrait", "sideways"])],
             E.invalidArgs, ["'sideways'", "supported-orientations"])
        call("unknown preferred-orientation", ["preferred-orientation": .s("sideways")], E.invalidArgs,
             ["'sideways'", "preferred-orientation", "landscape-right"])
        call("a mask shorthand as preferred-orientation", ["preferred-orientation": .s("landscape")], E.invalidArgs, ["'landscape'"])
        call("preferred-orientation outside its own mask",
             ["supported-orientations": .strings(["portrait"]), "preferred-orientation": .s("landscape-left")],
             E.unsupported, ["landscape-left", "[portrait]"])
    }

    /// Bad ids and kinds for the methods that create a controller.
    func badNewController(_ method: String, _ prefix: [Variant], duplicate: String) {
        add("empty id", method, prefix + [.s(""), .s("view"), empty], E.invalidArgs, ["controller id", "must not be empty"])
        add("id of 256 characters", method, prefix + [.s(long(256)), .s("view"), empty], E.limit, ["controller id", "256", "255"])
        add("id of 100000 characters", method, prefix + [.s(long(100_000)), .s("view"), empty], E.limit, ["controller id", "255"])
        add("duplicate id '\(duplicate)'", method, prefix + [.s(duplicate), .s("view"), empty], E.duplicateController,
            ["'\(duplicate)'", "unique"])
        for kind in ["window", "", "View", long(300)] {
            add("kind '\(kind.prefix(20))'", method, prefix + [.s("fresh"), .s(kind), empty], E.invalidArgs,
                ["controller kind '\(kind.prefix(50))", validKinds])
        }
        badProperties(method, prefix + [.s("fresh"), .s("view")])
    }

    // SetRootController(s id, s kind, a{sv} properties)
    cases.append(.wrongType(a, si, "SetRootController", [.s("root"), .s("view")], expected: "(ssa{sv})"))
    cases.append(.wrongType(a, si, "SetRootController", [.s("root"), .u(0), empty], expected: "(ssa{sv})"))
    add("empty id", "SetRootController", [.s(""), .s("view"), empty], E.invalidArgs, ["controller id", "must not be empty"])
    add("id of 256 characters", "SetRootController", [.s(long(256)), .s("view"), empty], E.limit, ["controller id", "255"])
    for kind in ["window", "", "NAVIGATION"] {
        add("kind '\(kind)'", "SetRootController", [.s("root"), .s(kind), empty], E.invalidArgs, ["'\(kind)'", validKinds])
    }
    badProperties("SetRootController", [.s("root"), .s("view")])
    add("a root the window cannot show", "SetRootController",
        [.s("root"), .s("view"), .vardict(["supported-orientations": .strings(["landscape"])])],
        E.noSupported, ["[portrait]", "[landscape-right, landscape-left]"])

    // PushController(s navigation, s id, s kind, a{sv} properties)
    cases.append(.wrongType(a, si, "PushController", [.s("nav"), .s("x"), .s("view")], expected: "(sssa{sv})"))
    for (navigation, error, mentions) in [("nope", E.unknownController, ["'nope'"]), ("", E.unknownController, ["''"]),
                                          (long(300), E.unknownController, ["No controller"]),
                                          ("home", E.wrongKind, ["'home'", "view", "needs a navigation"]),
                                          ("tabs", E.wrongKind, ["'tabs'", "tab", "needs a navigation"])] {
        add("navigation '\(navigation.prefix(20))'", "PushController", [.s(navigation), .s("fresh"), .s("view"), empty], error, mentions)
    }
    badNewController("PushController", [.s("nav")], duplicate: "settings")
    add("a pushed controller the window cannot show", "PushController",
        [.s("nav"), .s("fresh"), .s("view"), .vardict(["supported-orientations": .strings(["landscape-left"])])],
        E.noSupported, ["[portrait]", "[landscape-left]"])
    add("duplicates in supported-orientations (accepted, folded)", "PushController",
        [.s("nav"), .s("fresh"), .s("view"), .vardict(["supported-orientations": .strings(["portrait", "portrait", "all-but-upside-down", "landscape"])])],
        nil) { owner, _ in
        let steps = try owner.scene(a, "Explain").child(at: 0).children
        let controller = steps.first { $0.child(at: 0).string == "controller" }?.child(at: 2).string ?? ""
        try require(controller.contains("'fresh' (view) supports [portrait, landscape-right, landscape-left]"),
                    "the pushed controller's mask should fold to single names, Explain says: \(controller)")
        let popped = try owner.scene(a, "PopController", [.s("nav")]).child(at: 0).string
        try require(popped == "fresh", "PopController should pop 'fresh', popped \(String(describing: popped))")
    }

    // PopController(s navigation) → (s popped)
    cases.append(.wrongType(a, si, "PopController", [.u(1)], expected: "(s)"))
    cases.append(.wrongType(a, si, "PopController", [], expected: "(s)"))
    add("unknown navigation", "PopController", [.s("nope")], E.unknownController, ["'nope'"])
    add("empty navigation", "PopController", [.s("")], E.unknownController, ["''"])
    add("navigation of 100000 characters", "PopController", [.s(long(100_000))], E.unknownController, ["No controller"])
    add("not a navigation controller", "PopController", [.s("home")], E.wrongKind, ["'home'", "needs a navigation"])
    add("only the root child left", "PopController", [.s("nav")], E.notPermitted, ["'nav'", "root child"])

    // AddTab(s tab, s id, s kind, a{sv} properties)
    cases.append(.wrongType(a, si, "AddTab", [.s("tabs"), .s("x"), .s("view"), .strings([])], expected: "(sssa{sv})"))
    add("unknown tab", "AddTab", [.s("nope"), .s("fresh"), .s("view"), empty], E.unknownController, ["'nope'"])
    add("not a tab controller", "AddTab", [.s("nav"), .s("fresh"), .s("view"), empty], E.wrongKind, ["'nav'", "navigation", "needs a tab"])
    badNewController("AddTab", [.s("tabs")], duplicate: "home")

    // SelectTab(s tab, s child)
    cases.append(.wrongType(a, si, "SelectTab", [.s("tabs")], expected: "(ss)"))
    add("unknown tab", "SelectTab", [.s("nope"), .s("settings")], E.unknownController, ["'nope'"])
    add("not a tab controller", "SelectTab", [.s("nav"), .s("home")], E.wrongKind, ["'nav'", "needs a tab"])
    add("a controller that is not one of its children", "SelectTab", [.s("tabs"), .s("home")], E.unknownController,
        ["'home'", "nav, settings, wide"])
    add("unknown child", "SelectTab", [.s("tabs"), .s("nope")], E.unknownController, ["'nope'"])
    add("empty child", "SelectTab", [.s("tabs"), .s("")], E.unknownController, ["''"])
    add("child of 100000 characters", "SelectTab", [.s("tabs"), .s(long(100_000))], E.unknownController, ["no child"])
    add("a tab the window cannot show", "SelectTab", [.s("tabs"), .s("wide")], E.noSupported, ["[portrait]", "'wide'", "[landscape-right, landscape-left]"])

    // PresentController(s presenter, s id, s kind, a{sv} properties)
    cases.append(.wrongType(a, si, "PresentController", [.s("home"), .s("x"), .s("view"), .b(true)], expected: "(sssa{sv})"))
    add("unknown presenter", "PresentController", [.s("nope"), .s("fresh"), .s("view"), empty], E.unknownController, ["'nope'"])
    add("a presenter that already presents", "PresentController", [.s("home"), .s("fresh"), .s("view"), empty], E.notPermitted,
        ["'home'", "'sheet'", "dismiss it first"])
    badNewController("PresentController", [.s("settings")], duplicate: "nav")
    add("a full-screen controller the window cannot show", "PresentController",
        [.s("tabs"), .s("fresh"), .s("view"), .vardict(["supported-orientations": .strings(["landscape"])])],
        E.noSupported, ["[portrait]", "[landscape-right, landscape-left]"])

    // DismissController(s id)
    cases.append(.wrongType(a, si, "DismissController", [.o("/")], expected: "(s)"))
    add("unknown controller", "DismissController", [.s("nope")], E.unknownController, ["'nope'"])
    add("empty id", "DismissController", [.s("")], E.unknownController, ["''"])
    add("id of 100000 characters", "DismissController", [.s(long(100_000))], E.unknownController, ["No controller"])
    add("a controller that is not presented", "DismissController", [.s("nav")], E.notPermitted, ["'nav'", "not presented"])

    // SetControllerProperties(s id, a{sv} properties)
    cases.append(.wrongType(a, si, "SetControllerProperties", [.s("home")], expected: "(sa{sv})"))
    add("unknown controller", "SetControllerProperties", [.s("nope"), empty], E.unknownController, ["'nope'"])
    add("empty id", "SetControllerProperties", [.s(""), empty], E.unknownController, ["''"])
    badProperties("SetControllerProperties", [.s("home")])
    add("preferred outside the default mask", "SetControllerProperties",
        [.s("home"), .vardict(["preferred-orientation": .s("portrait-upside-down")])], E.unsupported,
        ["portrait-upside-down", "[portrait, landscape-right, landscape-left]"])
    add("a mask the window cannot show on the deciding controller", "SetControllerProperties",
        [.s("home"), .vardict(["supported-orientations": .strings(["landscape"])])], E.noSupported,
        ["[portrait]", "'home'", "[landscape-right, landscape-left]"])
    add("duplicates in supported-orientations (accepted, folded)", "SetControllerProperties",
        [.s("settings"), .vardict(["supported-orientations": .strings(["portrait", "portrait"])])], nil) { owner, _ in
        // 'settings' already declares [portrait]: folded, the duplicates change nothing. Selecting it shows its mask.
        try owner.scene(a, "SelectTab", [.s("tabs"), .s("settings")])
        let steps = try owner.scene(a, "Explain").child(at: 0).children
        let controller = steps.first { $0.child(at: 0).string == "controller" }?.child(at: 2).string ?? ""
        try owner.scene(a, "SelectTab", [.s("tabs"), .s("nav")])
        try require(controller.contains("'settings' (view) supports [portrait] by its supported-orientations"),
                    "the mask should fold to [portrait], Explain says: \(controller)")
    }

    // SetOrientationMode(s id, s mode)
    cases.append(.wrongType(a, si, "SetOrientationMode", [.s("home")], expected: "(ss)"))
    cases.append(.wrongType(a, si, "SetOrientationMode", [.s("home"), .u(1)], expected: "(ss)"))
    add("unknown controller", "SetOrientationMode", [.s("nope"), .s("portrait")], E.unknownController, ["'nope'"])
    for mode in ["sideways", "", "Portrait", "landscape-left", long(100_000)] {
        add("mode '\(mode.prefix(20))'", "SetOrientationMode", [.s("home"), .s(mode)], E.invalidArgs,
            ["orientation mode '\(mode.prefix(50))", "portrait, landscape, dynamic, locked, none"])
    }
    add("a mode the window cannot show on the deciding controller", "SetOrientationMode", [.s("home"), .s("landscape")],
        E.noSupported, ["[portrait]", "[landscape-right, landscape-left]"])

    // UpdateOrientation() → (s)
    cases.append(.wrongType(a, si, "UpdateOrientation", [.s("portrait")], expected: "()"))

    // RequestOrientation(s) → (s)
    cases.append(.wrongType(a, si, "RequestOrientation", [.u(2)], expected: "(s)"))
    for value in ["sideways", "", "landscape", "face-up", "Portrait", long(100_000)] {
        add("'\(value.prefix(20))'", "RequestOrientation", [.s(value)], E.invalidArgs,
            ["interface orientation '\(value.prefix(50))", "portrait, landscape-right, landscape-left, portrait-upside-down"])
    }
    add("outside the effective mask", "RequestOrientation", [.s("landscape-left")], E.unsupported,
        ["Requested: landscape-left", "Supported: [portrait]"])
    cases.append(.scene(f.padScene, "in split view", "RequestOrientation", [.s("landscape-left")], E.notPermitted,
                        ["split view", "400×1180"]))

    // SetWindowOrientations(as scene_delegate, as app_delegate)
    cases.append(.wrongType(a, si, "SetWindowOrientations", [.strings(["portrait"])], expected: "(asas)"))
    cases.append(.wrongType(a, si, "SetWindowOrientations", [.s("portrait"), .s("portrait")], expected: "(asas)"))
    add("unknown name in the scene delegate mask", "SetWindowOrientations", [.strings(["sideways"]), .strings([])],
        E.invalidArgs, ["'sideways'", "scene delegate"])
    add("unknown name in the app delegate mask", "SetWindowOrientations", [.strings([]), .strings(["portrait", "bogus"])],
        E.invalidArgs, ["'bogus'", "app delegate"])
    add("empty name in a mask", "SetWindowOrientations", [.strings([""]), .strings([])], E.invalidArgs, ["''"])
    add("a window the deciding controller cannot show", "SetWindowOrientations",
        [.strings(["portrait-upside-down"]), .strings([])], E.noSupported,
        ["[portrait-upside-down]", "'home'", "[portrait, landscape-right, landscape-left]"])
    add("duplicates in a delegate mask (accepted, folded)", "SetWindowOrientations",
        [.strings(["portrait", "portrait"]), .strings(["all", "landscape"])], nil) { owner, _ in
        let steps = try owner.scene(a, "Explain").child(at: 0).children
        let window = steps.first { $0.child(at: 0).string == "window-policy" }
        try owner.scene(a, "SetWindowOrientations", [.strings([]), .strings([])])
        try require(window?.child(at: 1).stringArray == ["portrait"]
                    && window?.child(at: 2).string?.contains("scene delegate's mask [portrait]") == true,
                    "the scene delegate mask should fold to [portrait], Explain says: \(String(describing: window))")
    }
    add("empty masks (accepted: not given)", "SetWindowOrientations", [.strings([]), .strings([])], nil) { owner, _ in
        let scene = try owner.managedObjects()[a]
        try require(scene?.supported == ["portrait"], "no delegate masks: the supported orientations [portrait] stands, got \(String(describing: scene))")
    }

    // SetGeometry(u width, u height)
    cases.append(.wrongType(a, si, "SetGeometry", [.i(390), .i(844)], expected: "(uu)"))
    cases.append(.wrongType(a, si, "SetGeometry", [.u(390)], expected: "(uu)"))
    for (w, h, bad) in [(UInt32(0), UInt32(844), "width 0"), (390, 0, "height 0"), (100_001, 844, "width 100001"),
                        (390, .max, "height 4294967295")] {
        add("\(w)×\(h)", "SetGeometry", [.u(w), .u(h)], E.invalidArgs, [bad, "1–100000"])
    }

    // SetActivationState(s state)
    cases.append(.wrongType(a, si, "SetActivationState", [.b(false)], expected: "(s)"))
    for state in ["sleeping", "", "Background", "foreground", long(100_000)] {
        add("'\(state.prefix(20))'", "SetActivationState", [.s(state)], E.invalidArgs,
            ["activation state '\(state.prefix(50))", "foreground-active, foreground-inactive, background"])
    }

    // Explain() → (a(sass)), unknown members, properties.
    cases.append(.wrongType(a, si, "Explain", [.b(true)], expected: "()"))
    cases.append(BadInputCase(label: "unknown scene method", path: a, interface: si, method: "Frobnicate", arguments: [],
                      error: E.unknownMethod, mentions: ["Frobnicate"]))
    cases.append(BadInputCase(label: "Properties.Get of an unknown scene property", path: a, interface: Contract.properties,
                      method: "Get", arguments: [.s(si), .s("Bogus")], error: E.invalidArgs, mentions: ["Bogus"]))
    cases.append(BadInputCase(label: "Properties.Set of a read-only scene property", path: a, interface: Contract.properties,
                      method: "Set", arguments: [.s(si), .s("Width"), Variant(boxing: .u(1))], error: E.invalidArgs,
                      mentions: ["Width", "not writable"]))
    return cases
}

/// Every owner-only Scene method, with arguments the owner could use: from another client
/// each is `AccessDenied`; on a path with no scene each is `UnknownScene`.
func ownerOnlyCalls() -> [(method: String, arguments: [Variant])] {
    let empty = Variant.emptyVardict
    return [
        ("SetRootController", [.s("root"), .s("view"), empty]),
        ("PushController", [.s("nav"), .s("fresh"), .s("view"), empty]),
        ("PopController", [.s("nav")]),
        ("AddTab", [.s("tabs"), .s("fresh"), .s("view"), empty]),
        ("SelectTab", [.s("tabs"), .s("settings")]),
        ("PresentController", [.s("settings"), .s("fresh"), .s("view"), empty]),
        ("DismissController", [.s("sheet")]),
        ("SetControllerProperties", [.s("home"), .vardict(["should-autorotate": .b(false)])]),
        ("SetOrientationMode", [.s("home"), .s("portrait")]),
        ("UpdateOrientation", []),
        ("SetWindowOrientations", [.strings(["portrait"]), .strings([])]),
        ("SetGeometry", [.u(400), .u(800)]),
        ("SetActivationState", [.s("background")]),
    ]
}

/// Ownership and unknown-path cases.
func ownershipAndPathCases(_ f: MatrixFixture) -> [BadInputCase] {
    var cases: [BadInputCase] = []
    for call in ownerOnlyCalls() {
        cases.append(.scene(f.sceneA, "from a client that does not own the scene", call.method, call.arguments,
                            E.accessDenied, ["belongs to \(f.owner.uniqueName)", "only its owner"], caller: .intruder))
    }
    let open: [(String, [Variant])] = [("RequestOrientation", [.s("portrait")]), ("Explain", [])]
    let paths = [("a scene never registered", Contract.scenePath(999_999)), ("a removed scene", f.removedScene),
                 ("a scene path that is not a number", "\(Contract.managerPath)/scene/abc")]
    for (label, path) in paths {
        for (method, arguments) in ownerOnlyCalls() + open {
            cases.append(.scene(path, "on \(label)", method, arguments, E.unknownScene, ["No scene at \(path)"]))
        }
    }
    cases.append(BadInputCase(label: "Properties.Get on a removed scene", path: f.removedScene, interface: Contract.properties,
                      method: "Get", arguments: [.s(Contract.sceneInterface), .s("Width")], error: E.unknownScene,
                      mentions: ["No scene at \(f.removedScene)"]))
    return cases
}

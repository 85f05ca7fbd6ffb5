import GLibBridge
import TestSupport
import XCTest

/// Every error name of the contract, reached through the bus, with a message that names the
/// bad value and what would be accepted; a failed call changes nothing.
final class ErrorNameTests: OrientdTestCase {
    private let validOrientations = "portrait, landscape-right, landscape-left, portrait-upside-down"

    /// A rotating phone scene with nav → list.
    private func sceneWithNavigation() throws -> String {
        let scene = try registerRotatingPhone()
        try callScene(scene, "SetRootController", [.s("nav"), .s("navigation"), .vardict([:])])
        try callScene(scene, "PushController", [.s("nav"), .s("list"), .s("view"), .vardict([:])])
        return scene
    }

    func testUnknownScene() throws {
        let missing = Contract.scenePathPrefix + "42"
        assertDBusError(Contract.errorPrefix + "UnknownScene", containing: [missing]) {
            try callManager("UnregisterScene", [.o(missing)])
        }
        let scene = try registerRotatingPhone()
        // The scene's number in another connection's namespace names no scene.
        let elsewhere = Contract.scenePath(UInt64(scene.split(separator: "/").last!)!, registeredBy: ":1.99999")
        assertDBusError(Contract.errorPrefix + "UnknownScene", containing: [elsewhere]) {
            try callManager("UnregisterScene", [.o(elsewhere)])
        }
        // Called on: a namespace with no scenes (no object, no subtree there) answers the same.
        assertDBusError(Contract.errorPrefix + "UnknownScene", containing: [elsewhere]) {
            try callScene(elsewhere, "UpdateOrientation")
        }
        assertDBusError(Contract.errorPrefix + "UnknownScene", containing: [elsewhere]) {
            _ = try property("Width", of: elsewhere)
        }
        try callManager("UnregisterScene", [.o(scene)])
        assertDBusError(Contract.errorPrefix + "UnknownScene", containing: [scene]) {
            try callManager("UnregisterScene", [.o(scene)])
        }
        assertDBusError(Contract.errorPrefix + "UnknownScene", containing: [Contract.managerPath]) {
            try callManager("UnregisterScene", [.o(Contract.managerPath)])
        }
        // The removed scene's own path answers the same way, to methods and property reads.
        assertDBusError(Contract.errorPrefix + "UnknownScene", containing: [scene]) {
            try callScene(scene, "UpdateOrientation")
        }
        assertDBusError(Contract.errorPrefix + "UnknownScene", containing: [scene]) {
            _ = try property("Width", of: scene)
        }
        assertDBusError(Contract.errorPrefix + "UnknownScene", containing: [scene]) {
            _ = try allProperties(of: scene)
        }
    }

    func testPropertyReadsOfAnExistingSceneNameWhatIsWrong() throws {
        let scene = try registerRotatingPhone()
        XCTAssertEqual(try allProperties(of: scene).keys.sorted(), try Contract.sceneProperties.sorted())
        assertDBusError("org.freedesktop.DBus.Error.InvalidArgs", containing: ["Nope"]) {
            _ = try property("Nope", of: scene)
        }
        assertDBusError("org.freedesktop.DBus.Error.InvalidArgs", containing: ["org.example.Nope"]) {
            _ = try allProperties(of: scene, interface: "org.example.Nope")
        }
    }

    func testUnknownController() throws {
        let scene = try sceneWithNavigation()
        assertDBusError(Contract.errorPrefix + "UnknownController", containing: ["'nowhere'"]) {
            try callScene(scene, "PushController", [.s("nowhere"), .s("x"), .s("view"), .vardict([:])])
        }
        for (method, arguments) in [
            ("DismissController", [Variant.s("nowhere")]),
            ("SetControllerProperties", [.s("nowhere"), .vardict([:])]),
            ("SetOrientationMode", [.s("nowhere"), .s("portrait")]),
            ("PresentController", [.s("nowhere"), .s("x"), .s("view"), .vardict([:])]),
            ("PopController", [.s("nowhere")]),
        ] {
            assertDBusError(Contract.errorPrefix + "UnknownController", containing: ["nowhere"]) {
                try callScene(scene, method, arguments)
            }
        }
        try callScene(scene, "SetRootController", [.s("tabs"), .s("tab"), .vardict([:])])
        try callScene(scene, "AddTab", [.s("tabs"), .s("one"), .s("view"), .vardict([:])])
        assertDBusError(Contract.errorPrefix + "UnknownController", containing: ["'two'", "one"]) {
            try callScene(scene, "SelectTab", [.s("tabs"), .s("two")])
        }
    }

    func testDuplicateController() throws {
        let scene = try sceneWithNavigation()
        assertDBusError(Contract.errorPrefix + "DuplicateController", containing: ["'list'"]) {
            try callScene(scene, "PushController", [.s("nav"), .s("list"), .s("view"), .vardict([:])])
        }
        assertDBusError(Contract.errorPrefix + "DuplicateController", containing: ["'nav'"]) {
            try callScene(scene, "PresentController", [.s("list"), .s("nav"), .s("view"), .vardict([:])])
        }
        XCTAssertEqual(try property("DecidingController", of: scene).string, "list")
    }

    func testWrongControllerKind() throws {
        let scene = try sceneWithNavigation()
        assertDBusError(Contract.errorPrefix + "WrongControllerKind", containing: ["'list'", "view", "navigation"]) {
            try callScene(scene, "PushController", [.s("list"), .s("x"), .s("view"), .vardict([:])])
        }
        assertDBusError(Contract.errorPrefix + "WrongControllerKind", containing: ["'nav'", "tab"]) {
            try callScene(scene, "AddTab", [.s("nav"), .s("x"), .s("view"), .vardict([:])])
        }
        assertDBusError(Contract.errorPrefix + "WrongControllerKind", containing: ["'nav'"]) {
            try callScene(scene, "SelectTab", [.s("nav"), .s("list")])
        }
    }

    func testNoSupportedOrientationNamesBothMasks() throws {
        // A phone scene whose scene delegate allows only upside-down: the default controller
        // (all but upside-down) is left nothing.
        assertDBusError(Contract.errorPrefix + "NoSupportedOrientation",
                        containing: ["[portrait-upside-down]", "[portrait, landscape-right, landscape-left]"]) {
            _ = try register(["app-id": .s("com.example.bad"), "scene-delegate-orientations": .strings(["portrait-upside-down"])])
        }
        let scene = try register(["app-id": .s("com.example.portrait")])
        assertDBusError(Contract.errorPrefix + "NoSupportedOrientation", containing: ["[portrait]", "[landscape-right, landscape-left]"]) {
            try callScene(scene, "SetRootController", [.s("player"), .s("view"), .vardict(["supported-orientations": .strings(["landscape"])])])
        }
        XCTAssertEqual(try property("DecidingController", of: scene).string, "", "the failed call changed nothing")
        try callScene(scene, "SetRootController", [.s("root"), .s("view"), .vardict(["supported-orientations": .strings(["portrait"])])])
        assertDBusError(Contract.errorPrefix + "NoSupportedOrientation", containing: ["[landscape-left]", "[portrait]"]) {
            try callScene(scene, "SetWindowOrientations", [.strings(["landscape-left"]), .strings([])])
        }
        XCTAssertEqual(try property("SupportedOrientations", of: scene).stringArray, ["portrait"])
        assertDBusError(Contract.errorPrefix + "NoSupportedOrientation", containing: ["[portrait]", "[landscape-right, landscape-left]"]) {
            try callScene(scene, "SetOrientationMode", [.s("root"), .s("landscape")])
        }
        XCTAssertEqual(try callScene(scene, "UpdateOrientation").child(at: 0).string, "portrait",
                       "the refused mode was not recorded")
    }

    func testUnsupportedOrientation() throws {
        let scene = try register(["app-id": .s("com.example.portrait")])
        assertDBusError(Contract.errorPrefix + "UnsupportedOrientation", containing: ["Requested: landscape-left", "Supported: [portrait]"]) {
            try callScene(scene, "RequestOrientation", [.s("landscape-left")])
        }
        assertDBusError(Contract.errorPrefix + "UnsupportedOrientation", containing: ["landscape-left", "[portrait]"]) {
            try callScene(scene, "SetRootController", [.s("root"), .s("view"), .vardict([
                "supported-orientations": .strings(["portrait"]), "preferred-orientation": .s("landscape-left"),
            ])])
        }
        try callScene(scene, "SetRootController", [.s("root"), .s("view"), .vardict(["supported-orientations": .strings(["portrait"])])])
        assertDBusError(Contract.errorPrefix + "UnsupportedOrientation", containing: ["portrait-upside-down"]) {
            try callScene(scene, "SetControllerProperties", [.s("root"), .vardict(["preferred-orientation": .s("portrait-upside-down")])])
        }
    }

    func testNotPermitted() throws {
        let scene = try sceneWithNavigation()
        assertDBusError(Contract.errorPrefix + "NotPermitted", containing: ["'nav'", "root child"]) {
            try callScene(scene, "PopController", [.s("nav")])
        }
        try callScene(scene, "PresentController", [.s("list"), .s("sheet"), .s("view"), .vardict(["fills-window": .b(false)])])
        assertDBusError(Contract.errorPrefix + "NotPermitted", containing: ["'list'", "'sheet'"]) {
            try callScene(scene, "PresentController", [.s("list"), .s("other"), .s("view"), .vardict([:])])
        }
        assertDBusError(Contract.errorPrefix + "NotPermitted", containing: ["'list'"]) {
            try callScene(scene, "DismissController", [.s("list")])
        }
        // Programmatic rotation is refused in split view (pad idiom, narrower than the threshold).
        let pad = try register(["app-id": .s("com.example.pad"), "idiom": .s("pad"), "width": .u(400), "height": .u(1180)])
        XCTAssertEqual(try property("SplitView", of: pad).bool, true)
        assertDBusError(Contract.errorPrefix + "NotPermitted", containing: ["split view"]) {
            try callScene(pad, "RequestOrientation", [.s("landscape-left")])
        }
    }

    func testLimitExceeded() throws {
        let scene = try registerRotatingPhone()
        let long = String(repeating: "c", count: 256)
        assertDBusError(Contract.errorPrefix + "LimitExceeded", containing: ["256", "255"]) {
            try callScene(scene, "SetRootController", [.s(long), .s("view"), .vardict([:])])
        }
        try callScene(scene, "SetRootController", [.s(String(long.dropLast())), .s("view"), .vardict([:])])
        assertDBusError(Contract.errorPrefix + "LimitExceeded", containing: ["255"]) {
            _ = try register(["app-id": .s("com.example.x"), "display": .s(long)])
        }
    }

    func testInvalidArgsForDictionaryKeysNamesTheKey() throws {
        assertDBusError(Contract.invalidArgs, containing: ["'colour'", "app-id", "detached"]) {
            _ = try register(["app-id": .s("com.example.x"), "colour": .s("red")])
        }
        assertDBusError(Contract.invalidArgs, containing: ["'width'", "u", "i"]) {
            _ = try register(["app-id": .s("com.example.x"), "width": Variant(int32: 400)])
        }
        assertDBusError(Contract.invalidArgs, containing: ["'app-id'"]) {
            _ = try register(["idiom": .s("pad")])
        }
        assertDBusError(Contract.invalidArgs, containing: ["'supported-orientations'", "as"]) {
            _ = try register(["app-id": .s("com.example.x"), "supported-orientations": .s("portrait")])
        }
        let scene = try registerRotatingPhone()
        assertDBusError(Contract.invalidArgs, containing: ["'autorotate'", "should-autorotate"]) {
            try callScene(scene, "SetRootController", [.s("root"), .s("view"), .vardict(["autorotate": .b(false)])])
        }
        assertDBusError(Contract.invalidArgs, containing: ["'should-autorotate'", "b"]) {
            try callScene(scene, "SetRootController", [.s("root"), .s("view"), .vardict(["should-autorotate": .s("no")])])
        }
        assertDBusError(Contract.invalidArgs, containing: ["'pinned'", "allowed-orientations", "follow-sensor"]) {
            try callManager("SetAppPolicy", [.s("com.example.x"), .vardict(["pinned": .b(true)])])
        }
        assertDBusError(Contract.invalidArgs, containing: ["'follow-sensor'", "b"]) {
            try callManager("SetAppPolicy", [.s("com.example.x"), .vardict(["follow-sensor": .u(0)])])
        }
        XCTAssertEqual(try callManager("GetAppPolicies").child(at: 0).childCount, 0, "the failed calls changed nothing")
        XCTAssertEqual(try property("DecidingController", of: scene).string, "")
    }

    func testInvalidArgsForBadValuesListsTheValidOnes() throws {
        assertDBusError(Contract.invalidArgs, containing: ["'sideways'", "landscape", "all-but-upside-down"]) {
            _ = try register(["app-id": .s("com.example.x"), "supported-orientations": .strings(["sideways"])])
        }
        assertDBusError(Contract.invalidArgs, containing: ["'watch'", "phone", "pad"]) {
            _ = try register(["app-id": .s("com.example.x"), "idiom": .s("watch")])
        }
        assertDBusError(Contract.invalidArgs, containing: ["'bad id!'", "A-Z a-z 0-9 . _ -"]) {
            _ = try register(["app-id": .s("bad id!")])
        }
        assertDBusError(Contract.invalidArgs, containing: ["0", "1–100000"]) {
            _ = try register(["app-id": .s("com.example.x"), "height": .u(0)])
        }
        assertDBusError(Contract.invalidArgs, containing: ["'tilted'", "face-up", "landscape-left"]) {
            try callManager("SetDeviceOrientation", [.s("tilted")])
        }
        assertDBusError(Contract.invalidArgs, containing: ["'upside'", validOrientations]) {
            try callManager("SetKioskMode", [.b(true), .s("upside")])
        }
        XCTAssertEqual(try property("KioskMode").bool, false, "the failed call changed nothing")
        assertDBusError(Contract.invalidArgs, containing: ["10001", "0–10000"]) {
            try callManager("SetSettleTime", [.u(10_001)])
        }
        assertDBusError(Contract.invalidArgs, containing: ["100001", "0–100000"]) {
            try callManager("SetSplitViewThreshold", [.u(100_001)])
        }
        assertDBusError(Contract.invalidArgs, containing: ["allowed-orientations"]) {
            try callManager("SetAppPolicy", [.s("com.example.x"), .vardict(["allowed-orientations": .strings([])])])
        }

        let scene = try registerRotatingPhone()
        assertDBusError(Contract.invalidArgs, containing: ["'stack'", "view, navigation, tab"]) {
            try callScene(scene, "SetRootController", [.s("root"), .s("stack"), .vardict([:])])
        }
        try callScene(scene, "SetRootController", [.s("root"), .s("view"), .vardict([:])])
        assertDBusError(Contract.invalidArgs, containing: ["'spin'", "portrait, landscape, dynamic, locked, none"]) {
            try callScene(scene, "SetOrientationMode", [.s("root"), .s("spin")])
        }
        assertDBusError(Contract.invalidArgs, containing: ["'asleep'", "foreground-active, foreground-inactive, background"]) {
            try callScene(scene, "SetActivationState", [.s("asleep")])
        }
        assertDBusError(Contract.invalidArgs, containing: ["'left'", validOrientations]) {
            try callScene(scene, "RequestOrientation", [.s("left")])
        }
        assertDBusError(Contract.invalidArgs, containing: ["100001"]) {
            try callScene(scene, "SetGeometry", [.u(100_001), .u(800)])
        }
        assertDBusError(Contract.invalidArgs, containing: ["'skew'"]) {
            try callScene(scene, "SetWindowOrientations", [.strings(["skew"]), .strings([])])
        }
        assertDBusError(Contract.invalidArgs, containing: ["controller id"]) {
            try callScene(scene, "SetRootController", [.s(""), .s("view"), .vardict([:])])
        }
        XCTAssertEqual(try property("Width", of: scene).uint32, 390, "the failed calls changed nothing")
    }

    /// The names as a libdbus client sees them: dbus-send prints "Error NAME: MESSAGE".
    func testErrorNamesReachALibdbusClient() throws {
        let scene = try registerRotatingPhone(extra: ["detached": .b(true)])
        let cases: [([String], String)] = [
            ([Contract.managerPath, "\(Contract.managerInterface).UnregisterScene", "objpath:\(Contract.scenePathPrefix)9"],
             Contract.errorPrefix + "UnknownScene"),
            ([scene, "\(Contract.sceneInterface).SetOrientationMode", "string:ghost", "string:portrait"],
             Contract.errorPrefix + "UnknownController"),
            ([scene, "\(Contract.sceneInterface).RequestOrientation", "string:portrait-upside-down"],
             Contract.errorPrefix + "UnsupportedOrientation"),
            ([Contract.managerPath, "\(Contract.managerInterface).SetDeviceOrientation", "string:flat"],
             Contract.invalidArgs),
        ]
        for (arguments, name) in cases {
            let output = try runClient(["dbus-send", "--session", "--print-reply", "--dest=\(Contract.busName)"] + arguments)
            XCTAssertFalse(output.succeeded, "\(output)")
            XCTAssertTrue(output.stderr.hasPrefix("Error \(name): "), "\(arguments): \(output.stderr)")
        }
    }
}

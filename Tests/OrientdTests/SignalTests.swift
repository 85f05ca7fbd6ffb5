import GLibBridge
import TestSupport
import XCTest

/// What orientd's signals carry: InterfacesAdded/Removed, PropertiesChanged with every changed
/// property and its value, exactly one OrientationChanged per change with its reason and none
/// otherwise, DeviceOrientationChanged and RotationSuggested.
final class SignalTests: OrientdTestCase {
    /// The PropertiesChanged signals recorded for `path`, as their changed dictionaries.
    private func propertiesChanged(_ recorder: SignalRecorder, path: String,
                                   file: StaticString = #filePath, line: UInt = #line) -> [[String: Variant]] {
        recorder.signals.filter { $0.member == "PropertiesChanged" && $0.path == path }.map { signal in
            XCTAssertEqual(signal.parameters.typeString, "(sa{sv}as)", file: file, line: line)
            let interface = path == Contract.managerPath ? Contract.managerInterface : Contract.sceneInterface
            XCTAssertEqual(signal.argument(0).string, interface, file: file, line: line)
            XCTAssertEqual(signal.argument(2).stringArray, [], "nothing invalidated: values are sent", file: file, line: line)
            return signal.argument(1).vardict ?? [:]
        }
    }

    func testInterfacesAddedCarriesEveryPropertyAndRegistrationEmitsNoOrientationChanged() throws {
        try callManager("SetDeviceOrientation", [.s("landscape-left")])
        let recorder = try recordSignals()
        let scene = try registerRotatingPhone("com.example.added", extra: ["display": .s("builtin"), "width": .u(400)])
        try drain(recorder)
        let added = recorder.signals.filter { $0.member == "InterfacesAdded" }
        XCTAssertEqual(added.count, 1)
        let signal = try XCTUnwrap(added.first)
        XCTAssertEqual(signal.path, Contract.managerPath)
        XCTAssertEqual(signal.interface, Contract.objectManager)
        XCTAssertEqual(signal.parameters.typeString, "(oa{sa{sv}})")
        XCTAssertEqual(signal.argument(0).string, scene)
        let interfaces = try XCTUnwrap(signal.argument(1).stringDictionary)
        XCTAssertEqual(interfaces.keys.sorted(), [Contract.sceneInterface])
        let values = try XCTUnwrap(interfaces[Contract.sceneInterface]?.vardict)
        XCTAssertEqual(values.keys.sorted(), try Contract.sceneProperties.sorted())
        // Resolved at once: it follows the landscape device, its size turned with it.
        XCTAssertEqual(values["InterfaceOrientation"]?.string, "landscape-right")
        XCTAssertEqual(values["Width"]?.uint32, 844)
        XCTAssertEqual(values["Height"]?.uint32, 400)
        XCTAssertEqual(values["AppId"]?.string, "com.example.added")
        XCTAssertEqual(values["Owner"]?.string, client.uniqueName)
        XCTAssertEqual(values, try allProperties(of: scene), "the signal carries what GetAll says")
        XCTAssertEqual(recorder.signals.map(\.member), ["InterfacesAdded", "PropertiesChanged"],
                       "no OrientationChanged nor scene PropertiesChanged at registration")
        XCTAssertEqual(propertiesChanged(recorder, path: Contract.managerPath), [["FrontScene": .o(scene), "FrontApp": .s("com.example.added")]],
                       "the new scene comes to the front, and its app with it")
    }

    func testInterfacesRemovedOnUnregister() throws {
        let scene = try registerRotatingPhone()
        let recorder = try recordSignals()
        try callManager("UnregisterScene", [.o(scene)])
        try drain(recorder)
        XCTAssertEqual(recorder.signals.map(\.member), ["InterfacesRemoved", "PropertiesChanged"], "no OrientationChanged on removal")
        XCTAssertEqual(propertiesChanged(recorder, path: Contract.managerPath), [["FrontScene": .o("/"), "FrontApp": .s("")]],
                       "no scene is in front any more")
        let signal = try XCTUnwrap(recorder.signals.first)
        XCTAssertEqual(signal.path, Contract.managerPath)
        XCTAssertEqual(signal.interface, Contract.objectManager)
        XCTAssertEqual(signal.parameters.typeString, "(oas)")
        XCTAssertEqual(signal.argument(0).string, scene)
        XCTAssertEqual(signal.argument(1).stringArray, [Contract.sceneInterface])
    }

    func testScenePropertiesChangedListsEveryChangedPropertyWithItsValue() throws {
        let scene = try registerRotatingPhone()
        let recorder = try recordSignals(member: "PropertiesChanged")

        try callScene(scene, "RequestOrientation", [.s("landscape-right")])
        try callScene(scene, "RequestOrientation", [.s("landscape-right")])  // no change: no signal
        try callScene(scene, "SetRootController", [.s("root"), .s("view"),
                                                   .vardict(["supported-orientations": .strings(["portrait", "landscape-right"])])])
        try callScene(scene, "SetActivationState", [.s("foreground-inactive")])
        try drain(recorder)
        let changes = propertiesChanged(recorder, path: scene)
        XCTAssertEqual(changes.count, 3, "\(changes)")
        XCTAssertEqual(changes.first, ["InterfaceOrientation": .s("landscape-right"), "Width": .u(844), "Height": .u(390)])
        XCTAssertEqual(changes.dropFirst().first, [
            "SupportedOrientations": .strings(["portrait", "landscape-right"]), "SupportedOrientationsMask": .u(UInt32(2 | 8)),
            "DecidingController": .s("root"),
        ])
        XCTAssertEqual(changes.last, ["ActivationState": .s("foreground-inactive")])
        XCTAssertEqual(propertiesChanged(recorder, path: Contract.managerPath), [["FrontScene": .o("/"), "FrontApp": .s("")]],
                       "only leaving the foreground changes the manager: no scene is in front")

        // Kiosk mode: the manager's two properties, and everything that changed on the scene
        // (the kiosk orientation wins over the controller's mask).
        recorder.clear()
        try callManager("SetKioskMode", [.b(true), .s("portrait-upside-down")])
        try drain(recorder)
        let managerChanges = propertiesChanged(recorder, path: Contract.managerPath)
        XCTAssertEqual(managerChanges.map { $0.filter { $0.key != "SettingSources" } },
                       [["KioskMode": .b(true), "KioskOrientation": .s("portrait-upside-down")]])
        XCTAssertEqual(managerChanges.first?["SettingSources"]?.stringDictionary?["KioskMode"]?.string, "user")
        XCTAssertEqual(propertiesChanged(recorder, path: scene), [[
            "InterfaceOrientation": .s("portrait-upside-down"), "SupportedOrientations": .strings(["portrait-upside-down"]),
            "SupportedOrientationsMask": .u(4), "Width": .u(390), "Height": .u(844), "StatusBarHidden": .b(true),
        ]])
        XCTAssertEqual(try allProperties(of: scene)["StatusBarHidden"]?.bool, true)
    }

    func testManagerPropertiesChangedCarriesTheNewValues() throws {
        let recorder = try recordSignals(member: "PropertiesChanged", path: Contract.managerPath)
        try callManager("SetRotationLocked", [.b(true)])
        try callManager("SetRotationLocked", [.b(true)])  // the same value: nothing
        try callManager("SetSplitViewThreshold", [.u(500)])
        try callManager("SetSettleTime", [.u(120)])
        try callManager("SetSettleTime", [.u(0)])
        try callManager("SetRotationLocked", [.b(false)])
        try callManager("SetDeviceOrientation", [.s("face-up")])
        try callManager("SetKioskMode", [.b(false), .s("landscape-left")])  // stored even while off
        try drain(recorder)
        // A setting the user sets for the first time changes who set it, in the same signal.
        func sources(_ user: Set<String>) -> Variant {
            Variant(dictionary: Dictionary(uniqueKeysWithValues: ["RotationLocked", "KioskMode", "KioskOrientation", "SplitViewThreshold",
                                                                   "SettleTime", "UndeclaredAppOrientations", "AppLocksAllowed",
                                                                   "ScreenClass", "LargeScreenRule"]
                .map { ($0, Variant.s(user.contains($0) ? "user" : "default")) }), valueType: "s")
        }
        XCTAssertEqual(propertiesChanged(recorder, path: Contract.managerPath), [
            ["RotationLocked": .b(true), "SettingSources": sources(["SettleTime", "RotationLocked"])],
            ["SplitViewThreshold": .u(500), "SettingSources": sources(["SettleTime", "RotationLocked", "SplitViewThreshold"])],
            ["SettleTime": .u(120)],
            ["SettleTime": .u(0)],
            ["RotationLocked": .b(false)],
            ["DeviceOrientation": .s("face-up")],
            ["KioskOrientation": .s("landscape-left"),
             "SettingSources": sources(["SettleTime", "RotationLocked", "SplitViewThreshold", "KioskMode", "KioskOrientation"])],
        ])
    }

    /// Every reason, each change signalled exactly once, and the calls that change nothing
    /// signal nothing.
    func testExactlyOneOrientationChangedPerChangeWithItsReason() throws {
        let scene = try registerRotatingPhone("com.example.reasons")
        let other = try registerRotatingPhone("com.example.bystander", extra: ["display": .s("hdmi-1")])
        let recorder = try recordSignals()
        let portraitOnly: [String: Variant] = ["supported-orientations": .strings(["portrait"])]
        let landscapeOnly: [String: Variant] = ["supported-orientations": .strings(["landscape"])]
        func call(_ method: String, _ arguments: [Variant] = []) throws { try callScene(scene, method, arguments) }

        try callManager("SetDeviceOrientation", [.s("landscape-left")])                        // device
        try callManager("SetDeviceOrientation", [.s("face-up")])                               // flat: none
        try callManager("SetDeviceOrientation", [.s("landscape-left")])                        // where it is: none
        try call("RequestOrientation", [.s("portrait")])                                        // request
        try call("RequestOrientation", [.s("portrait")])                                        // none
        try call("UpdateOrientation")                                                           // update
        try call("UpdateOrientation")                                                           // none
        try call("SetRootController", [.s("nav"), .s("navigation"), .vardict([:])])             // none
        try call("PushController", [.s("nav"), .s("page"), .s("view"), .vardict(portraitOnly)]) // navigation
        try call("PresentController", [.s("page"), .s("player"), .s("view"), .vardict(
            landscapeOnly.merging(["preferred-orientation": .s("landscape-left")]) { $1 })])   // presentation
        try call("DismissController", [.s("player")])                                          // dismissal
        try call("PushController", [.s("nav"), .s("tabs"), .s("tab"), .vardict([:])])          // navigation
        try call("AddTab", [.s("tabs"), .s("first"), .s("view"), .vardict(portraitOnly)])      // tab
        try call("AddTab", [.s("tabs"), .s("second"), .s("view"), .vardict(landscapeOnly)])    // not selected: none
        try call("SelectTab", [.s("tabs"), .s("second")])                                      // tab
        try call("SetControllerProperties", [.s("second"), .vardict(portraitOnly)])            // recorded: none
        try call("SetGeometry", [.u(400), .u(800)])                                            // geometry
        try callManager("SetAppPolicy", [.s("com.example.reasons"), .vardict(["allowed-orientations": .strings(["landscape"])])]) // policy
        try callManager("SetAppPolicy", [.s("com.example.reasons"), .vardict([:])])             // policy
        try callManager("SetAppPolicy", [.s("com.example.reasons"), .vardict([:])])             // none
        try call("SetControllerProperties", [.s("second"), .vardict(["supported-orientations": .strings(["all"])])])
        try call("SetWindowOrientations", [.strings(["landscape-right"]), .strings([])])        // policy
        try call("SetWindowOrientations", [.strings([]), .strings([])])                         // none: stays allowed
        try call("SetActivationState", [.s("background")])                                      // activation
        try call("SetActivationState", [.s("foreground-active")])                               // activation
        try callManager("SetKioskMode", [.b(true), .s("")])                                     // policy
        try callManager("SetKioskMode", [.b(false), .s("")])                                    // policy
        try drain(recorder)

        XCTAssertEqual(orientationChanges(recorder), [
            [scene, "portrait", "landscape-right", "device"],
            [scene, "landscape-right", "portrait", "request"],
            [scene, "portrait", "landscape-right", "update"],
            [scene, "landscape-right", "portrait", "navigation"],
            [scene, "portrait", "landscape-left", "presentation"],
            [scene, "landscape-left", "portrait", "dismissal"],
            [scene, "portrait", "landscape-right", "navigation"],
            [scene, "landscape-right", "portrait", "tab"],
            [scene, "portrait", "landscape-right", "tab"],
            [scene, "landscape-right", "portrait", "geometry"],
            [scene, "portrait", "landscape-right", "policy"],
            [scene, "landscape-right", "portrait", "policy"],
            [scene, "portrait", "landscape-right", "policy"],
            [scene, "landscape-right", "portrait", "activation"],
            [scene, "portrait", "landscape-right", "activation"],
            [scene, "landscape-right", "portrait", "policy"],
            [scene, "portrait", "landscape-right", "policy"],
        ])
        XCTAssertFalse(recorder.signals.contains { $0.path == other && $0.member == "OrientationChanged" },
                       "the scene on another display does not follow the device, and kiosk keeps it portrait")
        XCTAssertEqual(propertiesChanged(recorder, path: other), [
            ["StatusBarHidden": .b(true), "SupportedOrientations": .strings(["portrait"]), "SupportedOrientationsMask": .u(2)],
            ["StatusBarHidden": .b(false), "SupportedOrientations": .strings(["portrait", "landscape-right", "landscape-left"]),
             "SupportedOrientationsMask": .u(26)],
        ])

        // Each change's PropertiesChanged carries the same new orientation, in the same order.
        let published = propertiesChanged(recorder, path: scene).compactMap { $0["InterfaceOrientation"]?.string }
        XCTAssertEqual(published, orientationChanges(recorder).map { $0[2] })
        let history = try callManager("GetHistory", [.u(0)]).child(at: 0).children
        XCTAssertEqual(history.reversed().map { $0.child(at: 5).string! }, orientationChanges(recorder).map { $0[3] })
    }

    /// orientd sends a device turn's first signals while the core still decides the other
    /// scenes; what reaches the bus is still the core's order: the device, every scene's
    /// OrientationChanged, their property updates, then the manager's.
    func testADeviceTurnsSignalsKeepTheCoresOrder() throws {
        let scenes = try (0..<3).map { _ in try registerRotatingPhone() }
        let recorder = try recordSignals()
        try callManager("SetDeviceOrientation", [.s("landscape-left")])
        try drain(recorder)
        let sent = recorder.signals.map { signal in
            signal.member == "PropertiesChanged" ? "PropertiesChanged \(signal.path)" : "\(signal.member) \(signal.path)"
        }
        XCTAssertEqual(sent, ["DeviceOrientationChanged \(Contract.managerPath)"]
                       + scenes.map { "OrientationChanged \($0)" }
                       + scenes.map { "PropertiesChanged \($0)" }
                       + ["PropertiesChanged \(Contract.managerPath)"])
        XCTAssertEqual(orientationChanges(recorder), scenes.map { [$0, "portrait", "landscape-right", "device"] })
    }

    func testDeviceOrientationChangedAndRotationSuggested() throws {
        let scene = try registerRotatingPhone()
        let recorder = try recordSignals(interface: Contract.managerInterface)
        try callManager("SetDeviceOrientation", [.s("landscape-left")])
        try callManager("SetDeviceOrientation", [.s("landscape-left")])
        try callManager("SetRotationLocked", [.b(true)])
        try callManager("SetDeviceOrientation", [.s("portrait")])
        XCTAssertEqual(try property("DeviceOrientation").string, "landscape-left", "frozen under the lock")
        XCTAssertEqual(try orientation(of: scene), "landscape-right")
        try drain(recorder)
        XCTAssertEqual(recorder.signals.map(\.member), ["DeviceOrientationChanged", "RotationSuggested"])
        XCTAssertEqual(recorder.signals.first?.argument(0).string, "landscape-left")
        XCTAssertEqual(recorder.signals.last?.parameters.typeString, "(os)")
        XCTAssertEqual(recorder.signals.last?.argument(0).string, scene)
        XCTAssertEqual(recorder.signals.last?.argument(1).string, "portrait")

        // Lifting the lock: the device catches up and the scene follows it, with reason "device".
        recorder.clear()
        let changes = try recordSignals(member: "OrientationChanged")
        try callManager("SetRotationLocked", [.b(false)])
        try drain(recorder)
        XCTAssertEqual(recorder.signals.map(\.member), ["DeviceOrientationChanged"])
        XCTAssertEqual(recorder.signals.first?.argument(0).string, "portrait")
        try drain(changes)
        XCTAssertEqual(orientationChanges(changes), [[scene, "landscape-right", "portrait", "device"]])
    }
}

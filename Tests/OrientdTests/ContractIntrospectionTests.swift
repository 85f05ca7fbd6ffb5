import GLibBridge
import TestSupport
import XCTest

/// orientd started with no arguments, as the conformance suite starts it, shows exactly the
/// documented interfaces (every member compared with dbus/*.xml) and their defaults.
final class ContractIntrospectionTests: OrientdTestCase {
    override var orientdArguments: [String] { [] }
    override var setUpSettleTime: UInt32? { nil }

    override func setUpWithError() throws {
        try super.setUpWithError()
        XCTAssertTrue(orientd.process.isRunning)
    }

    func testBusctlIntrospectShowsTheManagerInterfaceOfTheXML() throws {
        let table = try busctl(["introspect", Contract.busName, Contract.managerPath])
        let documented = try InterfaceDescription.members(
            of: Contract.managerInterface, in: InterfaceDescription.contractXML("io.github.orientd.OrientationManager1.xml"))
        // The XML may add members (the contract allows additions); it must keep dbus-api.md's.
        assertHolds(documented, methods: [
            "RegisterScene": "a{sv}>o", "UnregisterScene": "o>", "SetDeviceOrientation": "s>", "SetRotationLocked": "b>",
            "SetKioskMode": "bs>", "SetSplitViewThreshold": "u>", "SetSettleTime": "u>", "SetAppLocksAllowed": "b>",
            "SetAppPolicy": "sa{sv}>",
            "GetAppPolicies": ">a{sa{sv}}", "GetHistory": "u>a(ostsss)", "ExplainPanel": "s>a(sass)",
        ], properties: [
            "Version": "u", "DeviceOrientation": "s", "RotationLocked": "b", "KioskMode": "b", "KioskOrientation": "s",
            "SplitViewThreshold": "u", "SettleTime": "u", "SensorAvailable": "b", "SensorSource": "s",
            "OutputBackend": "s", "OutputName": "s", "OutputOrientation": "s", "OutputStatus": "s", "FrontScene": "o",
            "WindowTracking": "s", "TrackedWindows": "u", "FrontApp": "s", "WindowTrackingStatus": "s",
            "SettingSources": "a{ss}", "ScreenClass": "s", "ScreenClassReason": "s", "Posture": "s", "PostureReason": "s",
            "AppLocksAllowed": "b",
        ], signals: ["DeviceOrientationChanged": "s", "RotationSuggested": "os"])
        XCTAssertEqual(documented.first { $0.name == "Version" }?.emitsChanged, "const")
        let shown = InterfaceDescription.members(of: Contract.managerInterface, inBusctlTable: table)
        XCTAssertEqual(shown, InterfaceDescription.asBusctlShowsIt(documented), "busctl:\n\(table)")
        // The collection and the standard interfaces are there too.
        for line in [".GetManagedObjects method - a{oa{sa{sv}}}", ".InterfacesAdded signal oa{sa{sv}}",
                     ".InterfacesRemoved signal oas", ".PropertiesChanged signal sa{sv}as"] {
            let fields = line.split(separator: " ")
            XCTAssertTrue(table.split(separator: "\n").contains { row in
                let columns = row.split(separator: " ", omittingEmptySubsequences: true)
                return Array(columns.prefix(fields.count)) == fields
            }, "\(line) missing in:\n\(table)")
        }
    }

    func testBusctlIntrospectShowsTheSceneInterfaceOfTheXML() throws {
        let scene = try register(["app-id": .s("com.example.introspect")])
        let table = try busctl(["introspect", Contract.busName, scene])
        let documented = try InterfaceDescription.members(
            of: Contract.sceneInterface, in: InterfaceDescription.contractXML("io.github.orientd.OrientationManager1.Scene.xml"))
        assertHolds(documented, methods: [
            "SetRootController": "ssa{sv}>", "PushController": "sssa{sv}>", "PopController": "s>s",
            "AddTab": "sssa{sv}>", "SelectTab": "ss>", "PresentController": "sssa{sv}>", "DismissController": "s>",
            "SetControllerProperties": "sa{sv}>", "SetOrientationMode": "ss>", "UpdateOrientation": ">s",
            "RequestOrientation": "s>s", "SetWindowOrientations": "asas>", "SetGeometry": "uu>",
            "SetActivationState": "s>", "Explain": ">a(sass)",
        ], properties: [
            "AppId": "s", "Owner": "s", "Detached": "b", "Observed": "b", "Idiom": "s", "Display": "s", "InterfaceOrientation": "s",
            "SupportedOrientations": "as", "SupportedOrientationsMask": "u", "DecidingController": "s", "Width": "u",
            "Height": "u", "SplitView": "b", "ActivationState": "s", "StatusBarHidden": "b", "OrientationLocked": "b",
        ], signals: ["OrientationChanged": "sss"])
        // Fixed at registration: const (OrientationDaemonTests checks the core agrees); the rest
        // change and are announced.
        let constant: Set = ["AppId", "Owner", "Detached", "Observed", "Idiom"]
        for property in documented where property.kind == .property {
            XCTAssertEqual(property.emitsChanged, constant.contains(property.name) ? "const" : "true", property.name)
        }
        let shown = InterfaceDescription.members(of: Contract.sceneInterface, inBusctlTable: table)
        XCTAssertEqual(shown, InterfaceDescription.asBusctlShowsIt(documented), "busctl:\n\(table)")
    }

    /// The members dbus-api.md fixes are in `members` with its signatures ("in>out" for methods).
    private func assertHolds(_ members: [MemberDescription], methods: [String: String], properties: [String: String],
                             signals: [String: String], file: StaticString = #filePath, line: UInt = #line) {
        for (name, signature) in methods {
            let member = members.first { $0.kind == .method && $0.name == name }
            XCTAssertEqual(member.map { $0.signature + ">" + $0.result }, signature, "method \(name)", file: file, line: line)
        }
        for (name, type) in properties {
            let member = members.first { $0.kind == .property && $0.name == name }
            XCTAssertEqual(member?.signature, type, "property \(name)", file: file, line: line)
            XCTAssertEqual(member?.access, "read", "property \(name)", file: file, line: line)
        }
        for (name, signature) in signals {
            XCTAssertEqual(members.first { $0.kind == .signal && $0.name == name }?.signature, signature,
                           "signal \(name)", file: file, line: line)
        }
    }

    func testLiveIntrospectionKeepsTheXMLsArgumentNamesAndAnnotations() throws {
        let scene = try register(["app-id": .s("com.example.introspect")])
        for (path, interface, file) in [
            (Contract.managerPath, Contract.managerInterface, "io.github.orientd.OrientationManager1.xml"),
            (scene, Contract.sceneInterface, "io.github.orientd.OrientationManager1.Scene.xml"),
        ] {
            // The live data through gdbus, the XML through GIO's parser: member by member.
            let output = try runClient(["gdbus", "introspect", "--session", "--xml", "--dest", Contract.busName,
                                        "--object-path", path])
            XCTAssertTrue(output.succeeded, "\(output)")
            let live = try InterfaceDescription.members(of: interface, in: output.stdout)
            let documented = try InterfaceDescription.members(of: interface, in: InterfaceDescription.contractXML(file))
            XCTAssertEqual(live.count, documented.count)
            for (liveMember, documentedMember) in zip(live, documented) {
                XCTAssertEqual(liveMember, documentedMember)
            }
            XCTAssertTrue(live.filter { $0.kind == .property }.allSatisfy { $0.access == "read" })
        }
    }

    func testIntrospectingTheScenesFolderListsOnlyLiveScenesAndNumbersAreNeverReused() throws {
        let me = client.connection.uniqueName
        let first = try register(["app-id": .s("com.example.one")])
        XCTAssertEqual(first, Contract.scenePath(1, registeredBy: me), "a scene's path is in its registering connection's namespace")
        try callManager("UnregisterScene", [.o(first)])
        let second = try register(["app-id": .s("com.example.two")])
        XCTAssertEqual(second, Contract.scenePath(2, registeredBy: me))
        let introspect = { (path: String) throws -> String in
            try self.client.connection.call(
                destination: Contract.busName, path: path, interface: "org.freedesktop.DBus.Introspectable",
                method: "Introspect", replyType: "(s)").child(at: 0).string ?? ""
        }
        let namespace = Contract.sceneNamespace(of: me)
        let xml = try introspect(namespace)
        XCTAssertTrue(xml.contains("<node name=\"2\""), xml)
        XCTAssertFalse(xml.contains("<node name=\"1\""), xml)
        let root = try introspect(String(Contract.scenePathPrefix.dropLast()))
        XCTAssertTrue(root.contains("<node name=\"\(namespace.split(separator: "/").last!)\""), root)
    }

    /// `…/scene/N` names scene N for calls and property reads, whoever registered it; the
    /// number of a removed scene answers UnknownScene there too.
    func testTheShortPathNamesTheSceneWithThatNumber() throws {
        let scene = try registerRotatingPhone(extra: ["width": .u(500)])
        let number = String(scene.split(separator: "/").last!)
        let short = Contract.scenePathPrefix + number
        XCTAssertNotEqual(short, scene)
        XCTAssertEqual(try property("Width", of: short).uint32, 500)
        try callScene(short, "SetGeometry", [.u(600), .u(800)])
        XCTAssertEqual(try property("Width", of: scene).uint32, 600)
        try callManager("UnregisterScene", [.o(short)])
        assertDBusError(Contract.errorPrefix + "UnknownScene", containing: [short]) {
            _ = try property("Width", of: short)
        }
    }

    func testAFreshServiceHasTheDocumentedManagerProperties() throws {
        // Read by a libdbus client (dbus-send) and by GDBus: both must see the defaults.
        let properties = try allProperties(of: Contract.managerPath)
        XCTAssertEqual(properties["Version"]?.uint32, try Contract.interfaceVersion)
        XCTAssertEqual(properties["UndeclaredAppOrientations"]?.stringArray,
                       ["portrait", "landscape-right", "landscape-left", "portrait-upside-down"])
        XCTAssertEqual(properties["DeviceOrientation"]?.string, "unknown")
        XCTAssertEqual(properties["RotationLocked"]?.bool, false)
        XCTAssertEqual(properties["KioskMode"]?.bool, false)
        XCTAssertEqual(properties["KioskOrientation"]?.string, "portrait")
        XCTAssertEqual(properties["SplitViewThreshold"]?.uint32, 768)
        XCTAssertEqual(properties["SettleTime"]?.uint32, 250)
        XCTAssertEqual(properties["SensorAvailable"]?.bool, false)
        XCTAssertEqual(properties["SensorSource"]?.string, "manual")
        // The test bus has no compositor: no backend drives a panel, and no scene is in front.
        XCTAssertEqual(properties["OutputBackend"]?.string, "none")
        XCTAssertEqual(properties["OutputName"]?.string, "")
        XCTAssertEqual(properties["OutputOrientation"]?.string, "")
        // Why, once orientd has looked (the bus answers that asynchronously).
        var status = ""
        try eventually("OutputStatus says auto found no compositor (last: \(status))", timeout: .seconds(30)) {
            status = try allProperties(of: Contract.managerPath)["OutputStatus"]?.string ?? ""
            return status.hasPrefix("--output-backend auto found no compositor")
        }
        XCTAssertEqual(properties["FrontScene"], .o("/"))
        // Nor a window tracker (none is built in yet, or its compositor is absent).
        XCTAssertEqual(properties["WindowTracking"]?.string, "none")
        XCTAssertEqual(properties["TrackedWindows"]?.uint32, 0)
        XCTAssertEqual(properties["FrontApp"]?.string, "")
        XCTAssertTrue(properties["WindowTrackingStatus"]?.string?.hasPrefix("--window-tracking auto found no compositor window list") == true,
                      "\(String(describing: properties["WindowTrackingStatus"]))")
        XCTAssertEqual(properties["ConfigFiles"]?.stringArray, [], "no configuration files in the test's folders")
        XCTAssertEqual(properties["LockedSettings"]?.stringArray, [])
        XCTAssertEqual(properties.keys.sorted(), try ContractXML.managerProperties.sorted())
        // No panel reported: phone rules, as before orientd knew of screens.
        XCTAssertEqual(properties["ScreenClass"]?.string, "phone")
        XCTAssertEqual(properties["Posture"]?.string, "held")
        XCTAssertEqual(properties["AppLocksAllowed"]?.bool, true)

        let output = try runClient(["dbus-send", "--session", "--print-reply", "--dest=\(Contract.busName)",
                                    Contract.managerPath, "org.freedesktop.DBus.Properties.Get",
                                    "string:\(Contract.managerInterface)", "string:Version"])
        XCTAssertTrue(output.succeeded, "\(output)")
        XCTAssertTrue(output.stdout.contains("variant       uint32 \(try Contract.interfaceVersion)\n"), output.stdout)
    }

    func testANewSceneHasTheDocumentedDefaults() throws {
        let phone = try register(["app-id": .s("com.example.phone")])
        let values = try allProperties(of: phone)
        XCTAssertEqual(values.keys.sorted(), try Contract.sceneProperties.sorted())
        XCTAssertEqual(values["AppId"]?.string, "com.example.phone")
        XCTAssertEqual(values["Owner"]?.string, client.uniqueName)
        XCTAssertEqual(values["Detached"]?.bool, false)
        XCTAssertEqual(values["Observed"]?.bool, false)
        XCTAssertEqual(values["Idiom"]?.string, "phone")
        XCTAssertEqual(values["Display"]?.string, "builtin")
        XCTAssertEqual(values["InterfaceOrientation"]?.string, "portrait")
        XCTAssertEqual(values["SupportedOrientations"]?.stringArray, ["portrait"], "the phone supported orientations are portrait only")
        XCTAssertEqual(values["SupportedOrientationsMask"]?.uint32, 2)
        XCTAssertEqual(values["DecidingController"]?.string, "")
        XCTAssertEqual(values["Width"]?.uint32, 390)
        XCTAssertEqual(values["Height"]?.uint32, 844)
        XCTAssertEqual(values["SplitView"]?.bool, false)
        XCTAssertEqual(values["ActivationState"]?.string, "foreground-active")
        XCTAssertEqual(values["StatusBarHidden"]?.bool, false)
        XCTAssertEqual(values["OrientationLocked"]?.bool, false)

        let pad = try register(["app-id": .s("com.example.pad"), "idiom": .s("pad"), "detached": .b(true)])
        XCTAssertEqual(try property("SupportedOrientations", of: pad).stringArray, ["portrait", "landscape-right", "landscape-left"])
        XCTAssertEqual(try property("SupportedOrientationsMask", of: pad).uint32, 2 | 8 | 16)
        XCTAssertEqual(try property("Width", of: pad).uint32, 820)
        XCTAssertEqual(try property("Height", of: pad).uint32, 1180)
        XCTAssertEqual(try property("Owner", of: pad).string, "")
        XCTAssertEqual(try property("Detached", of: pad).bool, true)
    }

    func testGetManagedObjectsListsEveryScene() throws {
        let one = try register(["app-id": .s("com.example.one")])
        let two = try register(["app-id": .s("com.example.two"), "idiom": .s("pad")])
        let reply = try callManager("GetManagedObjects", interface: Contract.objectManager)
        XCTAssertEqual(reply.typeString, "(a{oa{sa{sv}}})")
        let objects = try XCTUnwrap(reply.child(at: 0).dictionaryEntries)
        XCTAssertEqual(objects.map { $0.key.string! }, [one, two])
        for (entry, appId) in zip(objects, ["com.example.one", "com.example.two"]) {
            let interfaces = try XCTUnwrap(entry.value.stringDictionary)
            XCTAssertEqual(interfaces.keys.sorted(), [Contract.sceneInterface])
            let values = try XCTUnwrap(interfaces[Contract.sceneInterface]?.vardict)
            XCTAssertEqual(values.keys.sorted(), try Contract.sceneProperties.sorted())
            XCTAssertEqual(values["AppId"]?.string, appId)
            XCTAssertEqual(values, try allProperties(of: entry.key.string!))
        }
    }

    func testPropertiesAreReadOnly() throws {
        let output = try runClient(["busctl", "--user", "set-property", Contract.busName, Contract.managerPath,
                                    Contract.managerInterface, "SettleTime", "u", "5"])
        XCTAssertFalse(output.succeeded, "\(output)")
        XCTAssertEqual(try property("SettleTime").uint32, 250)
    }
}

import GLibBridge
import TestSupport
import XCTest

/// The video player of the iOS practice: a portrait list in a navigation controller, a full-screen landscape
/// player presented with a preferred orientation, the device turning under it, and the
/// dismissal back to portrait while the device is still landscape.
final class VideoPlayerFlowTests: OrientdTestCase {
    private let portraitOnly: [String: Variant] = ["supported-orientations": .strings(["portrait"])]
    private let player: [String: Variant] = [
        "supported-orientations": .strings(["landscape"]), "preferred-orientation": .s("landscape-right"),
        "fills-window": .b(true),
    ]

    /// A rotating phone scene showing nav → list (portrait only), with the device portrait.
    private func listScene() throws -> String {
        try callManager("SetDeviceOrientation", [.s("portrait")])
        let scene = try registerRotatingPhone("com.example.video")
        try callScene(scene, "SetRootController", [.s("nav"), .s("navigation"), .vardict([:])])
        try callScene(scene, "PushController", [.s("nav"), .s("list"), .s("view"), .vardict(portraitOnly)])
        return scene
    }

    private func assertState(_ scene: String, _ orientation: String, _ width: UInt32, _ height: UInt32, deciding: String,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let values = try allProperties(of: scene)
        XCTAssertEqual(values["InterfaceOrientation"]?.string, orientation, file: file, line: line)
        XCTAssertEqual(values["Width"]?.uint32, width, "Width", file: file, line: line)
        XCTAssertEqual(values["Height"]?.uint32, height, "Height", file: file, line: line)
        XCTAssertEqual(values["DecidingController"]?.string, deciding, file: file, line: line)
    }

    func testTheIOSPracticeVideoPlayerFlow() throws {
        let scene = try listScene()
        let recorder = try recordSignals(member: "OrientationChanged")
        try assertState(scene, "portrait", 390, 844, deciding: "list")

        // The list is portrait only: the device turning does not turn it.
        try callManager("SetDeviceOrientation", [.s("landscape-left")])
        XCTAssertEqual(try property("DeviceOrientation").string, "landscape-left")
        try assertState(scene, "portrait", 390, 844, deciding: "list")
        try callManager("SetDeviceOrientation", [.s("portrait")])

        // Full-screen player with a preferred orientation: it turns at once, the device still portrait.
        try callScene(scene, "PresentController", [.s("nav"), .s("player"), .s("view"), .vardict(player)])
        try assertState(scene, "landscape-right", 844, 390, deciding: "player")
        XCTAssertEqual(try property("SupportedOrientations", of: scene).stringArray, ["landscape-right", "landscape-left"])

        // The device turns; the content turns against it (device landscape-right = interface landscape-left).
        try callManager("SetDeviceOrientation", [.s("landscape-right")])
        try assertState(scene, "landscape-left", 844, 390, deciding: "player")
        try callManager("SetDeviceOrientation", [.s("landscape-left")])
        try assertState(scene, "landscape-right", 844, 390, deciding: "player")

        // Dismissed while the device is still landscape: back to the portrait list at once.
        try callScene(scene, "DismissController", [.s("player")])
        try assertState(scene, "portrait", 390, 844, deciding: "list")
        XCTAssertEqual(try property("DeviceOrientation").string, "landscape-left")

        try drain(recorder)
        XCTAssertEqual(orientationChanges(recorder), [
            [scene, "portrait", "landscape-right", "presentation"],
            [scene, "landscape-right", "landscape-left", "device"],
            [scene, "landscape-left", "landscape-right", "device"],
            [scene, "landscape-right", "portrait", "dismissal"],
        ])

        // The history says the same, newest first.
        let history = try callManager("GetHistory", [.u(0)]).child(at: 0).children
        XCTAssertEqual(history.count, 4)
        XCTAssertEqual(history.map { [$0.child(at: 0).string!, $0.child(at: 1).string!, $0.child(at: 3).string!,
                                      $0.child(at: 4).string!, $0.child(at: 5).string!] }, [
            [scene, "com.example.video", "landscape-right", "portrait", "dismissal"],
            [scene, "com.example.video", "landscape-left", "landscape-right", "device"],
            [scene, "com.example.video", "landscape-right", "landscape-left", "device"],
            [scene, "com.example.video", "portrait", "landscape-right", "presentation"],
        ])
        let times = history.map { $0.child(at: 2).uint64! }
        XCTAssertEqual(times, times.sorted(by: >), "newest first")
        let now = UInt64(Date().timeIntervalSince1970 * 1_000_000)
        XCTAssertLessThan(now - times[0], 60_000_000, "microseconds since the Unix epoch")
        XCTAssertEqual(try callManager("GetHistory", [.u(1)]).child(at: 0).childCount, 1)
    }

    func testPoppingBackToAPortraitPageWhileTheDeviceIsLandscapeRotatesAtOnce() throws {
        let scene = try listScene()
        let recorder = try recordSignals(member: "OrientationChanged")
        try callScene(scene, "PushController", [.s("nav"), .s("detail"), .s("view"), .vardict([:])])
        try callManager("SetDeviceOrientation", [.s("landscape-left")])
        try assertState(scene, "landscape-right", 844, 390, deciding: "detail")

        let popped = try callScene(scene, "PopController", [.s("nav")])
        XCTAssertEqual(popped.typeString, "(s)")
        XCTAssertEqual(popped.child(at: 0).string, "detail")
        try assertState(scene, "portrait", 390, 844, deciding: "list")

        try drain(recorder)
        XCTAssertEqual(orientationChanges(recorder), [
            [scene, "portrait", "landscape-right", "device"],
            [scene, "landscape-right", "portrait", "navigation"],
        ])
    }

    func testAPlayerThatDoesNotAutorotateStaysUntilForced() throws {
        let scene = try listScene()
        var fixed = player
        fixed["should-autorotate"] = .b(false)
        try callScene(scene, "PresentController", [.s("list"), .s("player"), .s("view"), .vardict(fixed)])
        XCTAssertEqual(try orientation(of: scene), "landscape-right")
        try callManager("SetDeviceOrientation", [.s("landscape-right")])
        XCTAssertEqual(try orientation(of: scene), "landscape-right", "should-autorotate false: the device is not followed")
        // A request still works (iOS 16 requestGeometryUpdate), and so does the lock.
        try callManager("SetRotationLocked", [.b(true)])
        XCTAssertEqual(try callScene(scene, "RequestOrientation", [.s("landscape-left")]).child(at: 0).string, "landscape-left")
        XCTAssertEqual(try orientation(of: scene), "landscape-left")
    }

    func testOrientationModeTakesEffectAtUpdateOrientation() throws {
        let scene = try registerRotatingPhone("com.example.video")
        try callScene(scene, "SetRootController", [.s("player"), .s("view"), .vardict([:])])
        let recorder = try recordSignals(member: "OrientationChanged")

        // The iOS practice's setOrientationMode + updateOrientation pair.
        try callScene(scene, "SetOrientationMode", [.s("player"), .s("landscape")])
        XCTAssertEqual(try orientation(of: scene), "portrait", "recorded, not applied until the next evaluation")
        XCTAssertEqual(try property("SupportedOrientations", of: scene).stringArray, ["portrait", "landscape-right", "landscape-left"])
        XCTAssertEqual(try callScene(scene, "UpdateOrientation").child(at: 0).string, "landscape-right")
        XCTAssertEqual(try property("SupportedOrientations", of: scene).stringArray, ["landscape-right", "landscape-left"])

        try callScene(scene, "SetOrientationMode", [.s("player"), .s("locked")])
        try callManager("SetDeviceOrientation", [.s("landscape-right")])
        XCTAssertEqual(try orientation(of: scene), "landscape-right", "locked: no autorotation")

        try callScene(scene, "SetOrientationMode", [.s("player"), .s("none")])
        XCTAssertEqual(try callScene(scene, "UpdateOrientation").child(at: 0).string, "landscape-left",
                       "mode cleared: the default mask again, and it follows the device")
        try drain(recorder)
        XCTAssertEqual(orientationChanges(recorder), [
            [scene, "portrait", "landscape-right", "update"],
            [scene, "landscape-right", "landscape-left", "update"],
        ])
    }

    /// The same flow from Python with python3-dbus (libdbus), the conformance suite's kind of
    /// client, while this process records the signals; the scene goes when Python exits.
    func testTheFlowFromPythonDbus() throws {
        let recorder = try recordSignals()
        let output = try python("""
            import dbus
            N = 'io.github.orientd.OrientationManager1'
            P = '/io/github/orientd/OrientationManager1'
            bus = dbus.SessionBus()
            manager = dbus.Interface(bus.get_object(N, P, introspect=False), N)
            def masks(*names):
                return dbus.Array(names, signature='s')
            manager.SetDeviceOrientation('portrait')
            path = manager.RegisterScene(dbus.Dictionary({
                'app-id': 'com.example.python', 'supported-orientations': masks('portrait', 'landscape'),
            }, signature='sv'))
            print('scene', path)
            obj = bus.get_object(N, path, introspect=False)
            scene = dbus.Interface(obj, N + '.Scene')
            props = dbus.Interface(obj, 'org.freedesktop.DBus.Properties')
            def step(label):
                p = props.GetAll(N + '.Scene')
                print(label, p['InterfaceOrientation'], int(p['Width']), int(p['Height']), p['DecidingController'])
            scene.SetRootController('nav', 'navigation', dbus.Dictionary({}, signature='sv'))
            scene.PushController('nav', 'list', 'view', dbus.Dictionary({'supported-orientations': masks('portrait')}, signature='sv'))
            step('list')
            scene.PresentController('nav', 'player', 'view', dbus.Dictionary({
                'supported-orientations': masks('landscape'), 'preferred-orientation': 'landscape-right',
                'fills-window': True}, signature='sv'))
            step('presented')
            manager.SetDeviceOrientation('landscape-right')
            step('turned')
            scene.DismissController('player')
            step('dismissed')
            try:
                scene.RequestOrientation('landscape-left')
            except dbus.DBusException as e:
                print('error', e.get_dbus_name())
            """)
        XCTAssertTrue(output.succeeded, "\(output)")
        let lines = output.stdout.split(separator: "\n").map(String.init)
        let scene = try XCTUnwrap(lines.first?.split(separator: " ").last.map(String.init))
        XCTAssertEqual(Array(lines.dropFirst()), [
            "list portrait 390 844 list",
            "presented landscape-right 844 390 player",
            "turned landscape-left 844 390 player",
            "dismissed portrait 390 844 list",
            "error io.github.orientd.OrientationManager1.Error.UnsupportedOrientation",
        ])
        // Python's connection is gone, and its scene with it.
        try recorder.wait("InterfacesRemoved") { $0.contains { $0.member == "InterfacesRemoved" } }
        try drain(recorder)
        XCTAssertEqual(orientationChanges(recorder), [
            [scene, "portrait", "landscape-right", "presentation"],
            [scene, "landscape-right", "landscape-left", "device"],
            [scene, "landscape-left", "portrait", "dismissal"],
        ])
        let removed = recorder.signals.filter { $0.member == "InterfacesRemoved" }
        XCTAssertEqual(removed.map { $0.argument(0).string }, [scene])
    }
}

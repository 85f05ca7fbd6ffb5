import GLibBridge
import TestSupport
import XCTest

/// The global state through the bus: kiosk mode, the user's app policies, split view, external
/// displays and the rotation lock.
final class SystemPolicyTests: OrientdTestCase {
    func testKioskModeForcesEveryScenePersistsItsOrientationAndWinsConflicts() throws {
        let phone = try register(["app-id": .s("com.example.portrait")])
        let player = try registerRotatingPhone("com.example.player")
        try callScene(player, "SetRootController", [.s("p"), .s("view"), .vardict(["supported-orientations": .strings(["landscape"])])])
        XCTAssertEqual(try orientation(of: player), "landscape-right")

        try callManager("SetKioskMode", [.b(true), .s("portrait-upside-down")])
        for scene in [phone, player] {
            XCTAssertEqual(try orientation(of: scene), "portrait-upside-down")
            XCTAssertEqual(try property("StatusBarHidden", of: scene).bool, true)
        }
        // The conflict is explained, and a forced request cannot leave the kiosk orientation.
        let explain = try callScene(player, "Explain").child(at: 0).children
        XCTAssertTrue(explain.contains { $0.child(at: 2).string?.contains("conflict") == true }, "\(explain)")
        assertDBusError(Contract.errorPrefix + "UnsupportedOrientation", containing: ["Supported: [portrait-upside-down]"]) {
            try callScene(player, "RequestOrientation", [.s("landscape-left")])
        }
        let late = try registerRotatingPhone("com.example.late")
        XCTAssertEqual(try orientation(of: late), "portrait-upside-down", "new scenes too")

        try callManager("SetKioskMode", [.b(false), .s("")])
        XCTAssertEqual(try orientation(of: player), "landscape-right")
        XCTAssertEqual(try orientation(of: phone), "portrait")
        XCTAssertEqual(try property("StatusBarHidden", of: phone).bool, false)
        XCTAssertEqual(try property("KioskOrientation").string, "portrait-upside-down", "kept for next time")
    }

    func testAnAppPolicyCapsAndCanStopFollowingTheSensor() throws {
        let video = try register(["app-id": .s("com.example.video"), "supported-orientations": .strings(["all"])])
        let other = try register(["app-id": .s("com.example.other"), "supported-orientations": .strings(["all"])])
        try callManager("SetAppPolicy", [.s("com.example.video"), .vardict([
            "allowed-orientations": .strings(["landscape-left", "portrait"]), "follow-sensor": .b(false),
        ])])
        XCTAssertEqual(try property("SupportedOrientations", of: video).stringArray, ["portrait", "landscape-left"])
        XCTAssertEqual(try property("SupportedOrientations", of: other).stringArray, ["portrait", "landscape-right", "landscape-left"],
                       "no policy: the phone controller's default mask")

        try callManager("SetDeviceOrientation", [.s("landscape-right")])
        XCTAssertEqual(try orientation(of: other), "landscape-left")
        XCTAssertEqual(try orientation(of: video), "portrait", "follow-sensor false: the device is not followed")
        XCTAssertEqual(try callScene(video, "RequestOrientation", [.s("landscape-left")]).child(at: 0).string, "landscape-left")

        let policies = try callManager("GetAppPolicies").child(at: 0)
        XCTAssertEqual(policies.stringDictionary?["com.example.video"]?.vardict,
                       ["allowed-orientations": .strings(["portrait", "landscape-left"]), "follow-sensor": .b(false),
                        "source": .s("user"), "locked": .b(false)])
        // An app-id need not have a scene; removing a missing policy is no error.
        try callManager("SetAppPolicy", [.s("com.example.notyet"), .vardict(["follow-sensor": .b(true)])])
        try callManager("SetAppPolicy", [.s("com.example.never"), .vardict([:])])
        XCTAssertEqual(try callManager("GetAppPolicies").child(at: 0).stringDictionary?.keys.sorted(),
                       ["com.example.notyet", "com.example.video"])
    }

    func testGeometryFlappingAcrossTheSplitViewThresholdRotatesAtMostOnce() throws {
        let pad = try register(["app-id": .s("com.example.pad"), "idiom": .s("pad"), "supported-orientations": .strings(["all"])])
        try callManager("SetDeviceOrientation", [.s("landscape-left")])
        XCTAssertEqual(try orientation(of: pad), "landscape-right")
        XCTAssertEqual(try property("Width", of: pad).uint32, 1180)
        let recorder = try recordSignals(member: "OrientationChanged")
        for _ in 0..<10 {
            try callScene(pad, "SetGeometry", [.u(500), .u(820)])
            XCTAssertEqual(try property("SplitView", of: pad).bool, true)
            try callScene(pad, "SetGeometry", [.u(1180), .u(820)])
            XCTAssertEqual(try property("SplitView", of: pad).bool, false)
        }
        try callScene(pad, "SetGeometry", [.u(500), .u(820)])
        XCTAssertEqual(try property("SupportedOrientations", of: pad).stringArray, ["landscape-right", "landscape-left"],
                       "split view freezes the landscape family")
        try drain(recorder)
        XCTAssertLessThanOrEqual(recorder.count, 1, "\(recorder.signals)")
        XCTAssertEqual(try orientation(of: pad), "landscape-right")

        // A new threshold moves it out of split view, with reason "policy" for any change.
        try callManager("SetSplitViewThreshold", [.u(0)])
        XCTAssertEqual(try property("SplitView", of: pad).bool, false)
        XCTAssertEqual(try property("SupportedOrientations", of: pad).stringArray, Contract.interfaceOrientations)
    }

    func testAnExternalDisplayDoesNotFollowTheDevice() throws {
        let external = try registerRotatingPhone("com.example.tv", extra: ["display": .s("hdmi-1")])
        XCTAssertEqual(try property("Display", of: external).string, "hdmi-1")
        try callManager("SetDeviceOrientation", [.s("landscape-left")])
        XCTAssertEqual(try orientation(of: external), "portrait")
        XCTAssertEqual(try callScene(external, "UpdateOrientation").child(at: 0).string, "portrait")
        XCTAssertEqual(try callScene(external, "RequestOrientation", [.s("landscape-right")]).child(at: 0).string,
                       "landscape-right")
    }

    func testTheRotationLockFreezesFollowingButNotForcedChanges() throws {
        let scene = try registerRotatingPhone()
        try callManager("SetRotationLocked", [.b(true)])
        try callManager("SetDeviceOrientation", [.s("landscape-left")])
        XCTAssertEqual(try property("DeviceOrientation").string, "unknown")
        XCTAssertEqual(try callScene(scene, "UpdateOrientation").child(at: 0).string, "portrait", "the device does not count")
        try callScene(scene, "SetRootController", [.s("player"), .s("view"), .vardict([:])])
        try callScene(scene, "PresentController", [.s("player"), .s("full"), .s("view"), .vardict([
            "supported-orientations": .strings(["landscape"]), "preferred-orientation": .s("landscape-left"),
        ])])
        XCTAssertEqual(try orientation(of: scene), "landscape-left", "a presentation is forced")
        try callManager("SetRotationLocked", [.b(false)])
        XCTAssertEqual(try property("DeviceOrientation").string, "landscape-left")
        XCTAssertEqual(try orientation(of: scene), "landscape-right", "the lock lifted: it follows the device")
    }
}

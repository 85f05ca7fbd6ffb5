import OrientationCore
import XCTest

/// The iOS practice's flows, end to end, as an app and a user would drive them.
final class IOSPracticeFlowTests: XCTestCase {
    func testVideoPlayerFlowFromPortraitListToLandscapeAndBack() throws {
        var rig = Rig(settleTime: 250)
        // The app: portrait and landscape in Info.plist; a portrait list in a navigation controller.
        let id = try rig.register("org.example.Video") { $0.supported = .allButUpsideDown }
        try rig.on(id, .setRoot(navigation("nav")))
        try rig.on(id, .push(navigation: "nav", view("list", .portrait)))
        XCTAssertEqual(rig.orientation(id), .portrait)
        XCTAssertEqual(rig.snapshot(id).decidingController, "list")

        // Tap a video: a full-screen landscape player with a preferred orientation.
        try rig.on(id, .present(presenter: "nav", view("player", .landscape, preferred: .landscapeRight)))
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .portrait, .landscapeRight, .presentation)])
        XCTAssertEqual([rig.snapshot(id).width, rig.snapshot(id).height], [844, 390])

        // The user turns the device the other way: content turns against the device, once settled.
        try rig.device(.landscapeRight)
        rig.advance(milliseconds: 250)
        try rig.tick()
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .landscapeRight, .landscapeLeft, .device)])

        // Dismiss while the device is still landscape: back to portrait at once.
        try rig.on(id, .dismiss("player"))
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .landscapeLeft, .portrait, .dismissal)])
        XCTAssertEqual(rig.snapshot(id).decidingController, "list")
        XCTAssertEqual([rig.snapshot(id).width, rig.snapshot(id).height], [390, 844])
        XCTAssertEqual(rig.manager.history.newest(0).map(\.reason), [.dismissal, .device, .presentation])
    }

    func testPopAndTabSelectionReevaluateAtOnce() throws {
        var rig = Rig()
        let id = try rig.register("org.example.Shop") { $0.supported = .allButUpsideDown }
        try rig.on(id, .setRoot(tabs("tabs")))
        try rig.on(id, .addTab(tab: "tabs", navigation("home")))
        try rig.on(id, .addTab(tab: "tabs", view("gallery")))
        try rig.on(id, .push(navigation: "home", view("catalog", .portrait)))
        try rig.on(id, .push(navigation: "home", view("photo", .allButUpsideDown)))
        try rig.device(.landscapeLeft)
        XCTAssertEqual(rig.orientation(id), .landscapeRight)
        // Pop back to the portrait page with the device still landscape: no waiting for another turn.
        try rig.on(id, .pop(navigation: "home"))
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .landscapeRight, .portrait, .navigation)])
        // Select the gallery tab: it allows landscape, and the device is landscape.
        try rig.on(id, .selectTab(tab: "tabs", child: "gallery"))
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .portrait, .landscapeRight, .tab)])
        try rig.on(id, .selectTab(tab: "tabs", child: "home"))
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .landscapeRight, .portrait, .tab)])
    }

    func testDelegateMaskReplacingTheWhitelistFlow() throws {
        var rig = Rig()
        // Info.plist says portrait only, but the app delegate opens the window to landscape
        // for its player scene: the delegate wins, as in UIKit.
        let id = try rig.register("org.example.Player") { $0.supported = .portrait; $0.appDelegate = .allButUpsideDown }
        try rig.on(id, .setRoot(view("player", .landscape)))
        XCTAssertEqual(rig.orientation(id), .landscapeRight)
        try rig.device(.landscapeRight)
        XCTAssertEqual(rig.orientation(id), .landscapeLeft)
        // The scene delegate narrows it for this window only.
        rig.expectFailure(.noSupportedOrientation, on: id, .setWindowOrientations(sceneDelegate: .portrait, appDelegate: .allButUpsideDown))
        try rig.on(id, .setWindowOrientations(sceneDelegate: .landscapeLeft, appDelegate: .allButUpsideDown))
        XCTAssertEqual(rig.snapshot(id).supported, .landscapeLeft)
    }

    func testFaceUpKeepsTheOrientationFlow() throws {
        var rig = Rig(settleTime: 250)
        let id = try rig.register("org.example.Reader") { $0.supported = .allButUpsideDown }
        try rig.device(.landscapeLeft)
        rig.advance(milliseconds: 300)
        try rig.tick()
        XCTAssertEqual(rig.orientation(id), .landscapeRight)
        // Put down on the table: it stays landscape.
        try rig.device(.faceUp)
        rig.advance(milliseconds: 300)
        try rig.tick()
        XCTAssertEqual(rig.manager.managerSnapshot.deviceOrientation, .faceUp)
        XCTAssertEqual(rig.orientation(id), .landscapeRight)
        XCTAssertEqual(rig.changes, [])
        // Picked up in portrait: it follows.
        try rig.device(.portrait)
        rig.advance(milliseconds: 300)
        try rig.tick()
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .landscapeRight, .portrait, .device)])
    }

    func testKioskUpsideDownFlow() throws {
        var rig = Rig()
        let signage = try rig.register("org.example.Signage", idiom: .pad) { $0.supported = .all }
        let menu = try rig.register("org.example.Menu", idiom: .pad)
        try rig.run(.setKioskMode(true, .portraitUpsideDown), as: Caller.shell)
        XCTAssertEqual(rig.orientation(signage), .portraitUpsideDown)
        XCTAssertEqual(rig.orientation(menu), .portraitUpsideDown, "even an app whose whitelist lacks it")
        XCTAssertTrue(rig.snapshot(menu).statusBarHidden)
        try rig.device(.landscapeLeft)
        XCTAssertEqual(rig.orientation(signage), .portraitUpsideDown)
        try rig.run(.setKioskMode(false, nil), as: Caller.shell)
        XCTAssertEqual(rig.orientation(signage), .landscapeRight)
        XCTAssertEqual(rig.orientation(menu), .landscapeRight)
        XCTAssertEqual(Set(rig.changes.map(\.reason)), [.policy])
    }

    func testSplitViewFlapsFlow() throws {
        var rig = Rig()
        let id = try rig.register("org.example.Notes", idiom: .pad)
        try rig.device(.portrait)
        // The user drags the divider back and forth across the threshold, then turns the device.
        var total = 0
        for width: UInt32 in [600, 820, 500, 820, 700, 820, 400] {
            try rig.on(id, .setGeometry(width: width, height: 1180))
            total += rig.changes.count
        }
        XCTAssertEqual(total, 0)
        try rig.device(.landscapeRight)
        XCTAssertEqual(rig.orientation(id), .portrait, "split view keeps the portrait family")
        for width: UInt32 in [820, 400, 820, 400, 820] {
            try rig.on(id, .setGeometry(width: width, height: 1180))
            total += rig.changes.count
        }
        XCTAssertEqual(total, 1)
        XCTAssertEqual(rig.orientation(id), .landscapeLeft)
    }

    func testBackgroundResetAndForegroundFollowFlow() throws {
        var rig = Rig()
        let id = try rig.register("org.example.Camera") { $0.supported = .allButUpsideDown }
        try rig.on(id, .setRoot(view("camera", preferred: .portrait)))
        try rig.device(.landscapeLeft)
        XCTAssertEqual(rig.orientation(id), .landscapeRight)
        try rig.on(id, .setActivation(.background))
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .landscapeRight, .portrait, .activation)])
        try rig.device(.landscapeRight)
        XCTAssertEqual(rig.changes, [])
        try rig.on(id, .setActivation(.foregroundActive))
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .portrait, .landscapeLeft, .activation)])
    }

    func testExternalDisplayFlow() throws {
        var rig = Rig()
        let phone = try rig.register("org.example.Slides") { $0.supported = .allButUpsideDown }
        let projector = try rig.register("org.example.Slides") { $0.supported = .allButUpsideDown; $0.display = "hdmi-1" }
        try rig.on(projector, .request(.landscapeRight))
        try rig.device(.landscapeRight)
        try rig.device(.portrait)
        XCTAssertEqual(rig.orientation(phone), .portrait)
        XCTAssertEqual(rig.orientation(projector), .landscapeRight)
        XCTAssertEqual(rig.manager.history.newest(0).filter { $0.scene == projector }.count, 1)
    }
}

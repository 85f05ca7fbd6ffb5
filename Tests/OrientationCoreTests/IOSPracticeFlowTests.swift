import OrientationCore
import XCTest

/// The iOS practice's flows, end to end, as an app and a user would drive them.
final class IOSPracticeFlowTests: XCTestCase {
    func testVideoPlayerFlowFromPortraitListToLandscapeAndBack() throws {
        var subject = ManagerUnderTest(settleTime: 250)
        // The app: portrait and landscape in Info.plist; a portrait list in a navigation controller.
        let id = try subject.register("org.example.Video") { $0.supported = .allButUpsideDown }
        try subject.on(id, .setRoot(navigation("nav")))
        try subject.on(id, .push(navigation: "nav", view("list", .portrait)))
        XCTAssertEqual(subject.orientation(id), .portrait)
        XCTAssertEqual(subject.snapshot(id).decidingController, "list")

        // Tap a video: a full-screen landscape player with a preferred orientation.
        try subject.on(id, .present(presenter: "nav", view("player", .landscape, preferred: .landscapeRight)))
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .portrait, .landscapeRight, .presentation)])
        XCTAssertEqual([subject.snapshot(id).width, subject.snapshot(id).height], [844, 390])

        // The user turns the device the other way: content turns against the device, once settled.
        try subject.device(.landscapeRight)
        subject.advance(milliseconds: 250)
        try subject.tick()
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .landscapeRight, .landscapeLeft, .device)])

        // Dismiss while the device is still landscape: back to portrait at once.
        try subject.on(id, .dismiss("player"))
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .landscapeLeft, .portrait, .dismissal)])
        XCTAssertEqual(subject.snapshot(id).decidingController, "list")
        XCTAssertEqual([subject.snapshot(id).width, subject.snapshot(id).height], [390, 844])
        XCTAssertEqual(subject.manager.history.newest(0).map(\.reason), [.dismissal, .device, .presentation])
    }

    func testPopAndTabSelectionReevaluateAtOnce() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register("org.example.Shop") { $0.supported = .allButUpsideDown }
        try subject.on(id, .setRoot(tabs("tabs")))
        try subject.on(id, .addTab(tab: "tabs", navigation("home")))
        try subject.on(id, .addTab(tab: "tabs", view("gallery")))
        try subject.on(id, .push(navigation: "home", view("catalog", .portrait)))
        try subject.on(id, .push(navigation: "home", view("photo", .allButUpsideDown)))
        try subject.device(.landscapeLeft)
        XCTAssertEqual(subject.orientation(id), .landscapeRight)
        // Pop back to the portrait page with the device still landscape: no waiting for another turn.
        try subject.on(id, .pop(navigation: "home"))
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .landscapeRight, .portrait, .navigation)])
        // Select the gallery tab: it allows landscape, and the device is landscape.
        try subject.on(id, .selectTab(tab: "tabs", child: "gallery"))
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .portrait, .landscapeRight, .tab)])
        try subject.on(id, .selectTab(tab: "tabs", child: "home"))
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .landscapeRight, .portrait, .tab)])
    }

    func testDelegateMaskReplacingTheSupportedOrientationsFlow() throws {
        var subject = ManagerUnderTest()
        // Info.plist says portrait only, but the app delegate opens the window to landscape
        // for its player scene: the delegate wins, as in UIKit.
        let id = try subject.register("org.example.Player") { $0.supported = .portrait; $0.appDelegate = .allButUpsideDown }
        try subject.on(id, .setRoot(view("player", .landscape)))
        XCTAssertEqual(subject.orientation(id), .landscapeRight)
        try subject.device(.landscapeRight)
        XCTAssertEqual(subject.orientation(id), .landscapeLeft)
        // The scene delegate narrows it for this window only.
        subject.expectFailure(.noSupportedOrientation, on: id, .setWindowOrientations(sceneDelegate: .portrait, appDelegate: .allButUpsideDown))
        try subject.on(id, .setWindowOrientations(sceneDelegate: .landscapeLeft, appDelegate: .allButUpsideDown))
        XCTAssertEqual(subject.snapshot(id).supported, .landscapeLeft)
    }

    func testFaceUpKeepsTheOrientationFlow() throws {
        var subject = ManagerUnderTest(settleTime: 250)
        let id = try subject.register("org.example.Reader") { $0.supported = .allButUpsideDown }
        try subject.device(.landscapeLeft)
        subject.advance(milliseconds: 300)
        try subject.tick()
        XCTAssertEqual(subject.orientation(id), .landscapeRight)
        // Put down on the table: it stays landscape.
        try subject.device(.faceUp)
        subject.advance(milliseconds: 300)
        try subject.tick()
        XCTAssertEqual(subject.manager.managerSnapshot.deviceOrientation, .faceUp)
        XCTAssertEqual(subject.orientation(id), .landscapeRight)
        XCTAssertEqual(subject.changes, [])
        // Picked up in portrait: it follows.
        try subject.device(.portrait)
        subject.advance(milliseconds: 300)
        try subject.tick()
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .landscapeRight, .portrait, .device)])
    }

    func testKioskUpsideDownFlow() throws {
        var subject = ManagerUnderTest()
        let signage = try subject.register("org.example.Signage", idiom: .pad) { $0.supported = .all }
        let menu = try subject.register("org.example.Menu", idiom: .pad)
        try subject.run(.setKioskMode(true, .portraitUpsideDown), as: Caller.shell)
        XCTAssertEqual(subject.orientation(signage), .portraitUpsideDown)
        XCTAssertEqual(subject.orientation(menu), .portraitUpsideDown, "even an app whose supported orientations lacks it")
        XCTAssertTrue(subject.snapshot(menu).statusBarHidden)
        try subject.device(.landscapeLeft)
        XCTAssertEqual(subject.orientation(signage), .portraitUpsideDown)
        try subject.run(.setKioskMode(false, nil), as: Caller.shell)
        XCTAssertEqual(subject.orientation(signage), .landscapeRight)
        XCTAssertEqual(subject.orientation(menu), .landscapeRight)
        XCTAssertEqual(Set(subject.changes.map(\.reason)), [.policy])
    }

    func testSplitViewFlapsFlow() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register("org.example.Notes", idiom: .pad)
        try subject.device(.portrait)
        // The user drags the divider back and forth across the threshold, then turns the device.
        var total = 0
        for width: UInt32 in [600, 820, 500, 820, 700, 820, 400] {
            try subject.on(id, .setGeometry(width: width, height: 1180))
            total += subject.changes.count
        }
        XCTAssertEqual(total, 0)
        try subject.device(.landscapeRight)
        XCTAssertEqual(subject.orientation(id), .portrait, "split view keeps the portrait family")
        for width: UInt32 in [820, 400, 820, 400, 820] {
            try subject.on(id, .setGeometry(width: width, height: 1180))
            total += subject.changes.count
        }
        XCTAssertEqual(total, 1)
        XCTAssertEqual(subject.orientation(id), .landscapeLeft)
    }

    func testBackgroundResetAndForegroundFollowFlow() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register("org.example.Camera") { $0.supported = .allButUpsideDown }
        try subject.on(id, .setRoot(view("camera", preferred: .portrait)))
        try subject.device(.landscapeLeft)
        XCTAssertEqual(subject.orientation(id), .landscapeRight)
        try subject.on(id, .setActivation(.background))
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .landscapeRight, .portrait, .activation)])
        try subject.device(.landscapeRight)
        XCTAssertEqual(subject.changes, [])
        try subject.on(id, .setActivation(.foregroundActive))
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .portrait, .landscapeLeft, .activation)])
    }

    func testExternalDisplayFlow() throws {
        var subject = ManagerUnderTest()
        let phone = try subject.register("org.example.Slides") { $0.supported = .allButUpsideDown }
        let projector = try subject.register("org.example.Slides") { $0.supported = .allButUpsideDown; $0.display = "hdmi-1" }
        try subject.on(projector, .request(.landscapeRight))
        try subject.device(.landscapeRight)
        try subject.device(.portrait)
        XCTAssertEqual(subject.orientation(phone), .portrait)
        XCTAssertEqual(subject.orientation(projector), .landscapeRight)
        XCTAssertEqual(subject.manager.history.newest(0).filter { $0.scene == projector }.count, 1)
    }
}

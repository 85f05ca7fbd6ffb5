import OrientationCore
import XCTest

/// The app-id trap: a scene registered under an app id that is not its window's is named with
/// the window's, in ExplainPanel and the log's line for the app in front.
final class AppIdMismatchTests: XCTestCase {
    var subject = ManagerUnderTest()

    func testAWindowWithoutASceneBesideASceneWithoutAWindowIsNamed() throws {
        try subject.run(.window(.attached(.wlroots)), as: Caller.shell)
        let scene = try subject.register("org.example.Wrong")
        try subject.run(.window(.window(TrackedWindow(handle: 1, appId: "org.example.Right", activated: true))), as: Caller.shell)
        XCTAssertEqual(subject.manager.appIdMismatch?.window, "org.example.Right")
        XCTAssertEqual(subject.manager.appIdMismatch?.scene, "org.example.Wrong")
        let front = try subject.manager.explainPanel(appId: nil)[0].sentence
        XCTAssertTrue(front.contains("org.example.Right") && front.contains("org.example.Wrong") && front.contains("register the scene"), front)
        XCTAssertTrue(subject.manager.frontAppLine.contains("registered no scene"), subject.manager.frontAppLine)
        // Registered under the window's id, the scene speaks for the window: nothing to say.
        try subject.run(.unregisterScene(scene))
        _ = try subject.register("org.example.Right")
        XCTAssertNil(subject.manager.appIdMismatch)
        XCTAssertNil(subject.manager.appIdMismatchSentence)
    }

    func testADetachedOrBackgroundSceneIsNoMismatch() throws {
        try subject.run(.window(.attached(.wlroots)), as: Caller.shell)
        _ = try subject.register("org.example.Script") { $0.detached = true }
        let background = try subject.register("org.example.Other")
        try subject.on(background, .setActivation(.background))
        try subject.run(.window(.window(TrackedWindow(handle: 1, appId: "org.example.Right", activated: true))), as: Caller.shell)
        XCTAssertNil(subject.manager.appIdMismatch)
    }
}

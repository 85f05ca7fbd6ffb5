import XCTest

/// The iOS practice's video-player flow played with orientctl alone, as a shell script would:
/// a portrait list in a navigation controller, a full-screen landscape player presented with
/// a preferred orientation, the device turning under it, and the dismissal back to portrait
/// while the device is still landscape.
final class VideoPlayerScriptTests: OrientctlTestCase {
    func testTheIOSPracticeVideoPlayerFlow() throws {
        try ok("device", "portrait")
        // The phone's default supported orientations are portrait only: the app declares landscape too.
        let scene = try register("org.example.Video", "--supported", "portrait", "landscape")
        try ok("root", scene, "nav", "--kind", "navigation")
        try ok("push", scene, "nav", "list", "--supported", "portrait")
        XCTAssertEqual(try value(scene, "InterfaceOrientation"), "portrait")
        XCTAssertEqual(try value(scene, "DecidingController"), "list")

        // The list is portrait only: turning the device does not turn it.
        try ok("device", "landscape-left")
        XCTAssertEqual(try value(scene, "InterfaceOrientation"), "portrait")
        try ok("device", "portrait")

        // The full-screen player turns the window at once to its preferred orientation.
        try ok("present", scene, "list", "player", "--supported", "landscape", "--preferred", "landscape-right")
        XCTAssertEqual(try ok("show", scene, "-p", "InterfaceOrientation,DecidingController,Width,Height"),
                       "InterfaceOrientation=landscape-right\nDecidingController=player\nWidth=844\nHeight=390\n")

        // The device turns; the content turns against it.
        try ok("device", "landscape-right")
        XCTAssertEqual(try value(scene, "InterfaceOrientation"), "landscape-left")

        // Dismissed while the device is still landscape: back to portrait at once.
        try ok("dismiss", scene, "player")
        XCTAssertEqual(try ok("show", scene, "-p", "InterfaceOrientation,DecidingController,Width,Height"),
                       "InterfaceOrientation=portrait\nDecidingController=list\nWidth=390\nHeight=844\n")
        XCTAssertEqual(try ok("show", "-p", "DeviceOrientation", "--value"), "landscape-right\n")

        let reasons = try XCTUnwrap(try json("history") as? [[String: Any]]).map { $0["reason"] as? String }
        XCTAssertEqual(reasons, ["dismissal", "device", "presentation"])
        XCTAssertTrue(try ok("explain", scene).contains(" → decision    portrait\n"))
        try ok("unregister", scene)
    }
}

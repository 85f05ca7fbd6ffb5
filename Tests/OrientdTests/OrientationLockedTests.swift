import Foundation
import GLibBridge
import TestSupport
import XCTest

/// iOS 26's lock over the bus: a camera controller's `prefers-orientation-locked` freezes the
/// scene's orientation while the device turns, only while the scene is in front; the scene's
/// `OrientationLocked` says when it is honoured, and the scene follows the device at once when
/// the preference goes or the scene goes to the background.
final class OrientationLockedTests: OrientdTestCase {
    func lockedCamera() throws -> String {
        let scene = try registerRotatingPhone("org.example.Camera")
        try callScene(scene, "SetActivationState", [.s("foreground-active")])
        try callManager("SetDeviceOrientation", [.s("portrait")])
        try callScene(scene, "SetRootController", [.s("capture"), .s("view"),
                                                    .vardict(["prefers-orientation-locked": .b(true)])])
        XCTAssertEqual(try property("OrientationLocked", of: scene).bool, true)
        return scene
    }

    /// The device turned; returns once orientd has taken the turn (the scene decided with it).
    func turnDevice(_ orientation: String) throws {
        try callManager("SetDeviceOrientation", [.s(orientation)])
        XCTAssertEqual(try property("DeviceOrientation").string, orientation)
    }

    func testALockedCameraStaysPutWhileTheDeviceTurnsAndFollowsOnceTheLockGoes() throws {
        let scene = try lockedCamera()
        try turnDevice("landscape-left")
        XCTAssertEqual(try orientation(of: scene), "portrait", "the lock holds the capture screen")
        let explained = try callScene(scene, "Explain").child(at: 0).children.compactMap { $0.child(at: 2).string }
        XCTAssertTrue(explained.contains { $0.lowercased().contains("lock") }, "\(explained)")

        try callScene(scene, "SetControllerProperties", [.s("capture"), .vardict(["prefers-orientation-locked": .b(false)])])
        try callScene(scene, "UpdateOrientation")
        XCTAssertEqual(try orientation(of: scene), "landscape-right", "follows the device at once")
        XCTAssertEqual(try property("OrientationLocked", of: scene).bool, false)
    }

    func testTheLockHoldsOnlyWhileTheSceneIsActiveInFront() throws {
        let scene = try lockedCamera()
        // Covered (a notification, another window over it): no longer honoured, it follows.
        try callScene(scene, "SetActivationState", [.s("foreground-inactive")])
        XCTAssertEqual(try property("OrientationLocked", of: scene).bool, false)
        try turnDevice("landscape-left")
        XCTAssertEqual(try orientation(of: scene), "landscape-right")
        // Active again: the lock holds what the scene has now.
        try callScene(scene, "SetActivationState", [.s("foreground-active")])
        XCTAssertEqual(try property("OrientationLocked", of: scene).bool, true)
        try turnDevice("portrait")
        XCTAssertEqual(try orientation(of: scene), "landscape-right")
        try callScene(scene, "SetActivationState", [.s("background")])
        XCTAssertEqual(try property("OrientationLocked", of: scene).bool, false)
    }

    func testAWrongTypeIsRefusedNamingTheKey() throws {
        let scene = try registerRotatingPhone("org.example.Camera")
        assertDBusError(Contract.invalidArgs, containing: ["prefers-orientation-locked"]) {
            try callScene(scene, "SetRootController", [.s("capture"), .s("view"),
                                                        .vardict(["prefers-orientation-locked": .s("yes")])])
        }
    }
}

import GLibBridge
import TestSupport
import XCTest

/// With the default settle time (250 ms) a device orientation is followed only once it has held.
final class SettleTimeTests: OrientdTestCase {
    override var setUpSettleTime: UInt32? { nil }

    override func setUpWithError() throws {
        try super.setUpWithError()
        XCTAssertEqual(try property("SettleTime").uint32, 250)
    }

    func testADeviceOrientationIsFollowedOnlyAfterItHolds() throws {
        let scene = try registerRotatingPhone()
        let recorder = try recordSignals()
        let start = ContinuousClock.now
        try callManager("SetDeviceOrientation", [.s("landscape-left")])
        // A busy machine can only make the wait below look longer, never shorter: the
        // scene's turn is seen no earlier than it happened.
        try eventually("the scene follows the settled device") { try orientation(of: scene) == "landscape-right" }
        let elapsed = ContinuousClock.now - start
        XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(250), "followed after \(elapsed)")
        XCTAssertEqual(try property("DeviceOrientation").string, "landscape-left")
        try drain(recorder)
        XCTAssertEqual(recorder.signals.filter { $0.member == "DeviceOrientationChanged" }.map { $0.argument(0).string },
                       ["landscape-left"])
        XCTAssertEqual(orientationChanges(recorder), [[scene, "portrait", "landscape-right", "device"]])
    }

    /// The first signal of any kind comes once the settle time is over: nothing is said or
    /// turned within it. (Measured as the first signal is seen: a busy machine can only make
    /// it look later, so the check cannot fail for want of speed.)
    func testNothingHappensWithinTheSettleTime() throws {
        let scene = try registerRotatingPhone()
        let recorder = try recordSignals()
        let start = ContinuousClock.now
        try callManager("SetDeviceOrientation", [.s("landscape-right")])
        try recorder.wait("the first signal") { !$0.isEmpty }
        let first = ContinuousClock.now - start
        XCTAssertGreaterThanOrEqual(first, .milliseconds(250), "a signal came \(first) after the reading")
        try recorder.wait("the change once settled") { $0.contains { $0.member == "OrientationChanged" } }
        XCTAssertEqual(try orientation(of: scene), "landscape-left")
    }

    func testAReadingThatDoesNotHoldIsNeverFollowed() throws {
        let scene = try registerRotatingPhone()
        let recorder = try recordSignals()
        // Carried at an angle: landscape for a moment, then back where it was.
        try callManager("SetDeviceOrientation", [.s("landscape-left")])
        try callManager("SetDeviceOrientation", [.s("unknown")])
        // Then a reading that holds. Had the first one been applied, its signals (due 250 ms
        // after it) would come before this one's.
        try callManager("SetDeviceOrientation", [.s("portrait-upside-down")])
        try recorder.wait("DeviceOrientationChanged") { $0.contains { $0.member == "DeviceOrientationChanged" } }
        try drain(recorder)
        XCTAssertEqual(recorder.signals.filter { $0.member == "DeviceOrientationChanged" }.map { $0.argument(0).string },
                       ["portrait-upside-down"])
        XCTAssertEqual(orientationChanges(recorder), [], "upside-down is not in the scene's mask; landscape never settled")
        XCTAssertEqual(try orientation(of: scene), "portrait")
    }

    func testALaterReadingRestartsTheWait() throws {
        let scene = try registerRotatingPhone()
        let recorder = try recordSignals(member: "OrientationChanged")
        try callManager("SetDeviceOrientation", [.s("landscape-left")])
        try callManager("SetDeviceOrientation", [.s("landscape-right")])
        try recorder.wait(count: 1)
        try drain(recorder)
        XCTAssertEqual(orientationChanges(recorder), [[scene, "portrait", "landscape-left", "device"]],
                       "only the reading that held is followed")
    }

    func testShorteningTheSettleTimeAppliesAPendingReading() throws {
        let scene = try registerRotatingPhone()
        try callManager("SetDeviceOrientation", [.s("landscape-left")])
        try callManager("SetSettleTime", [.u(0)])
        // No waiting: the reading has held longer than the new settle time.
        XCTAssertEqual(try property("DeviceOrientation").string, "landscape-left")
        XCTAssertEqual(try orientation(of: scene), "landscape-right")
        try callManager("SetDeviceOrientation", [.s("portrait")])
        XCTAssertEqual(try orientation(of: scene), "portrait", "settle time 0: followed before the call returns")
    }
}

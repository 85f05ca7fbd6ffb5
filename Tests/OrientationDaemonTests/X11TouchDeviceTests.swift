import OrientationCore
import XCTest
@testable import OrientationDaemon

/// `--touch-device`, and which X input devices follow the panel's rotation.
final class X11TouchDeviceTests: XCTestCase {
    /// `xinput list --long` as xinput 1.6 prints it (classes shortened), with a touchscreen, its
    /// stylus under the same name, a touchpad, a floating touchscreen and a hostile name.
    static let listing = """
        ⎡ Virtual core pointer                    \tid=2\t[master pointer  (3)]
        \tReporting 2 classes:
        \t\tClass originated from: 11. Type: XITouchClass
        \t\tTouch mode: direct
        \t\tMax number of touches: 10
        ⎜   ↳ Virtual core XTEST pointer              \tid=4\t[slave  pointer  (2)]
        \tReporting 3 classes:
        \t\tClass originated from: 4. Type: XIButtonClass
        ⎜   ↳ ELAN Touchscreen                        \tid=11\t[slave  pointer  (2)]
        \tReporting 5 classes:
        \t\tClass originated from: 11. Type: XITouchClass
        \t\tTouch mode: direct
        \t\tMax number of touches: 10
        ⎜   ↳ ELAN Touchscreen                        \tid=12\t[slave  pointer  (2)]
        \tReporting 4 classes:
        \t\tClass originated from: 12. Type: XIValuatorClass
        ⎜   ↳ SynPS/2 Synaptics TouchPad              \tid=13\t[slave  pointer  (2)]
        \t\tClass originated from: 13. Type: XITouchClass
        \t\tTouch mode: dependent
        ⎜   ↳ Touch mode: direct\tid=abc\t[slave  pointer  (2)]
        ⎣ Virtual core keyboard                   \tid=3\t[master keyboard (2)]
        \tReporting 1 classes:
        ∼ Goodix Capacitive TouchScreen           \tid=14\t[floating slave]
        \t\tClass originated from: 14. Type: XITouchClass
        \t\tTouch mode: direct
        """

    func testTouchscreensAreTheSlavesWithADirectTouchClass() {
        let devices = XinputListing.parse(Self.listing)
        XCTAssertEqual(devices.map(\.id), [2, 4, 11, 12, 13, 3, 14], "a header without a numeric id is no device")
        XCTAssertEqual(devices.first { $0.id == 4 }?.name, "Virtual core XTEST pointer")
        XCTAssertEqual(devices.first { $0.id == 14 }?.name, "Goodix Capacitive TouchScreen")
        XCTAssertEqual(XinputListing.targets(devices, named: []).map(\.id), [11, 14],
                       "not the master whose class came from the touchscreen, not the touchpad")
    }

    func testNamedDevicesReplaceTheTouchscreensAndEveryDeviceOfTheNameCounts() {
        let devices = XinputListing.parse(Self.listing)
        XCTAssertEqual(XinputListing.targets(devices, named: ["ELAN Touchscreen"]).map(\.id), [11, 12])
        XCTAssertEqual(XinputListing.targets(devices, named: ["Virtual core XTEST pointer"]).map(\.id), [4])
        XCTAssertEqual(XinputListing.targets(devices, named: ["Virtual core pointer"]).map(\.id), [], "never a master")
        XCTAssertEqual(XinputListing.targets(devices, named: ["none"]).map(\.id), [])
    }

    func testTheListingIsBounded() {
        let many = (1...1000).map { "⎜   ↳ Touch \($0)\tid=\($0)\t[slave  pointer  (2)]\n\t\tTouch mode: direct" }.joined(separator: "\n")
        XCTAssertEqual(XinputListing.parse(many).count, XinputListing.maximumDevices)
    }

    func testTouchDeviceIsRepeatableAndNoneStandsAlone() throws {
        XCTAssertEqual(try runOptions([]).touchDevices, [])
        XCTAssertEqual(try runOptions(["--touch-device", "ELAN Touchscreen", "--touch-device=Pen"]).touchDevices, ["ELAN Touchscreen", "Pen"])
        XCTAssertEqual(try runOptions(["--touch-device", "none"]).touchDevices, ["none"])
        XCTAssertThrowsError(try runOptions(["--touch-device", "none", "--touch-device", "Pen"])) {
            XCTAssertEqual("\($0)", "--touch-device none cannot be given with device names")
        }
        XCTAssertThrowsError(try runOptions(["--touch-device", "Pen", "--touch-device", "none"]))
        XCTAssertThrowsError(try runOptions(["--touch-device", "bad\u{1B}]0;x"])) { XCTAssertTrue("\($0)".contains("no control characters"), "\($0)") }
        XCTAssertThrowsError(try runOptions(["--touch-device", ""])) { XCTAssertTrue("\($0)".contains("xinput list"), "\($0)") }
        XCTAssertTrue(OrientdCommandLine.usage.contains("--touch-device NAME"))
    }
}

import OrientationClient
import XCTest

/// The library's value types, without a bus.
final class ValueTests: XCTestCase {
    func testMaskBitsAreUIKits() {
        XCTAssertEqual(OrientationMask.portrait.rawValue, 2)
        XCTAssertEqual(OrientationMask.portraitUpsideDown.rawValue, 4)
        XCTAssertEqual(OrientationMask.landscapeRight.rawValue, 8)
        XCTAssertEqual(OrientationMask.landscapeLeft.rawValue, 16)
        XCTAssertEqual(OrientationMask.landscape.rawValue, 24)
        XCTAssertEqual(OrientationMask.all.rawValue, 30)
        XCTAssertEqual(OrientationMask.allButUpsideDown.rawValue, 26)
    }

    func testMaskNamesAreInCanonicalOrder() {
        XCTAssertEqual(OrientationMask.all.names,
                       ["portrait", "landscape-right", "landscape-left", "portrait-upside-down"])
        XCTAssertEqual(OrientationMask([.landscapeLeft, .portrait]).names, ["portrait", "landscape-left"])
        XCTAssertEqual(OrientationMask.landscape.description, "[landscape-right, landscape-left]")
        XCTAssertEqual(OrientationMask([]).names, [])
    }

    func testMaskReadsShorthandsAndRefusesUnknownNames() {
        XCTAssertEqual(OrientationMask(names: ["landscape"]), .landscape)
        XCTAssertEqual(OrientationMask(names: ["all"]), .all)
        XCTAssertEqual(OrientationMask(names: ["all-but-upside-down"]), .allButUpsideDown)
        XCTAssertEqual(OrientationMask(names: ["portrait", "portrait", "landscape-left"]), [.portrait, .landscapeLeft])
        XCTAssertNil(OrientationMask(names: ["portrait", "sideways"]))
        XCTAssertTrue(OrientationMask.allButUpsideDown.contains(InterfaceOrientation.landscapeLeft))
        XCTAssertFalse(OrientationMask.allButUpsideDown.contains(InterfaceOrientation.portraitUpsideDown))
    }

    func testWireNames() {
        XCTAssertEqual(InterfaceOrientation.canonicalOrder.map(\.rawValue),
                       ["portrait", "landscape-right", "landscape-left", "portrait-upside-down"])
        XCTAssertEqual(DeviceOrientation.allCases.map(\.rawValue),
                       ["unknown", "portrait", "portrait-upside-down", "landscape-left", "landscape-right",
                        "face-up", "face-down"])
        XCTAssertEqual(OrientationMode.allCases.map(\.rawValue), ["portrait", "landscape", "dynamic", "locked", "none"])
        XCTAssertEqual(ActivationState.allCases.map(\.rawValue),
                       ["foreground-active", "foreground-inactive", "background"])
        XCTAssertEqual(ControllerKind.allCases.map(\.rawValue), ["view", "navigation", "tab"])
        XCTAssertEqual(Idiom.allCases.map(\.rawValue), ["phone", "pad"])
    }

    func testDeviceTurnsAgainstTheInterface() {
        XCTAssertEqual(DeviceOrientation.portrait.interfaceOrientation, .portrait)
        XCTAssertEqual(DeviceOrientation.portraitUpsideDown.interfaceOrientation, .portraitUpsideDown)
        XCTAssertEqual(DeviceOrientation.landscapeLeft.interfaceOrientation, .landscapeRight)
        XCTAssertEqual(DeviceOrientation.landscapeRight.interfaceOrientation, .landscapeLeft)
        XCTAssertNil(DeviceOrientation.faceUp.interfaceOrientation)
        XCTAssertNil(DeviceOrientation.faceDown.interfaceOrientation)
        XCTAssertNil(DeviceOrientation.unknown.interfaceOrientation)
    }

    func testRotationDegrees() {
        XCTAssertEqual(InterfaceOrientation.canonicalOrder.map(\.clockwiseRotationDegrees), [0, 90, 270, 180])
        XCTAssertEqual(InterfaceOrientation.canonicalOrder.filter(\.isLandscape), [.landscapeRight, .landscapeLeft])
    }

    func testErrorCodesAreTheContractsNames() {
        XCTAssertEqual(OrientationClientError.Code.unknownController.rawValue,
                       "io.github.orientd.OrientationManager1.Error.UnknownController")
        XCTAssertEqual(OrientationClientError.Code.invalidArgs.rawValue, "org.freedesktop.DBus.Error.InvalidArgs")
        let contract = ["UnknownScene", "UnknownController", "DuplicateController", "WrongControllerKind",
                        "NoSupportedOrientation", "UnsupportedOrientation", "NotPermitted", "LimitExceeded", "SaveFailed"]
        for name in contract {
            let error = OrientationClientError(name: "io.github.orientd.OrientationManager1.Error." + name, message: "m")
            XCTAssertNotNil(error.code, name)
        }
        XCTAssertEqual(OrientationClientError.Code(rawValue: "io.github.orientd.OrientationManager1.Error.SaveFailed"), .saveFailed)
        XCTAssertEqual(Set(OrientationClientError.Code.allCases.map(\.rawValue)).count, OrientationClientError.Code.allCases.count)
        let unknown = OrientationClientError(name: "com.example.Error.Other", message: "something")
        XCTAssertNil(unknown.code)
        XCTAssertEqual(unknown.description, "com.example.Error.Other: something")
        XCTAssertEqual(OrientationClientError(.notPermitted, "no").name, "io.github.orientd.OrientationManager1.Error.NotPermitted")
    }

    func testChangeReasonKeepsUnknownReasons() {
        XCTAssertEqual(OrientationChangeReason(rawValue: "presentation"), .presentation)
        XCTAssertEqual(OrientationChangeReason(rawValue: "a-later-reason").rawValue, "a-later-reason")
        let change = OrientationChange(scenePath: "/s", previous: .portrait, current: .landscapeRight, reason: .presentation)
        XCTAssertEqual(change.description, "portrait -> landscape-right (presentation)")
    }
}

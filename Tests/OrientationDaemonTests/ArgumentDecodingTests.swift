import GLibBridge
import OrientationCore
import XCTest
@testable import OrientationDaemon

final class ArgumentDecodingTests: XCTestCase {
    func options(_ values: [String: Variant]) -> Variant { Variant(vardict: values) }

    func testRegistrationDecodesEveryKey() throws {
        let registration = try Decode.registration(options([
            "app-id": Variant(string: "com.example.Video"), "idiom": Variant(string: "pad"),
            "supported-orientations": Variant(strings: ["portrait", "landscape"]),
            "scene-delegate-orientations": Variant(strings: ["all"]),
            "app-delegate-orientations": Variant(strings: ["landscape-left"]),
            "width": Variant(uint32: 500), "height": Variant(uint32: 700),
            "display": Variant(string: "HDMI-1"), "detached": Variant(bool: true),
        ]))
        XCTAssertEqual(registration.appId, "com.example.Video")
        XCTAssertEqual(registration.idiom, .pad)
        XCTAssertEqual(registration.supported, [.portrait, .landscape])
        XCTAssertEqual(registration.sceneDelegate, .all)
        XCTAssertEqual(registration.appDelegate, .landscapeLeft)
        XCTAssertEqual(registration.width, 500)
        XCTAssertEqual(registration.height, 700)
        XCTAssertEqual(registration.display, "HDMI-1")
        XCTAssertTrue(registration.detached)
    }

    func testAnUnknownKeyIsQuotedEscaped() {
        for key in ["evil\u{202E}txet", "esc\u{1B}[2J", "iso\u{2067}late"] {
            do {
                _ = try Decode.registration(options(["app-id": Variant(string: "com.example.Video"), key: Variant(bool: true)]))
                XCTFail("an unknown key is refused")
            } catch {
                XCTAssertFalse(error.message.unicodeScalars.contains { ControlCharacters.isControl($0) || ControlCharacters.isFormatControl($0) },
                               error.message.debugDescription)
                XCTAssertTrue(error.message.contains("\\u{"), error.message)
            }
        }
    }

    func testEmptySupportedOrientationsArrayMeansNotGiven() throws {
        let registration = try Decode.registration(options([
            "app-id": Variant(string: "a"), "supported-orientations": Variant(strings: []),
        ]))
        XCTAssertNil(registration.supported)
    }

    func testUnknownKeyIsInvalidArgsNamingTheKeyAndTheValidOnes() {
        XCTAssertThrowsError(try Decode.registration(options(["app-id": Variant(string: "a"), "colour": Variant(string: "red")]))) { error in
            let error = error as! OrientationError
            XCTAssertEqual(error.name, "org.freedesktop.DBus.Error.InvalidArgs")
            XCTAssertTrue(error.message.contains("'colour'"), error.message)
            XCTAssertTrue(error.message.contains("app-id (s)"), error.message)
        }
    }

    func testWrongVariantTypeIsInvalidArgsNamingKeyAndTypes() {
        XCTAssertThrowsError(try Decode.registration(options(["app-id": Variant(string: "a"), "width": Variant(string: "wide")]))) { error in
            let error = error as! OrientationError
            XCTAssertEqual(error.kind, .invalidArgs)
            XCTAssertTrue(error.message.contains("'width'") && error.message.contains("type u, not s"), error.message)
        }
    }

    func testMissingAppIdIsInvalidArgs() {
        XCTAssertThrowsError(try Decode.registration(options([:]))) { error in
            XCTAssertTrue((error as! OrientationError).message.contains("app-id"))
        }
    }

    func testUnknownIdiomNamesTheValidOnes() {
        XCTAssertThrowsError(try Decode.registration(options(["app-id": Variant(string: "a"), "idiom": Variant(string: "watch")]))) { error in
            XCTAssertTrue((error as! OrientationError).message.contains("'watch'; valid values: phone, pad"))
        }
    }

    func testControllerPatchDecodesAndEmptyPreferredClears() throws {
        let patch = try Decode.controllerPatch(options([
            "should-autorotate": Variant(bool: false), "supported-orientations": Variant(strings: ["landscape"]),
            "preferred-orientation": Variant(string: ""), "fills-window": Variant(bool: false),
            "forwards-orientation": Variant(bool: false),
        ]))
        XCTAssertEqual(patch.shouldAutorotate, false)
        XCTAssertEqual(patch.supported, .landscape)
        XCTAssertEqual(patch.preferred, .some(nil))
        XCTAssertEqual(patch.fillsWindow, false)
        XCTAssertEqual(patch.forwardsOrientation, false)
    }

    func testControllerMaskMustNameSomething() {
        XCTAssertThrowsError(try Decode.controllerPatch(options(["supported-orientations": Variant(strings: [])]))) { error in
            XCTAssertEqual((error as! OrientationError).kind, .invalidArgs)
        }
    }

    func testEmptyPolicyRemovesAndFollowSensorDefaultsTrue() throws {
        XCTAssertNil(try Decode.appPolicy(options([:])))
        let policy = try Decode.appPolicy(options(["allowed-orientations": Variant(strings: ["portrait"])]))
        XCTAssertEqual(policy, AppPolicy(allowed: .portrait, followSensor: true))
    }

    func testControllerSpecRejectsUnknownKind() {
        XCTAssertThrowsError(try Decode.controllerSpec(id: Variant(string: "x"), kind: Variant(string: "split"), properties: options([:]))) { error in
            XCTAssertTrue((error as! OrientationError).message.contains("valid values: view, navigation, tab"))
        }
    }
}

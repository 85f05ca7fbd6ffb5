import OrientationCore
import XCTest

/// The wire vocabulary: masks, canonical order, UIKit bits, device → interface, iio strings.
final class VocabularyTests: XCTestCase {
    /// SettingKey is hashed and compared by its case (not its string): each key equals itself
    /// only, and a dictionary keyed by them keeps every key apart.
    func testEachSettingKeyIsItsOwnKey() {
        for a in SettingKey.allCases {
            for b in SettingKey.allCases {
                XCTAssertEqual(a == b, a.rawValue == b.rawValue, "\(a) == \(b)")
            }
        }
        let byKey = Dictionary(uniqueKeysWithValues: SettingKey.allCases.map { ($0, $0.rawValue) })
        XCTAssertEqual(byKey.count, SettingKey.allCases.count)
        for key in SettingKey.allCases { XCTAssertEqual(byKey[key], key.rawValue) }
    }

    func testMaskParsingAcceptsCompositesAndFoldsDuplicates() throws {
        XCTAssertEqual(try OrientationMask(parsing: ["landscape"]), [.landscapeLeft, .landscapeRight])
        XCTAssertEqual(try OrientationMask(parsing: ["all"]), .all)
        XCTAssertEqual(try OrientationMask(parsing: ["all-but-upside-down"]), [.portrait, .landscapeLeft, .landscapeRight])
        XCTAssertEqual(try OrientationMask(parsing: ["portrait", "portrait", "landscape", "landscape-left"]),
                       [.portrait, .landscapeLeft, .landscapeRight])
        XCTAssertEqual(try OrientationMask(parsing: ["portrait-upside-down", "all-but-upside-down"]), .all)
    }

    func testMaskParsingRejectsUnknownNamesListingValidValues() {
        XCTAssertThrowsError(try OrientationMask(parsing: ["portrait", "sideways"], what: "supported-orientations")) {
            let error = $0 as! OrientationError
            XCTAssertEqual(error.kind, .invalidArgs)
            XCTAssertEqual(error.name, "org.freedesktop.DBus.Error.InvalidArgs")
            XCTAssertTrue(error.message.contains("'sideways'"), error.message)
            XCTAssertTrue(error.message.contains("supported-orientations"), error.message)
            for valid in ["portrait", "landscape-right", "landscape-left", "portrait-upside-down",
                          "landscape", "all", "all-but-upside-down"] {
                XCTAssertTrue(error.message.contains(valid), "\(valid) missing from: \(error.message)")
            }
        }
        // Names are case-sensitive lowercase wire strings.
        XCTAssertThrowsError(try OrientationMask(parsing: ["Portrait"]))
    }

    func testMaskParsingRefusesAnEmptyListUnlessAllowed() {
        XCTAssertThrowsError(try OrientationMask(parsing: [])) {
            let error = $0 as! OrientationError
            XCTAssertEqual(error.kind, .invalidArgs)
            XCTAssertTrue(error.message.contains("portrait"), error.message)
        }
        XCTAssertEqual(try OrientationMask(parsing: [], allowEmpty: true), [])
    }

    func testMaskOutputIsSingleNamesInCanonicalOrder() throws {
        let mask = try OrientationMask(parsing: ["portrait-upside-down", "landscape-left", "landscape-right", "portrait"])
        XCTAssertEqual(mask.names, ["portrait", "landscape-right", "landscape-left", "portrait-upside-down"])
        XCTAssertEqual(OrientationMask.landscape.names, ["landscape-right", "landscape-left"])
        XCTAssertEqual(mask.description, "[portrait, landscape-right, landscape-left, portrait-upside-down]")
        XCTAssertEqual(OrientationMask().description, "[]")
    }

    func testCanonicalOrderPutsLandscapeRightFirstAmongLandscapes() {
        XCTAssertEqual(InterfaceOrientation.canonicalOrder, [.portrait, .landscapeRight, .landscapeLeft, .portraitUpsideDown])
        XCTAssertEqual(OrientationMask.all.first, .portrait)
        XCTAssertEqual(OrientationMask.landscape.first, .landscapeRight)
        XCTAssertEqual(([.landscapeLeft, .portraitUpsideDown] as OrientationMask).first, .landscapeLeft)
        XCTAssertEqual(OrientationMask.portraitUpsideDown.first, .portraitUpsideDown)
        XCTAssertNil(OrientationMask().first)
    }

    func testMaskUsesUIKitBits() {
        XCTAssertEqual(InterfaceOrientation.portrait.bit, 2)
        XCTAssertEqual(InterfaceOrientation.portraitUpsideDown.bit, 4)
        XCTAssertEqual(InterfaceOrientation.landscapeRight.bit, 8)
        XCTAssertEqual(InterfaceOrientation.landscapeLeft.bit, 16)
        XCTAssertEqual(OrientationMask.all.rawValue, 30)
        XCTAssertEqual(OrientationMask.allButUpsideDown.rawValue, 26)
        XCTAssertEqual(OrientationMask.landscape.rawValue, 24)
        // Bits outside UIKit's four are dropped.
        XCTAssertEqual(OrientationMask(rawValue: 0xFFFF_FFFF), .all)
        XCTAssertEqual(OrientationMask(rawValue: 1), [])
    }

    func testDeviceOrientationMapsToInterfaceAgainstTheDevice() {
        XCTAssertEqual(DeviceOrientation.portrait.interfaceOrientation, .portrait)
        XCTAssertEqual(DeviceOrientation.portraitUpsideDown.interfaceOrientation, .portraitUpsideDown)
        XCTAssertEqual(DeviceOrientation.landscapeLeft.interfaceOrientation, .landscapeRight)
        XCTAssertEqual(DeviceOrientation.landscapeRight.interfaceOrientation, .landscapeLeft)
    }

    func testFlatAndUnknownDeviceOrientationsMapToNothing() {
        XCTAssertNil(DeviceOrientation.faceUp.interfaceOrientation)
        XCTAssertNil(DeviceOrientation.faceDown.interfaceOrientation)
        XCTAssertNil(DeviceOrientation.unknown.interfaceOrientation)
    }

    func testIioReadingsMapForAPortraitNativePanel() {
        XCTAssertEqual(SensorReading.normal.deviceOrientation(), .portrait)
        XCTAssertEqual(SensorReading.bottomUp.deviceOrientation(), .portraitUpsideDown)
        XCTAssertEqual(SensorReading.leftUp.deviceOrientation(), .landscapeRight)
        XCTAssertEqual(SensorReading.rightUp.deviceOrientation(), .landscapeLeft)
        XCTAssertEqual(SensorReading.undefined.deviceOrientation(), .unknown)
        // left-up: the device's left edge up is device landscape-right, so interface landscape-left.
        XCTAssertEqual(SensorReading.leftUp.deviceOrientation().interfaceOrientation, .landscapeLeft)
        XCTAssertEqual(SensorReading(rawValue: "left-up"), .leftUp)
        XCTAssertEqual(SensorReading(rawValue: "bottom-up"), .bottomUp)
        XCTAssertEqual(SensorReading(rawValue: "right-up"), .rightUp)
    }

    func testIioReadingsOnALandscapeNativePanelTakeAQuarterTurn() {
        let natural = NaturalOrientation.landscape
        XCTAssertEqual(natural.quarterTurns, 1)
        XCTAssertEqual(NaturalOrientation.portrait.quarterTurns, 0)
        // `normal` on a landscape-native panel is held landscape.
        XCTAssertEqual(SensorReading.normal.deviceOrientation(natural: natural), .landscapeLeft)
        XCTAssertEqual(SensorReading.leftUp.deviceOrientation(natural: natural), .portrait)
        XCTAssertEqual(SensorReading.bottomUp.deviceOrientation(natural: natural), .landscapeRight)
        XCTAssertEqual(SensorReading.rightUp.deviceOrientation(natural: natural), .portraitUpsideDown)
        XCTAssertEqual(SensorReading.undefined.deviceOrientation(natural: natural), .unknown)
        // Each reading is the portrait-native one turned a quarter: still one orientation per reading.
        let upright: [SensorReading] = [.normal, .bottomUp, .leftUp, .rightUp]
        XCTAssertEqual(Set(upright.map { $0.deviceOrientation(natural: natural) }).count, 4)
        for reading in upright {
            XCTAssertNotEqual(reading.deviceOrientation(natural: natural).interfaceOrientation?.family,
                              reading.deviceOrientation().interfaceOrientation?.family, "\(reading)")
        }
    }

    func testQuarterTurnsCycleAndLeaveFlatOrientationsAlone() {
        XCTAssertEqual(DeviceOrientation.portrait.turned(quarterTurns: 4), .portrait)
        XCTAssertEqual(DeviceOrientation.portrait.turned(quarterTurns: -1), .landscapeRight)
        XCTAssertEqual(DeviceOrientation.landscapeRight.turned(quarterTurns: 1), .portrait)
        XCTAssertEqual(DeviceOrientation.faceUp.turned(quarterTurns: 1), .faceUp)
        XCTAssertEqual(DeviceOrientation.unknown.turned(quarterTurns: 3), .unknown)
    }

    func testWireNameParsersNameTheValidValues() {
        func check(_ body: () throws -> Void, mentions valid: [String], _ bad: String, line: UInt = #line) {
            XCTAssertThrowsError(try body(), line: line) {
                let error = $0 as! OrientationError
                XCTAssertEqual(error.kind, .invalidArgs, line: line)
                XCTAssertTrue(error.message.contains("'\(bad)'"), error.message, line: line)
                for name in valid { XCTAssertTrue(error.message.contains(name), "\(name): \(error.message)", line: line) }
            }
        }
        check({ _ = try DeviceOrientation(parsing: "flat") }, mentions: DeviceOrientation.allCases.map(\.rawValue), "flat")
        check({ _ = try InterfaceOrientation(parsing: "face-up") }, mentions: InterfaceOrientation.validNames, "face-up")
        check({ _ = try Idiom(parsing: "watch") }, mentions: ["phone", "pad"], "watch")
        check({ _ = try ControllerKind(parsing: "split") }, mentions: ["view", "navigation", "tab"], "split")
        check({ _ = try OrientationModeName(parsing: "auto") },
              mentions: ["portrait", "landscape", "dynamic", "locked", "none"], "auto")
        check({ _ = try ActivationState(parsing: "suspended") },
              mentions: ["foreground-active", "foreground-inactive", "background"], "suspended")
        XCTAssertEqual(try DeviceOrientation(parsing: "face-down"), .faceDown)
        XCTAssertEqual(try InterfaceOrientation(parsing: "landscape-left"), .landscapeLeft)
        XCTAssertEqual(try Idiom(parsing: "pad"), .pad)
        XCTAssertEqual(try ControllerKind(parsing: "tab"), .tab)
        XCTAssertEqual(try OrientationModeName(parsing: "locked"), .locked)
        XCTAssertEqual(try ActivationState(parsing: "foreground-inactive"), .foregroundInactive)
    }

    func testOrientationModesMapToTheirMasks() {
        XCTAssertEqual(ControllerMode.portrait.mask, .portrait)
        XCTAssertEqual(ControllerMode.landscape.mask, .landscape)
        XCTAssertEqual(ControllerMode.dynamic.mask, .all)
        XCTAssertEqual(ControllerMode.locked(.landscapeLeft).mask, .landscapeLeft)
        XCTAssertEqual(ControllerMode.locked(.portrait).name, "locked")
    }

    func testFamiliesAndTheSizeShapeRule() {
        XCTAssertEqual(InterfaceOrientation.portraitUpsideDown.family, .portrait)
        XCTAssertEqual(InterfaceOrientation.landscapeLeft.family, .landscape)
        XCTAssertEqual(OrientationFamily.portrait.mask, [.portrait, .portraitUpsideDown])
        XCTAssertEqual(OrientationFamily.landscape.mask, .landscape)
        XCTAssertEqual(OrientationFamily(width: 390, height: 844), .portrait)
        XCTAssertEqual(OrientationFamily(width: 800, height: 800), .portrait)
        XCTAssertEqual(OrientationFamily(width: 801, height: 800), .landscape)
    }

    func testErrorsCarryTheirDBusNames() {
        let prefix = "io.github.orientd.OrientationManager1.Error."
        let expected: [OrientationError.Kind: String] = [
            .unknownScene: prefix + "UnknownScene",
            .unknownController: prefix + "UnknownController",
            .duplicateController: prefix + "DuplicateController",
            .wrongControllerKind: prefix + "WrongControllerKind",
            .noSupportedOrientation: prefix + "NoSupportedOrientation",
            .unsupportedOrientation: prefix + "UnsupportedOrientation",
            .notPermitted: prefix + "NotPermitted",
            .limitExceeded: prefix + "LimitExceeded",
            .saveFailed: prefix + "SaveFailed",
            .invalidArgs: "org.freedesktop.DBus.Error.InvalidArgs",
            .accessDenied: "org.freedesktop.DBus.Error.AccessDenied",
        ]
        XCTAssertEqual(Set(expected.keys), Set(OrientationError.Kind.allCases))
        for (kind, name) in expected {
            let error = OrientationError(kind, "why")
            XCTAssertEqual(error.name, name)
            XCTAssertEqual(error.description, "\(name): why")
        }
    }
}

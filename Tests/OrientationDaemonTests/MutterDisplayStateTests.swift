import GLibBridge
import OrientationCore
import XCTest
@testable import OrientationDaemon

/// Reading mutter's GetCurrentState and building the ApplyMonitorsConfig that turns one
/// monitor while every other keeps its place.
final class MutterDisplayStateTests: XCTestCase {
    /// A GetCurrentState reply: a built-in 800×1280 panel and a 1920×1080 monitor, placed as given.
    func state(panelAt panel: (Int32, Int32), externalAt external: (Int32, Int32), layoutMode: UInt32 = 2,
               scale: Double = 1, panelTransform: UInt32 = 0) throws -> MutterDisplayState {
        let text = """
            (uint32 7, [(('eDP-1', 'BOE', '0x0a1b', '0x0'), [('800x1280@60', 800, 1280, 60.0, 1.0, [1.0, 2.0], {'is-current': <true>})], {'is-builtin': <true>}), \
            (('HDMI-1', 'DEL', 'U2419', 'X1'), [('1920x1080@60', 1920, 1080, 60.0, 1.0, [1.0], {'is-current': <true>}), ('1280x720@60', 1280, 720, 60.0, 1.0, [1.0], @a{sv} {})], @a{sv} {})], \
            [(\(panel.0), \(panel.1), \(scale), uint32 \(panelTransform), true, [('eDP-1', 'BOE', '0x0a1b', '0x0')], @a{sv} {}), \
            (\(external.0), \(external.1), 1.0, 0, false, [('HDMI-1', 'DEL', 'U2419', 'X1')], {})], {'layout-mode': <uint32 \(layoutMode)>})
            """
        return try MutterDisplayState(Variant(parsing: text))
    }

    func testReadsTheBuiltInPanelAndWhatItShows() throws {
        let s = try state(panelAt: (0, 0), externalAt: (800, 0), panelTransform: 1)
        XCTAssertEqual(s.serial, 7)
        XCTAssertEqual(s.panel(named: nil), "eDP-1")
        XCTAssertEqual(s.panel(named: "HDMI-1"), "HDMI-1")
        XCTAssertNil(s.panel(named: "DSI-1"))
        XCTAssertEqual(s.showing("eDP-1"), .landscapeLeft)
        XCTAssertEqual(s.enabledConnectorNames, ["eDP-1", "HDMI-1"])
    }

    func testTransformsFollowTheTable() {
        XCTAssertEqual(InterfaceOrientation.canonicalOrder.map(MutterDisplayState.transform(for:)), [0, 3, 1, 2])
        XCTAssertEqual((0..<8).map { MutterDisplayState.row(for: $0) },
                       [.portrait, .landscapeLeft, .portraitUpsideDown, .landscapeRight, nil, nil, nil, nil])
    }

    func testAMonitorRightOfThePanelMovesByItsNewWidth() throws {
        let s = try state(panelAt: (0, 0), externalAt: (800, 0))
        let turned = try XCTUnwrap(s.turning("eDP-1", to: 1))
        XCTAssertEqual(turned.map { [$0.x, $0.y] }, [[0, 0], [1280, 0]])
        XCTAssertEqual(turned.map(\.transform), [1, 0])
        XCTAssertEqual(turned.map(\.primary), [true, false])
    }

    func testAMonitorLeftOfThePanelStaysAndThePanelKeepsItsPlace() throws {
        let s = try state(panelAt: (1920, 0), externalAt: (0, 0))
        let turned = try XCTUnwrap(s.turning("eDP-1", to: 3))
        XCTAssertEqual(turned.map { [$0.x, $0.y] }, [[1920, 0], [0, 0]])
    }

    func testAMonitorBelowThePanelMovesByItsNewHeight() throws {
        let s = try state(panelAt: (0, 0), externalAt: (0, 1280))
        let turned = try XCTUnwrap(s.turning("eDP-1", to: 1))
        XCTAssertEqual(turned.map { [$0.x, $0.y] }, [[0, 0], [0, 800]])
    }

    func testAMonitorAboveThePanelStaysAndTheLayoutStartsAtTheOrigin() throws {
        let s = try state(panelAt: (0, 1080), externalAt: (0, 0))
        let turned = try XCTUnwrap(s.turning("eDP-1", to: 2))
        XCTAssertEqual(turned.map { [$0.x, $0.y] }, [[0, 1080], [0, 0]])
    }

    func testLogicalLayoutDividesByTheScale() throws {
        // A 2× panel in logical layout is 400×640 in the layout.
        let s = try state(panelAt: (0, 0), externalAt: (400, 0), layoutMode: 1, scale: 2)
        let turned = try XCTUnwrap(s.turning("eDP-1", to: 1))
        XCTAssertEqual(turned.map { [$0.x, $0.y] }, [[0, 0], [640, 0]])
    }

    func testApplyArgumentsListEveryMonitorWithItsCurrentMode() throws {
        let s = try state(panelAt: (0, 0), externalAt: (800, 0))
        let arguments = s.applyArguments(try XCTUnwrap(s.turning("eDP-1", to: 1)), method: 1)
        XCTAssertEqual(arguments.typeString, "(uua(iiduba(ssa{sv}))a{sv})")
        XCTAssertEqual(arguments.text(), "(7, 1, [(0, 0, 1.0, 1, true, [('eDP-1', '800x1280@60', {})]), (1280, 0, 1.0, 0, false, [('HDMI-1', '1920x1080@60', {})])], {})")
    }

    // MARK: A hostile DisplayConfig: every number checked before orientd computes with it

    /// A reply built value by value (the text format cannot spell NaN): a panel `Meta-0`
    /// with `mode` as its current mode, at (`x`, `y`) with `scale` and `transform`, and a
    /// second monitor right of it.
    func reply(mode: (Int32, Int32) = (800, 1280), x: Int32 = 0, y: Int32 = 0, scale: Double = 1,
               transform: UInt32 = 0, layoutMode: UInt32 = 1, padding: Int = 0, monitors: Int = 1) -> Variant {
        func spec(_ connector: String) -> Variant {
            Variant(tuple: [Variant(string: connector), Variant(string: "V"), Variant(string: "P"), Variant(string: "S")])
        }
        let modeVariant = Variant(tuple: [Variant(string: "m"), Variant(int32: mode.0), Variant(int32: mode.1), Variant(double: 60),
                                          Variant(double: 1), Variant(arrayOf: "d", [Variant(double: 1)]),
                                          Variant(vardict: ["is-current": Variant(bool: true)])])
        let names = (0..<monitors).map { "Meta-\($0)" }
        let monitorList = names.map { name in
            Variant(tuple: [spec(name), Variant(arrayOf: "(siiddada{sv})", [modeVariant]),
                            Variant(vardict: ["padding": Variant(string: String(repeating: "x", count: padding))])])
        }
        let logical = names.enumerated().map { index, name in
            Variant(tuple: [Variant(int32: index == 0 ? x : 5_000), Variant(int32: index == 0 ? y : 0),
                            Variant(double: index == 0 ? scale : 1), Variant(uint32: index == 0 ? transform : 0),
                            Variant(bool: index == 0), Variant(arrayOf: "(ssss)", [spec(name)]), Variant(vardict: [:])])
        }
        return Variant(tuple: [Variant(uint32: 1), Variant(arrayOf: "((ssss)a(siiddada{sv})a{sv})", monitorList),
                               Variant(arrayOf: "(iiduba(ssss)a{sv})", logical),
                               Variant(vardict: ["layout-mode": Variant(uint32: layoutMode)])])
    }

    /// The reason a reply is refused with; fails the test when it is accepted.
    func refusal(_ reply: Variant, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            let state = try MutterDisplayState(reply)
            XCTFail("accepted: \(state.logicalMonitors)", file: file, line: line)
            return ""
        } catch {
            return error.message
        }
    }

    func testTheIssuesValuesAreRefusedWithTheValueAndTheValidRange() {
        XCTAssertEqual(refusal(reply(scale: 1e-9)), "logical monitor 0 ('Meta-0') has scale 1e-09; valid: 0.25–16.0")
        XCTAssertEqual(refusal(reply(mode: (2_147_483_647, -2_147_483_648))),
                       "the current mode 'm' of 'Meta-0' has width 2147483647; valid: 1–65535")
        XCTAssertEqual(refusal(reply(mode: (800, -2_147_483_648))),
                       "the current mode 'm' of 'Meta-0' has height -2147483648; valid: 1–65535")
        XCTAssertEqual(refusal(reply(x: 2_147_483_647)), "logical monitor 0 ('Meta-0') is at x = 2147483647; valid: -1048576–1048576")
        XCTAssertEqual(refusal(reply(x: -2_147_483_648)), "logical monitor 0 ('Meta-0') is at x = -2147483648; valid: -1048576–1048576")
        XCTAssertEqual(refusal(reply(y: Int32.min)), "logical monitor 0 ('Meta-0') is at y = -2147483648; valid: -1048576–1048576")
    }

    func testEveryScaleThatIsNotAFiniteNumberInRangeIsRefused() {
        for scale in [0, -1, 1e-9, 0.2, 16.5, 1e308, .nan, .infinity, -.infinity, -.nan, .leastNonzeroMagnitude] {
            XCTAssertTrue(refusal(reply(scale: scale)).contains("has scale"), "scale \(scale)")
        }
        for scale in [0.25, 1, 1.25, 2, 4, 16] {
            XCTAssertNoThrow(try MutterDisplayState(reply(scale: scale)), "scale \(scale)")
        }
    }

    func testTransformsLayoutModesCountsAndSizeAreBounded() {
        XCTAssertEqual(refusal(reply(transform: 8)), "logical monitor 0 ('Meta-0') has transform 8; valid: 0–7")
        XCTAssertTrue(refusal(reply(transform: .max)).contains("transform 4294967295"))
        XCTAssertEqual(refusal(reply(layoutMode: 0)), "GetCurrentState has layout-mode 0; valid: 1 (logical), 2 (physical)")
        XCTAssertTrue(refusal(reply(layoutMode: 3)).contains("layout-mode 3"))
        XCTAssertEqual(refusal(reply(monitors: 65)), "GetCurrentState lists 65 monitors; at most 64 are read")
        let large = refusal(reply(padding: 5_000_000))
        XCTAssertTrue(large.hasPrefix("GetCurrentState answered 500") && large.hasSuffix(" bytes; orientd reads at most 1048576"), large)
        XCTAssertTrue(refusal(Variant(tuple: [Variant(uint32: 1)])).contains("answered (u)"))
        XCTAssertNoThrow(try MutterDisplayState(reply(padding: 10_000, monitors: 64)))
    }

    /// Every mode and position at the edges of the ranges, turned every way: no trap, and the
    /// result is in range or nil.
    func testTurningAtTheEdgesOfTheRangesNeverTraps() throws {
        let sides: [Int32] = [1, 2, 1_280, 65_535]
        let places: [Int32] = [-1_048_576, -1, 0, 1, 1_048_576]
        var turned = 0
        for width in sides {
            for height in sides {
                for x in places {
                    for scale in [0.25, 1, 16] {
                        let state = try MutterDisplayState(reply(mode: (width, height), x: x, y: x, scale: scale, monitors: 2))
                        for transform in UInt32(0)...7 {
                            if let result = state.turning("Meta-0", to: transform) {
                                turned += 1
                                XCTAssertEqual(result.map(\.x).min(), 0)
                                XCTAssertEqual(result.count, 2)
                            }
                        }
                    }
                }
            }
        }
        XCTAssertEqual(turned, 4 * 4 * 5 * 3 * 8, "every turn of a checked state fits in the layout")
    }

    func testNamesInMessagesAreEscapedAndCut() {
        XCTAssertEqual(MutterStateCheck.quoted("a\u{1b}[31mb"), "'a\\u{1b}[31mb'")
        XCTAssertEqual(MutterStateCheck.quoted(String(repeating: "n", count: 100)), "'" + String(repeating: "n", count: 64) + "…'")
    }
}

import GLibBridge
import OrientationCore
import XCTest
@testable import OrientationBus

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
        return try XCTUnwrap(MutterDisplayState(Variant(parsing: text)))
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
}

import OrientationCore
import XCTest
@testable import OrientationDaemon

/// The backends' parsers and transform tables (docs/output.md's table, row by row), read from
/// what xrandr really prints, and the Wayland transform values (wlr-output-management's and
/// KWin's output devices').
final class OutputToolListingTests: XCTestCase {
    // MARK: wlr-output-management

    /// wl_output counts counter-clockwise: landscape-left is 90 (1), landscape-right 270 (3);
    /// the flipped transforms (4–7) are outside the table.
    func testWaylandTransformsFollowTheTable() {
        let table: [(InterfaceOrientation, Int32)] = [
            (.portrait, 0), (.landscapeLeft, 1), (.landscapeRight, 3), (.portraitUpsideDown, 2),
        ]
        for (orientation, transform) in table {
            XCTAssertEqual(WaylandOutputBackend.transform(for: orientation), transform)
            XCTAssertEqual(WaylandOutputBackend.orientation(forTransform: transform), orientation)
        }
        for flipped in Int32(4)...7 { XCTAssertNil(WaylandOutputBackend.orientation(forTransform: flipped)) }
        XCTAssertNil(WaylandOutputBackend.orientation(forTransform: nil))
    }

    // MARK: xrandr

    static let xrandr = """
        Screen 0: minimum 160 x 160, current 1280 x 800, maximum 1600 x 1280
        default connected 1280x800+0+0 left (normal left inverted right x axis y axis) 0mm x 0mm
           1600x1200      0.00
           800x1280       0.00*
        eDP-1 connected primary 800x1280+0+0 (normal left inverted right x axis y axis) 150mm x 240mm
           800x1280      60.00*+
        LVDS-1 connected 1280x800+800+0 right X axis (normal left inverted right x axis y axis) 0mm x 0mm
        HDMI-1 disconnected (normal left inverted right x axis y axis)
        DP-2 connected (normal left inverted right x axis y axis)
        VGA-1 connected 800x1280+0+0 inverted (normal left inverted right x axis y axis) 0mm x 0mm

        """

    func testXrandrListing() {
        XCTAssertEqual(XrandrListing.parse(Self.xrandr), [
            // The geometry is the size (X11 has no scale): the screen's class is measured from it.
            ToolOutput(name: "default", enabled: true, showing: .landscapeLeft, size: PanelSize(width: 1280, height: 800, scale: 1)),
            ToolOutput(name: "eDP-1", enabled: true, showing: .portrait, size: PanelSize(width: 800, height: 1280, scale: 1)),
            ToolOutput(name: "LVDS-1", enabled: true, showing: nil, size: PanelSize(width: 1280, height: 800, scale: 1)),  // reflected: outside the table
            ToolOutput(name: "HDMI-1", enabled: false, showing: nil),
            ToolOutput(name: "DP-2", enabled: false, showing: nil),  // connected but off
            ToolOutput(name: "VGA-1", enabled: true, showing: .portraitUpsideDown, size: PanelSize(width: 800, height: 1280, scale: 1)),
        ])
        XCTAssertNil(XrandrTool().parse("Can't open display :5\n"), "an error text is no listing")
    }

    func testRandRRotationsFollowTheTable() {
        let table: [(InterfaceOrientation, String)] = [
            (.portrait, "normal"), (.landscapeLeft, "left"), (.landscapeRight, "right"), (.portraitUpsideDown, "inverted"),
        ]
        for (orientation, rotation) in table {
            XCTAssertEqual(XrandrListing.rotation(for: orientation), rotation)
        }
        XCTAssertEqual(XrandrTool().applyCommand(output: "eDP-1", .landscapeRight),
                       ["xrandr", "--output", "eDP-1", "--rotate", "right"])
    }

    // MARK: A Wayland compositor's listing (wlroots' heads, KWin's output devices)

    func testAWaylandListingKeepsEachNamedOutputWithWhatItShows() {
        let heads = [WaylandConnection.Head(name: "Virtual-0", enabled: true, transform: 1),
                     WaylandConnection.Head(name: "eDP-1", enabled: false, transform: 3),
                     WaylandConnection.Head(name: "DP-1", enabled: true, transform: 5),
                     WaylandConnection.Head(name: "DSI-1", enabled: true, transform: nil)]
        XCTAssertEqual(WaylandOutputBackend.outputs(from: heads), [
            ToolOutput(name: "Virtual-0", enabled: true, showing: .landscapeLeft),
            ToolOutput(name: "eDP-1", enabled: false, showing: .landscapeRight),
            ToolOutput(name: "DP-1", enabled: true, showing: nil),
            ToolOutput(name: "DSI-1", enabled: true, showing: nil),
        ])
    }

    /// The compositor is untrusted: an output without a name (none sent, or one over 64 bytes,
    /// which the C shim drops) or with a control character in it is never the panel, and its
    /// name never reaches a log line or `OutputStatus`.
    func testAWaylandOutputWithNoNameOrAHostileOneIsLeftOut() {
        let heads = [WaylandConnection.Head(name: "", enabled: true, transform: 0),
                     WaylandConnection.Head(name: "eDP-1\u{1B}[2J\nforged line", enabled: true, transform: 0),
                     WaylandConnection.Head(name: "eDP-2\u{85}", enabled: true, transform: 0),
                     WaylandConnection.Head(name: "DSI-1", enabled: true, transform: 2)]
        let outputs = WaylandOutputBackend.outputs(from: heads)
        XCTAssertEqual(outputs, [ToolOutput(name: "DSI-1", enabled: true, showing: .portraitUpsideDown)])
        XCTAssertEqual(try PanelChoice.panel(in: outputs, requested: nil).get().name, "DSI-1")
    }

    // MARK: The compositor's answer to an apply

    /// KWin's `failed` and wlroots' `failed`: the panel stays as it was and that is reported,
    /// so the core knows the turn did not happen; nothing is sent again.
    func testARefusedTurnLeavesThePanelAsItWasAndSaysSo() {
        let outcome = WaylandOutputBackend.outcome(of: .failed, applying: .landscapeLeft, showing: .portrait)
        XCTAssertEqual(outcome, .init(showing: .portrait, refused: true, sendAgain: false))
    }

    func testASucceededTurnIsWhatThePanelShowsBeforeTheListingSaysSo() {
        let outcome = WaylandOutputBackend.outcome(of: .succeeded, applying: .landscapeLeft, showing: .portrait)
        XCTAssertEqual(outcome, .init(showing: .landscapeLeft, refused: false, sendAgain: false))
    }

    func testACancelledTurnIsSentAgain() {
        let outcome = WaylandOutputBackend.outcome(of: .cancelled, applying: .landscapeLeft, showing: nil)
        XCTAssertEqual(outcome, .init(showing: nil, refused: false, sendAgain: true))
    }

    // MARK: The panel

    func testTheBuiltInPanelIsTheFirstEDPDSIOrLVDSOutputThatIsOn() {
        let outputs = [
            ToolOutput(name: "HDMI-A-1", enabled: true, showing: .portrait),
            ToolOutput(name: "eDP-1", enabled: false, showing: .portrait),
            ToolOutput(name: "DSI-1", enabled: true, showing: .landscapeLeft),
            ToolOutput(name: "LVDS-1", enabled: true, showing: .portrait),
        ]
        XCTAssertEqual(try PanelChoice.panel(in: outputs, requested: nil).get().name, "DSI-1")
        XCTAssertEqual(try PanelChoice.panel(in: outputs, requested: "HDMI-A-1").get().name, "HDMI-A-1")
    }

    func testNoPanelSaysWhatWasWantedAndWhatIsThere() {
        let outputs = [
            ToolOutput(name: "HEADLESS-1", enabled: true, showing: .portrait),
            ToolOutput(name: "eDP-1", enabled: false, showing: .portrait),
        ]
        guard case .failure(let builtin) = PanelChoice.panel(in: outputs, requested: nil),
              case .failure(let named) = PanelChoice.panel(in: outputs, requested: "eDP-1") else {
            return XCTFail("an output that is off, or not built-in, was picked")
        }
        XCTAssertEqual(builtin.description, "no built-in panel (eDP-*, DSI-*, LVDS-*) is on "
                       + "(outputs on: HEADLESS-1; off: eDP-1); choose one with --output HEADLESS-1")
        XCTAssertEqual(named.description, "no output eDP-1 is on (outputs on: HEADLESS-1; off: eDP-1); choose one with --output HEADLESS-1")
        let nothing = PanelNotFound(requested: nil, outputs: [ToolOutput(name: "eDP-1", enabled: false, showing: nil)])
        XCTAssertEqual(nothing.description, "no built-in panel (eDP-*, DSI-*, LVDS-*) is on (outputs on: none; off: eDP-1)",
                       "with nothing on, no output is suggested")
    }

    // MARK: Where the compositors are

    func testWaylandSocketPath() {
        XCTAssertEqual(WaylandSocket.socketPath(environment: ["XDG_RUNTIME_DIR": "/run/user/1000", "WAYLAND_DISPLAY": "wayland-1"]),
                       "/run/user/1000/wayland-1")
        XCTAssertEqual(WaylandSocket.socketPath(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"]), "/run/user/1000/wayland-0")
        XCTAssertEqual(WaylandSocket.socketPath(environment: ["WAYLAND_DISPLAY": "/tmp/sock"]), "/tmp/sock")
        XCTAssertNil(WaylandSocket.socketPath(environment: ["WAYLAND_DISPLAY": "wayland-0"]))
    }

    func testX11SocketPath() {
        XCTAssertEqual(X11Presence.socketPath(display: ":0"), "/tmp/.X11-unix/X0")
        XCTAssertEqual(X11Presence.socketPath(display: ":12.1"), "/tmp/.X11-unix/X12")
        XCTAssertEqual(X11Presence.socketPath(display: "unix:3"), "/tmp/.X11-unix/X3")
        XCTAssertNil(X11Presence.socketPath(display: "remote:0"))
        XCTAssertNil(X11Presence.socketPath(display: ""))
    }
}

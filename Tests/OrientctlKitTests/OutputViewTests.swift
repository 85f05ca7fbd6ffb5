import OrientationClient
import Foundation
import GLibBridge
import OrientctlKit
import XCTest

/// `status`'s output lines and JSON members while a backend drives the panel, and while none does.
final class OutputViewTests: XCTestCase {
    let plain = Style(enabled: false)

    func manager(_ extra: [String: Variant]) -> ManagerProperties {
        var properties: [String: Variant] = ["DeviceOrientation": Variant(string: "portrait"), "Version": Variant(uint32: 1)]
        properties.merge(extra) { _, new in new }
        return ManagerProperties(properties)
    }

    let scenes = [SceneProperties(path: "/io/github/orientd/OrientationManager1/scene/_3a1_2e5/7",
                             properties: ["AppId": Variant(string: "org.example.Video")])]

    func testDriving() throws {
        let m = manager([
            "OutputBackend": Variant(string: "mutter"), "OutputName": Variant(string: "eDP-1"),
            "OutputOrientation": Variant(string: "landscape-left"),
            "FrontScene": Variant(objectPath: "/io/github/orientd/OrientationManager1/scene/_3a1_2e5/7"),
        ])
        let lines = StatusView.lines(manager: m, scenes: scenes, aligned: false, style: plain)
        XCTAssertTrue(lines.contains("Output: mutter turns eDP-1, showing landscape-left"), "\(lines)")
        XCTAssertTrue(lines.contains("Front scene: 7 org.example.Video"), "\(lines)")
        let json = try object(StatusView.json(manager: m, scenes: scenes))
        XCTAssertEqual(json["outputBackend"] as? String, "mutter")
        XCTAssertEqual(json["outputName"] as? String, "eDP-1")
        XCTAssertEqual(json["outputOrientation"] as? String, "landscape-left")
        XCTAssertEqual(json["frontScene"] as? Int, 7)
    }

    /// KWin's auto-rotation cannot be held through its output management: status says so.
    func testKWinSaysItsAutoRotationIsNotHeld() {
        let m = manager(["OutputBackend": Variant(string: "kwin"), "OutputName": Variant(string: "eDP-1"),
                         "OutputOrientation": Variant(string: "portrait")])
        let lines = StatusView.lines(manager: m, scenes: [], aligned: false, style: plain)
        XCTAssertTrue(lines.contains("Output: kwin turns eDP-1, showing portrait; \(OutputView.kwinAutoRotation)"), "\(lines)")
    }

    func testAnUnknownTransformAndAFrontSceneNotListed() {
        let m = manager([
            "OutputBackend": Variant(string: "x11"), "OutputName": Variant(string: "LVDS-1"),
            "OutputOrientation": Variant(string: ""),
            "FrontScene": Variant(objectPath: "/io/github/orientd/OrientationManager1/scene/_3a1_2e5/9"),
        ])
        XCTAssertEqual(OutputView.outputLine(m, style: plain), "x11 turns LVDS-1, showing an unknown orientation")
        XCTAssertEqual(OutputView.frontSceneLine(m, scenes: scenes), "9")
    }

    func testNoneSaysWhyAsTheServiceDoes() throws {
        let why = "mutter: no built-in panel (eDP, DSI, LVDS or marked built-in) is on (monitors on: Meta-0); choose one with --output Meta-0"
        let m = manager(["OutputBackend": Variant(string: "none"), "OutputName": Variant(string: ""),
                         "OutputOrientation": Variant(string: ""), "OutputStatus": Variant(string: why),
                         "FrontScene": Variant(objectPath: "/")])
        let lines = StatusView.lines(manager: m, scenes: [], aligned: false, style: plain)
        XCTAssertTrue(lines.contains("Output: none: \(why)"), "\(lines)")
        let json = try object(StatusView.json(manager: m, scenes: []))
        XCTAssertEqual(json["outputStatus"] as? String, why)
        XCTAssertTrue(json["outputBackend"] is NSNull)
    }

    func testAStatusWithControlCharactersIsShownEscaped() {
        let m = manager(["OutputBackend": Variant(string: "none"), "OutputStatus": Variant(string: "x11: \u{1b}[2Jgone")])
        XCTAssertFalse(OutputView.outputLine(m, style: plain).contains("\u{1b}"))
    }

    func testNoneIsNull() throws {
        let m = manager(["OutputBackend": Variant(string: "none"), "OutputName": Variant(string: ""),
                         "OutputOrientation": Variant(string: ""), "FrontScene": Variant(objectPath: "/")])
        XCTAssertEqual(OutputView.outputLine(m, style: plain), "none", "an orientd before Version 3 does not say why")
        XCTAssertEqual(OutputView.frontSceneLine(m, scenes: scenes), "none")
        let json = try object(StatusView.json(manager: m, scenes: []))
        for key in ["outputBackend", "outputName", "outputOrientation", "outputStatus", "frontScene"] {
            XCTAssertTrue(json[key] is NSNull, key)
        }
    }

    private func object(_ value: PrintedJSON) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(value.serialized(pretty: false).utf8)) as? [String: Any])
    }
}

/// `status`'s window tracking line and `list`'s observed flag.
final class WindowTrackingViewTests: XCTestCase {
    func testStatusShowsTheTrackerTheWindowsAndTheFrontApp() {
        let m = ManagerProperties(["WindowTracking": Variant(string: "wlroots"), "TrackedWindows": Variant(uint32: 3),
                              "FrontApp": Variant(string: "org.example.Reader")])
        XCTAssertEqual(OutputView.windowsLine(m), "wlroots, 3 app windows, org.example.Reader in front")
        let lines = StatusView.lines(manager: m, scenes: [], aligned: false, style: Style(enabled: false))
        XCTAssertTrue(lines.contains("Window tracking: wlroots, 3 app windows, org.example.Reader in front"), "\(lines)")
        let single = ManagerProperties(["WindowTracking": Variant(string: "x11"), "TrackedWindows": Variant(uint32: 1),
                                   "FrontApp": Variant(string: "")])
        XCTAssertEqual(OutputView.windowsLine(single), "x11, 1 app window, no app in front")
        XCTAssertEqual(OutputView.windowsLine(ManagerProperties(["WindowTracking": Variant(string: "none")])),
                       "none (only registered scenes count)")
        // The reason, when orientd gives one (and never the terminal's control characters).
        let why = OutputView.windowsLine(ManagerProperties(["WindowTracking": Variant(string: "none"),
                                                            "WindowTrackingStatus": Variant(string: "kwin: \u{1b}[2Jgone")]))
        XCTAssertTrue(why.hasPrefix("none: kwin: "), why)
        XCTAssertFalse(why.contains("\u{1b}"), why)
    }

    func testListMarksObservedScenes() {
        let observed = SceneProperties(path: "/io/github/orientd/OrientationManager1/scene/observed/4",
                                  properties: ["Observed": Variant(bool: true), "Detached": Variant(bool: true)])
        XCTAssertEqual(observed.flags, ["observed"])
        let detached = SceneProperties(path: "/io/github/orientd/OrientationManager1/scene/_3a1_2e5/5",
                                  properties: ["Observed": Variant(bool: false), "Detached": Variant(bool: true)])
        XCTAssertEqual(detached.flags, ["detached"])
    }
}

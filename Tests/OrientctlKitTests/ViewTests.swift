import OrientationClient
import Foundation
import GLibBridge
import OrientctlKit
import XCTest

/// The renderers, from hand-made values (no bus).
final class ViewTests: XCTestCase {
    private let plain = Style(enabled: false)

    private func scene(_ number: Int, _ appId: String, orientation: String = "portrait", idiom: String = "phone",
                       supported: [String] = ["portrait"], deciding: String = "", extra: [String: Variant] = [:]) -> SceneProperties {
        var properties: [String: Variant] = [
            "AppId": Variant(string: appId), "Idiom": Variant(string: idiom), "Display": Variant(string: "builtin"),
            "InterfaceOrientation": Variant(string: orientation), "SupportedOrientations": Variant(strings: supported),
            "DecidingController": Variant(string: deciding), "Detached": Variant(bool: true),
            "SplitView": Variant(bool: false), "ActivationState": Variant(string: "foreground-active"),
        ]
        properties.merge(extra) { _, new in new }
        return SceneProperties(path: "/io/github/orientd/OrientationManager1/scene/_3a1_2e5/\(number)", properties: properties)
    }

    private var videoTree: [ControllerEntry] {
        [ControllerEntry(id: "nav", kind: "navigation", deciding: true),
         ControllerEntry(id: "list", kind: "view", parent: "nav", relation: "child", supported: ["portrait"], deciding: true),
         ControllerEntry(id: "settings", kind: "view", parent: "list", relation: "presented", fillsWindow: false),
         ControllerEntry(id: "player", kind: "view", parent: "nav", relation: "child",
                        supported: ["landscape-right", "landscape-left"], preferred: "landscape-right",
                        shouldAutorotate: false, mode: "locked")]
    }

    func testTreeDrawsTheDecidingPath() {
        XCTAssertEqual(TreeView.lines(videoTree, style: plain), [
            "* nav (navigation): mask default, autorotates",
            "* ├─ list (view): mask portrait, autorotates  ← decides",
            "  │  └─ settings (view, presented as a sheet): mask default, autorotates",
            "  └─ player (view): mask landscape, mode locked, prefers landscape-right, no autorotation",
        ])
    }

    func testTreeDescribesTabsAndContainersThatDoNotForward() {
        let nodes = [ControllerEntry(id: "tabs", kind: "tab", forwardsOrientation: false, deciding: true),
                     ControllerEntry(id: "a", kind: "view", parent: "tabs", relation: "child", selected: true)]
        XCTAssertEqual(TreeView.lines(nodes, style: plain), [
            "* tabs (tab): mask default, autorotates, decides itself (no forwarding)  ← decides",
            "  └─ a (view, selected tab): mask default, autorotates",
        ])
    }

    func testTreeJSONFollowsTheConvention() throws {
        let text = TreeView.json(scene: "/s/1", videoTree).serialized(pretty: false)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let controllers = try XCTUnwrap(object["controllers"] as? [[String: Any]])
        XCTAssertEqual(controllers.map { $0["id"] as? String }, ["nav", "list", "settings", "player"])
        XCTAssertEqual(controllers[3]["mode"] as? String, "locked")
        XCTAssertEqual(controllers[3]["shouldAutorotate"] as? Bool, false)
        XCTAssertEqual(controllers[2]["fillsWindow"] as? Bool, false)
        XCTAssertEqual(controllers[1]["deciding"] as? Bool, true)
    }

    func testExplainAnswersTheChecklist() {
        let steps = [
            ExplainStep(name: "supported-orientations", orientations: ["portrait", "landscape-right", "landscape-left"], sentence: "W."),
            ExplainStep(name: "window-policy", orientations: ["portrait", "landscape-right", "landscape-left"], sentence: "D."),
            ExplainStep(name: "controller", orientations: ["landscape-right", "landscape-left"], sentence: "C."),
            ExplainStep(name: "path", orientations: ["landscape-right", "landscape-left"], sentence: "P."),
            ExplainStep(name: "decision", orientations: ["landscape-right"], sentence: "R."),
        ]
        let lines = ExplainView.lines(scene: scene(1, "org.example.Video", orientation: "landscape-right"), steps: steps,
                                      path: ["nav", "player"], style: plain)
        XCTAssertEqual(lines, [
            "Scene 1 (org.example.Video, phone) is landscape-right.",
            "Checklist: supported orientations → delegate → controller → container",
            "",
            " 1 supported   portrait, landscape", "   W.",
            " 2 delegate    unchanged", "   D.",
            " 3 controller  landscape (narrowed)", "   C.",
            "   container   nav → player", "   P.",
            " → decision    landscape-right", "   R.",
        ])
    }

    func testStatusLinesAndJSON() throws {
        let manager = ManagerProperties([
            "DeviceOrientation": Variant(string: "landscape-left"), "SensorSource": Variant(string: "manual"),
            "SensorAvailable": Variant(bool: false), "RotationLocked": Variant(bool: true), "KioskMode": Variant(bool: false),
            "KioskOrientation": Variant(string: "portrait"), "SettleTime": Variant(uint32: 250),
            "SplitViewThreshold": Variant(uint32: 768), "Version": Variant(uint32: 1),
        ])
        let scenes = [scene(1, "a.b", deciding: "list"), scene(2, "c.d", idiom: "pad", extra: ["SplitView": Variant(bool: true)])]
        XCTAssertEqual(StatusView.lines(manager: manager, scenes: scenes, aligned: false, style: plain), [
            "Device orientation: landscape-left (manual)",
            "Sensor available: no",
            "Rotation lock: on",
            "Kiosk mode: off (kiosk orientation portrait)",
            "Settle time: 250 ms",
            "Split-view threshold: 768 points",
            "Output: none",
            "Window tracking: none (only registered scenes count)",
            "Front scene: none",
            "Scenes: 1 a.b: portrait (phone, deciding list, detached)",
            "  2 c.d: portrait (pad, no controllers, detached, split-view)",
        ])
        let aligned = StatusView.lines(manager: manager, scenes: [], aligned: true, style: plain)
        XCTAssertEqual(aligned.first, "  Device orientation: landscape-left (manual)")
        XCTAssertEqual(aligned.last, "              Scenes: none")

        let text = StatusView.json(manager: manager, scenes: scenes).serialized(pretty: true)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(object["rotationLocked"] as? Bool, true)
        XCTAssertEqual(object["settleTime"] as? Int, 250)
        let listed = try XCTUnwrap(object["scenes"] as? [[String: Any]])
        XCTAssertEqual(listed.map { $0["number"] as? Int }, [1, 2])
        XCTAssertEqual(listed[1]["splitView"] as? Bool, true)
    }

    /// Beside a sensor that is there, a manual orientation was set by hand and holds only until
    /// the sensor reads again; under the rotation lock it is the orientation the lock froze.
    func testStatusSaysAHandSetDeviceAndOneFrozenByTheLock() {
        func deviceLine(locked: Bool, source: String) -> String? {
            let manager = ManagerProperties([
                "DeviceOrientation": Variant(string: "landscape-left"), "SensorSource": Variant(string: source),
                "SensorAvailable": Variant(bool: true), "RotationLocked": Variant(bool: locked), "KioskMode": Variant(bool: false),
                "KioskOrientation": Variant(string: "portrait"), "SettleTime": Variant(uint32: 250),
                "SplitViewThreshold": Variant(uint32: 768), "Version": Variant(uint32: 1),
            ])
            return StatusView.lines(manager: manager, scenes: [], aligned: false, style: plain).first
        }
        XCTAssertEqual(deviceLine(locked: false, source: "manual"),
                       "Device orientation: landscape-left (set by hand, until the accelerometer reads again: orientctl explain says how long)")
        XCTAssertEqual(deviceLine(locked: true, source: "iio-sensor-proxy"),
                       "Device orientation: landscape-left (iio-sensor-proxy; as it was when the rotation lock was set: orientctl explain says how it is held now)")
        XCTAssertEqual(deviceLine(locked: false, source: "iio-sensor-proxy"), "Device orientation: landscape-left (iio-sensor-proxy)")
    }

    func testSceneList() {
        let scenes = [scene(3, "a.b", orientation: "landscape-right", supported: ["landscape-right", "landscape-left"], deciding: "p",
                            extra: ["ActivationState": Variant(string: "background")])]
        XCTAssertEqual(SceneListView.lines(scenes, aligned: false, style: plain), [
            "SCENE\tAPP-ID\tIDIOM\tDISPLAY\tORIENTATION\tMASK\tDECIDING\tFLAGS",
            "3\ta.b\tphone\tbuiltin\tlandscape-right\tlandscape\tp\tdetached,background",
        ])
        XCTAssertEqual(SceneListView.lines([], aligned: true, style: plain).last, "0 scenes listed.")
    }

    func testHistoryPoliciesAndProperties() {
        let entry = ChangeRecord(scene: "/io/github/orientd/OrientationManager1/scene/_3a1_2e5/4", appID: "a.b",
                                 time: 1_700_000_000_000_000, previous: "portrait", current: "landscape-left", reason: "device")
        let lines = HistoryView.lines([entry], aligned: false, style: plain)
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines[1].hasSuffix("\t4\ta.b\tportrait\tlandscape-left\tdevice"), lines[1])

        let policies = [AppPolicyEntry(appID: "a.b", allowed: ["landscape-right", "landscape-left"], followSensor: false),
                        AppPolicyEntry(appID: "c.d", allowed: nil, followSensor: true, source: "/etc/orientd/orientd.conf",
                                  lockedBy: "/etc/orientd/orientd.conf")]
        XCTAssertEqual(PolicyView.lines(policies, aligned: false, style: plain),
                       ["APP-ID\tALLOWED\tFOLLOW-SENSOR\tSOURCE\tLOCKED", "a.b\tlandscape\tno\tuser\tno",
                        "c.d\tany\tyes\t/etc/orientd/orientd.conf\tyes"])
        XCTAssertEqual(PolicyView.json(policies).serialized(pretty: false),
                       #"[{"appId":"a.b","allowedOrientations":["landscape-right","landscape-left"],"followSensor":false,"source":"user","locked":false,"lockedBy":null},"#
                       + #"{"appId":"c.d","allowedOrientations":null,"followSensor":true,"source":"/etc/orientd/orientd.conf","locked":true,"#
                       + #""lockedBy":"/etc/orientd/orientd.conf"}]"#)
        XCTAssertEqual(PolicyView.lines(policies, aligned: false, style: plain, legend: false),
                       ["a.b\tlandscape\tno\tuser\tno", "c.d\tany\tyes\t/etc/orientd/orientd.conf\tyes"])
        XCTAssertEqual(PolicyView.line(appId: "a.b", policies[0]), "a.b: allowed landscape; does not follow the sensor")
        XCTAssertEqual(PolicyView.line(appId: "c.d", policies[1]),
                       "c.d: no orientation cap; follows the sensor; set by /etc/orientd/orientd.conf (locked)")
        XCTAssertEqual(AppPolicyEntry(appID: "e.f", values: ["follow-sensor": Variant(bool: true), "source": Variant(string: "/etc/x.conf"),
                                                         "locked": Variant(bool: false)]),
                       AppPolicyEntry(appID: "e.f", allowed: nil, followSensor: true, source: "/etc/x.conf"))
        // A later file set the locked policy's other key: it is the source, the earlier file locks it.
        let split = AppPolicyEntry(appID: "g.h", values: ["follow-sensor": Variant(bool: false), "source": Variant(string: "/etc/b.conf"),
                                                     "locked": Variant(bool: true), "locked-by": Variant(string: "/usr/share/a.conf")])
        XCTAssertEqual(split.lockedColumn, "yes, by /usr/share/a.conf")
        XCTAssertEqual(PolicyView.line(appId: "g.h", split),
                       "g.h: no orientation cap; does not follow the sensor; set by /etc/b.conf (locked by /usr/share/a.conf)")
        // An orientd before Version 3 named the locking file as the source.
        XCTAssertEqual(AppPolicyEntry(appID: "g.h", values: ["source": Variant(string: "/etc/a.conf"), "locked": Variant(bool: true)]).lockedBy,
                       "/etc/a.conf")
        XCTAssertEqual(PropertiesView.lines([("A", "1"), ("B", "x y")], valueOnly: false), ["A=1", "B=x y"])
        XCTAssertEqual(PropertiesView.lines([("A", "1"), ("B", "x y")], valueOnly: true), ["1", "x y"])
    }

    func testMonitorEvents() throws {
        let time: UInt64 = 1_700_000_000_000_000
        let event = MonitorEvent.orientationChanged(scene: "/io/github/orientd/OrientationManager1/scene/_3a1_2e5/2", appId: "a.b",
                                                    previous: "portrait", current: "landscape-left", reason: "device")
        XCTAssertTrue(event.line(at: time, style: plain).hasSuffix(" scene 2 a.b: portrait → landscape-left (device)"))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(event.json(at: time).serialized(pretty: false).utf8)) as? [String: Any])
        XCTAssertEqual(object["event"] as? String, "orientation-changed")
        XCTAssertEqual(object["number"] as? Int, 2)
        XCTAssertEqual(object["reason"] as? String, "device")
        XCTAssertEqual(object["timeUsec"] as? Int, Int(time))
        XCTAssertTrue(MonitorEvent.setting(name: "RotationLocked", text: "yes", value: .bool(true))
            .line(at: time, style: plain).hasSuffix(" setting: RotationLocked=yes"))
        // What orientd reports is state, not a setting; the configuration read is its own kind.
        XCTAssertTrue(MonitorEvent.setting(name: "OutputOrientation", text: "landscape-left", value: .string("landscape-left"))
            .line(at: time, style: plain).hasSuffix(" state: OutputOrientation=landscape-left"))
        XCTAssertTrue(MonitorEvent.setting(name: "FrontScene", text: "/", value: .string("/"))
            .line(at: time, style: plain).hasSuffix(" state: FrontScene=/"))
        XCTAssertTrue(MonitorEvent.setting(name: "LockedSettings", text: "", value: .array([]))
            .line(at: time, style: plain).hasSuffix(" configuration: LockedSettings="))
        let state = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(MonitorEvent.setting(name: "SensorSource", text: "manual", value: .string("manual"))
            .json(at: time).serialized(pretty: false).utf8)) as? [String: Any])
        XCTAssertEqual(state["event"] as? String, "state")
        XCTAssertEqual(state["name"] as? String, "sensorSource")
        XCTAssertTrue(MonitorEvent.service(running: false, owner: "").line(at: time, style: plain).hasSuffix(" orientd stopped"))
    }
}

import OrientationClient
import GLibBridge
import OrientctlKit
import XCTest

/// Control characters in ids, names and messages never reach the terminal raw: a planted
/// ESC cannot clear the screen, set the title or forge a "← decides" line. The strings are
/// hand-made (orientd itself refuses them), as a compromised or older service could send them.
final class EscapingTests: XCTestCase {
    private let plain = Style(enabled: false)
    /// Clears the screen, sets the title, then forges a tree line.
    private let planted = "x\u{1B}[2J\u{1B}]0;owned\u{07}\r\n* evil  ← decides"

    /// No line holds a C0/C1 control character (but the tab between columns) or DEL, or one of
    /// the invisible reorderers.
    private func assertClean(_ lines: [String], file: StaticString = #filePath, line: UInt = #line) {
        for text in lines {
            let bad = text.unicodeScalars.filter {
                ($0.value < 0x20 && $0 != "\t") || (0x7F...0x9F).contains($0.value) || [0x202E, 0x2066, 0x2028].contains($0.value)
            }
            XCTAssertTrue(bad.isEmpty, "raw control characters in \(text.debugDescription)", file: file, line: line)
        }
    }

    func testEscapes() {
        XCTAssertEqual(TerminalText.escaped("plain id-1.é→"), "plain id-1.é→")
        XCTAssertEqual(TerminalText.escaped("a\u{1B}[2Jb"), #"a\e[2Jb"#)
        XCTAssertEqual(TerminalText.escaped("cr\rlf\ntab\tbell\u{07}nul\u{0}del\u{7F}c1\u{9B}"),
                       #"cr\rlf\ntab\tbell\anul\x00del\x7fc1\x9b"#)
        XCTAssertEqual(TerminalText.escaped("back\\slash"), #"back\\slash"#, "doubled once anything is escaped")
        XCTAssertEqual(TerminalText.escaped("abc\u{202E}fed"), #"abc\u{202e}fed"#)
    }

    func testTreeAndExplain() {
        let nodes = [ControllerEntry(id: planted, kind: "navigation\u{1B}[31m", deciding: true),
                     ControllerEntry(id: "child\nline", kind: "view", parent: planted, relation: "child",
                                    supported: ["portrait"], preferred: "x\u{1B}", mode: "m\r", deciding: true)]
        let tree = TreeView.lines(nodes, style: plain)
        XCTAssertEqual(tree.count, 2, "one line per controller: \(tree)")
        assertClean(tree)
        XCTAssertTrue(tree[0].hasPrefix(#"* x\e[2J\e]0;owned\a\r\n* evil  ← decides (navigation\e[31m)"#), tree[0])
        XCTAssertEqual(tree.filter { $0.hasSuffix("← decides") }.count, 1, "only the real deciding line ends so")

        let scene = SceneProperties(path: "/io/github/orientd/OrientationManager1/scene/_3a1_2e5/1", properties: [
            "AppId": Variant(string: "org.\u{1B}]0;t\u{07}app"), "Idiom": Variant(string: "phone"),
            "InterfaceOrientation": Variant(string: "portrait")])
        let steps = [ExplainStep(name: "controller", orientations: ["portrait"], sentence: "Deciding controller '\(planted)'."),
                     ExplainStep(name: "path", orientations: [], sentence: "Path: '\(planted)'."),
                     ExplainStep(name: "decision", orientations: ["portrait"], sentence: "ok")]
        let explain = ExplainView.lines(scene: scene, steps: steps, path: [planted, "b\u{1B}c"], style: plain)
        assertClean(explain)
        XCTAssertTrue(explain[0].contains(#"org.\e]0;t\aapp"#), explain[0])
    }

    func testListShowStatusHistoryAndPolicies() {
        let scene = SceneProperties(path: "/io/github/orientd/OrientationManager1/scene/_3a1_2e5/3", properties: [
            "AppId": Variant(string: "org.\u{1B}[2Japp"), "Idiom": Variant(string: "phone"),
            "Display": Variant(string: "hdmi\r1"), "InterfaceOrientation": Variant(string: "portrait"),
            "SupportedOrientations": Variant(strings: ["portrait"]), "DecidingController": Variant(string: planted)])
        for aligned in [true, false] {
            let list = SceneListView.lines([scene], aligned: aligned, style: plain)
            assertClean(list)
            XCTAssertEqual(list.count, aligned ? 4 : 2, "\(list)")
        }
        assertClean([StatusView.sceneLine(scene, style: plain)])
        let shown = PropertiesView.lines([("DecidingController", planted), ("AppId", "a\u{1B}b")], valueOnly: false)
        XCTAssertEqual(shown.count, 2)
        assertClean(shown)
        XCTAssertEqual(PropertiesView.lines([("AppId", "a\u{1B}b")], valueOnly: true), [#"a\eb"#])
        let history = HistoryView.lines([ChangeRecord(scene: scene.path, appID: "a\u{1B}b", time: 0, previous: "portrait",
                                                      current: "landscape-left", reason: "device")], aligned: true, style: plain)
        assertClean(history)
        let policies = PolicyView.lines([AppPolicyEntry(appID: "a\u{1B}b\nc", allowed: nil, followSensor: true)], aligned: false, style: plain)
        XCTAssertEqual(policies.count, 2)
        assertClean(policies + [PolicyView.line(appId: "a\u{1B}b", nil)])
        let event = MonitorEvent.orientationChanged(scene: scene.path, appId: "a\u{1B}b\n", previous: "portrait",
                                                    current: "landscape-left", reason: "device")
        assertClean([event.line(at: 0, style: plain)])
    }

    /// status: the manager's strings (sources, the output's names, the front scene's app id)
    /// as escaped as the scenes'.
    func testStatusEscapesTheManagersStrings() {
        let scene = SceneProperties(path: "/io/github/orientd/OrientationManager1/scene/_3a1_2e5/3", properties: [
            "AppId": Variant(string: "org.\u{1B}[2Japp\r\nScenes: x"), "Idiom": Variant(string: "phone"),
            "InterfaceOrientation": Variant(string: "portrait")])
        let manager = ManagerProperties([
            "DeviceOrientation": Variant(string: "portrait\u{9B}1m"), "SensorSource": Variant(string: planted),
            "KioskMode": Variant(bool: true), "KioskOrientation": Variant(string: "x\u{1B}[8m"),
            "OutputBackend": Variant(string: "x11\r"), "OutputName": Variant(string: planted),
            "OutputOrientation": Variant(string: "portrait\n"), "FrontScene": Variant(objectPath: scene.path)])
        for aligned in [true, false] {
            let lines = StatusView.lines(manager: manager, scenes: [scene], aligned: aligned, style: plain)
            assertClean(lines)
            XCTAssertTrue(lines.contains { $0.contains(#"portrait\x9b1m (x\e[2J\e]0;owned\a\r\n* evil  ← decides)"#) }, "\(lines)")
            XCTAssertTrue(lines.contains { $0.contains(#"x11\r turns x\e[2J"#) && $0.hasSuffix(#"showing portrait\n"#) }, "\(lines)")
            XCTAssertTrue(lines.contains { $0.hasSuffix(#"3 org.\e[2Japp\r\nScenes: x"#) && $0.contains("Front scene") }, "\(lines)")
            XCTAssertTrue(lines.contains { $0.contains(#"on, x\e[8m"#) }, "\(lines)")
        }
    }

    func testJSONKeepsTheStringAndEscapesIt() {
        let node = ControllerEntry(id: "a\u{1B}b", kind: "view")
        XCTAssertTrue(node.json.serialized(pretty: false).contains(#""id":"a\u001bb""#), node.json.serialized(pretty: false))
    }
}

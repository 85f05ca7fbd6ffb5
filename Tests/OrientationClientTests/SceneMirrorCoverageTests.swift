import Foundation
@testable import OrientationClient
import XCTest

/// What the client replays after orientd restarts: every scene method the client records
/// with `change(.name, …)` (it changes what the scene declares) has a step in
/// `SceneMirror.steps`, or `SceneMirror.replayedWithoutStep` says why it needs none. A method
/// recorded but never replayed would be lost at a restart, silently (docs/architecture.md,
/// "Adding a part" → "A method").
final class SceneMirrorCoverageTests: XCTestCase {
    /// The scene methods the client's sources call through `change(.name, …)`, by case name.
    private func recordedMethods() throws -> Set<String> {
        let folder = ClientCoverageTests.root.appendingPathComponent("Sources/OrientationClient")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        let sources = try names.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }.joined()
        let pattern = try NSRegularExpression(pattern: #"\bchange\(\.([a-zA-Z]+)\b"#)
        let matches = pattern.matches(in: sources, range: NSRange(sources.startIndex..., in: sources))
        return Set(matches.compactMap { Range($0.range(at: 1), in: sources).map { String(sources[$0]) } })
    }

    /// A scene with every kind of thing the mirror keeps: a tab controller with a navigation
    /// tab and a view tab (the second selected), a pushed controller with a mode and a
    /// preferred orientation, a presented one, and a background activation state.
    private func fullMirror() -> SceneMirror {
        var mirror = SceneMirror(options: SceneOptions(appID: "org.example.App"))
        mirror.setRoot("root", .tab, ControllerProperties())
        mirror.addTab("root", "first", .navigation, ControllerProperties())
        mirror.addTab("root", "second", .view, ControllerProperties())
        mirror.selectTab("root", "second")
        mirror.push("first", "pushed", .view, ControllerProperties())
        mirror.setMode("pushed", .landscape)
        mirror.setProperties("pushed", ControllerProperties(preferredOrientation: .landscapeLeft))
        mirror.present("root", "modal", .view, ControllerProperties())
        mirror.activation = .background
        return mirror
    }

    /// `SetRootController` → `setRootController`, as the client's sources spell it.
    private func caseName(_ method: String) -> String { method.prefix(1).lowercased() + method.dropFirst() }

    func testEveryRecordedSceneMethodIsReplayed() throws {
        let recorded = try recordedMethods()
        XCTAssertGreaterThan(recorded.count, 8, "found the client's change(…) calls: \(recorded.sorted())")
        let replayed = Set(fullMirror().steps.map { caseName($0.method.rawValue) })
        let exempt = Set(SceneMirror.replayedWithoutStep.keys.map { caseName($0.rawValue) })
        for method in recorded.sorted() where !replayed.contains(method) && !exempt.contains(method) {
            XCTFail("the client records \(method) with change(.\(method), …) but SceneMirror.steps never replays it: "
                + "add its step, or say in SceneMirror.replayedWithoutStep why it needs none")
        }
        for method in exempt.sorted() where !recorded.contains(method) {
            XCTFail("SceneMirror.replayedWithoutStep names \(method), which the client does not record with change(…)")
        }
    }
}

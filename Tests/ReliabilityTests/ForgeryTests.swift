import Foundation
import GLibBridge
import TestSupport
import XCTest

/// A stale scene path from before a restart reaches no
/// other app's window, and no id or name carries a control character.
final class ForgeryTests: OrientdTestCase {
    /// Each test starts the orientds it needs.
    override var startsOrientdInSetUp: Bool { false }

    func testScenePathsAreNeverReusedAcrossRestarts() throws {
        let bus = try makeBus()
        defer { bus.stop() }
        let stateHome = try OrientdInstance.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: stateHome) }
        var seen: [String] = []
        let stale = try bus.connect()
        defer { stale.close() }

        // Three runs: ended by SIGTERM, by SIGKILL right after registering, and started on a
        // scene-numbers file that holds garbage.
        for round in 0..<3 {
            if round == 2 {
                try "not a number\n".write(toFile: stateHome + "/orientd/scene-numbers", atomically: true, encoding: .utf8)
            }
            let orientd = try launch(bus: bus, stateHome: stateHome)
            let app = try bus.connect()
            let paths = try (0..<3).map { _ in try app.register(app: "forgery.app\(round)", supported: ["all"]) }
            XCTAssertTrue(Set(paths).isDisjoint(with: seen), "round \(round): \(paths) reuses one of \(seen)")
            // Every stale path from an earlier run answers UnknownScene, even to RequestOrientation,
            // which is open to every client.
            for path in seen {
                let result = stale.orientd(path, Contract.sceneInterface, "RequestOrientation", [.s("landscape-left")])
                XCTAssertEqual(result.errorName, Contract.error("UnknownScene"), "round \(round), \(path): \(result)")
            }
            if round == 2 {
                XCTAssertTrue(orientd.log.contains("does not hold a scene number"), orientd.log)
            }
            seen += paths
            app.close()
            if round == 1 { orientd.process.kill(); _ = try orientd.process.wait() } else { orientd.stop() }
        }
        report("scene paths", "9 scenes over 3 runs (SIGTERM, SIGKILL, garbage numbers file): no path reused; stale paths answer UnknownScene")
    }

    func testControlCharactersAreRefusedInIdsAndNames() throws {
        let orientd = try launch()
        defer { orientd.stop(); orientd.bus.stop() }
        let client = try orientd.bus.connect()
        defer { client.close() }
        let scene = try client.register(app: "forgery.app", supported: ["all"])
        try client.scene(scene, "SetRootController", [.s("nav"), .s("navigation"), .emptyVardict])
        let before = try client.scene(scene, "GetControllers")
        let planted = ["\u{1B}]0;pwned\u{07}", "a\rb", "x\n* └─ forged  ← decides", "del\u{7F}", "c1\u{9B}2J", "\u{1B}[2J"]
        var refusals = 0
        for bad in planted {
            let calls: [(String, String, String, [Variant])] = [
                (scene, Contract.sceneInterface, "SetRootController", [.s(bad), .s("view"), .emptyVardict]),
                (scene, Contract.sceneInterface, "PushController", [.s("nav"), .s(bad), .s("view"), .emptyVardict]),
                (scene, Contract.sceneInterface, "PushController", [.s(bad), .s("x"), .s("view"), .emptyVardict]),
                (scene, Contract.sceneInterface, "PopController", [.s(bad)]),
                (Contract.managerPath, Contract.managerInterface, "RegisterScene", [.vardict(["app-id": .s("forgery.app"), "display": .s(bad)])]),
                (Contract.managerPath, Contract.managerInterface, "RegisterScene", [.vardict(["app-id": .s("forgery" + bad)])]),
                (Contract.managerPath, Contract.managerInterface, "SetAppPolicy", [.s(bad), .vardict(["follow-sensor": .b(false)])]),
            ]
            for (path, interface, method, arguments) in calls {
                let result = client.orientd(path, interface, method, arguments)
                XCTAssertEqual(result.errorName, Contract.invalidArgs, "\(method) with \(bad.debugDescription): \(result)")
                XCTAssertFalse(result.errorMessage.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                               "the error message carries no control character: \(result.errorMessage.debugDescription)")
                refusals += 1
            }
        }
        XCTAssertEqual(try client.scene(scene, "GetControllers"), before, "nothing changed")
        XCTAssertEqual(try client.managedObjects().count, 1)
        XCTAssertEqual(try client.manager("GetAppPolicies").child(at: 0).childCount, 0)
        report("control characters", "\(refusals) calls with ESC, CR, LF, DEL or C1 in an id or name: all InvalidArgs, no control character echoed")
    }
}

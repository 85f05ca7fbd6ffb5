import GLibBridge
import OrientationClient
import TestSupport
import XCTest

/// `watchService`: every scene's and the manager's announcements, and orientd stopping.
final class ServiceEventTests: ClientTestCase {
    /// The events as short strings, in order.
    private func watch() throws -> (LockedValue<[String]>, OrientationObservation) {
        let seen = LockedValue<[String]>([])
        let watch = try library.watchService { event in
            let line: String
            switch event {
            case .deviceOrientationChanged(let orientation): line = "device \(orientation)"
            case .orientationChanged(let scene, let previous, let current, let reason):
                line = "changed \(ScenePath.number(of: scene) ?? 0) \(previous) \(current) \(reason)"
            case .sceneAdded(let scene): line = "added \(scene.number ?? 0) \(scene.appID ?? "")"
            case .sceneRemoved(let scene): line = "removed \(ScenePath.number(of: scene) ?? 0)"
            case .rotationSuggested(let scene, let orientation): line = "suggested \(ScenePath.number(of: scene) ?? 0) \(orientation)"
            case .managerPropertiesChanged(let changed): line = "properties " + changed.keys.sorted().joined(separator: ",")
            case .serviceRunning: line = "running"
            case .serviceNotRunning: line = "not running"
            case .disconnected: line = "disconnected"
            }
            seen.withLock { $0.append(line) }
        }
        return (seen, watch)
    }

    func testEveryScenesAndTheManagersAnnouncementsArrive() throws {
        let (seen, watch) = try watch()
        defer { watch.cancel() }
        try eventually("the running state") { seen.value.contains("running") }
        let other = try makeClient()
        defer { other.close() }
        let scene = try registerPhoneScene(appID: "org.example.Other", detached: true, on: other)
        try library.setDeviceOrientation(.landscapeLeft)
        try library.setRotationLocked(true)
        try library.setDeviceOrientation(.portrait)
        try scene.unregister()
        let expected = ["added 1 org.example.Other", "changed 1 portrait landscape-right device", "device landscape-left",
                        "suggested 1 portrait", "removed 1"]
        try eventually("\(expected) in \(seen.value)") { Set(expected).isSubset(of: Set(seen.value)) }
        XCTAssertTrue(seen.value.contains { $0.hasPrefix("properties ") && $0.contains("RotationLocked") }, "\(seen.value)")
        XCTAssertEqual(seen.value.first, "running", "the state first")
    }

    func testOrientdStoppingIsAnnouncedAndCancelStopsDelivery() throws {
        let (seen, watch) = try watch()
        try eventually("the running state") { seen.value == ["running"] }
        _ = orientd.stop()
        try eventually("orientd stopped") { seen.value.contains("not running") }
        watch.cancel()
        let count = seen.value.count
        library.close()
        XCTAssertEqual(seen.value.count, count, "nothing after cancel, not even the closed connection")
    }
}

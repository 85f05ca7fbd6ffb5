import OrientationClient
import TestSupport
import XCTest

/// `orientationChanges()` and `onOrientationChange`: every change exactly once, in order,
/// from the call on; the end of the stream when the scene or the client goes away.
final class ChangeStreamTests: ClientTestCase {
    /// Requests a cycle of orientations, each a change; returns what was requested.
    private func requestCycle(_ scene: OrientationScene, count: Int) throws -> [InterfaceOrientation] {
        let cycle: [InterfaceOrientation] = [.landscapeRight, .portraitUpsideDown, .landscapeLeft, .portrait]
        var requested: [InterfaceOrientation] = []
        for index in 0..<count {
            let orientation = cycle[index % cycle.count]
            XCTAssertEqual(try scene.requestOrientation(orientation), orientation)
            requested.append(orientation)
        }
        return requested
    }

    func testEachChangeArrivesExactlyOnceInOrderOnEveryStream() async throws {
        let scene = try library.registerScene(SceneOptions(appID: "org.example.Streams", supportedOrientations: .all))
        try scene.setRootController("page", properties: ControllerProperties(supportedOrientations: .all))
        let first = try scene.orientationChanges()
        let second = try scene.orientationChanges()
        let requested = try requestCycle(scene, count: 40)
        try scene.unregister()  // ends both streams: nothing can arrive after this

        let expected = zip([InterfaceOrientation.portrait] + requested, requested).map { previous, current in
            OrientationChange(scenePath: scene.path, previous: previous, current: current, reason: .request)
        }
        let firstReceived = try await collect(first, "the first stream")
        let secondReceived = try await collect(second, "the second stream")
        XCTAssertEqual(firstReceived, expected)
        XCTAssertEqual(secondReceived, expected)
    }

    func testAStreamStartsAtTheCall() async throws {
        let scene = try registerPhoneScene()
        try scene.requestOrientation(.landscapeRight)  // before the stream: not delivered
        let changes = try scene.orientationChanges()
        try scene.requestOrientation(.portrait)
        try scene.unregister()
        let received = try await collect(changes, "the stream")
        XCTAssertEqual(received.map(\.description), ["landscape-right -> portrait (request)"])
    }

    func testAStreamOnlyCarriesItsOwnScene() async throws {
        let scene = try registerPhoneScene(appID: "org.example.One")
        let other = try registerPhoneScene(appID: "org.example.Two")
        let changes = try scene.orientationChanges()
        try other.requestOrientation(.landscapeLeft)
        try scene.requestOrientation(.landscapeRight)
        try scene.unregister()
        let received = try await collect(changes, "the stream")
        XCTAssertEqual(received.map(\.scenePath), [scene.path])
        XCTAssertEqual(received.map(\.current), [.landscapeRight])
    }

    func testCallbackFormDeliversEachChangeOnceUntilCancelled() throws {
        let scene = try registerPhoneScene()
        let received = LockedValue<[OrientationChange]>([])
        let ended = LockedValue(false)
        let observation = try scene.onOrientationChange({ change in received.withLock { $0.append(change) } },
                                                        onEnd: { ended.withLock { $0 = true } })
        try scene.requestOrientation(.landscapeRight)
        try scene.requestOrientation(.landscapeLeft)
        try eventually("two changes") { received.value.count >= 2 }
        observation.cancel()
        try scene.requestOrientation(.portrait)
        // A marker on a second observation: once it has arrived, the cancelled one would
        // have had the same change too.
        let marker = LockedValue(0)
        let markerObservation = try scene.onOrientationChange { _ in marker.withLock { $0 += 1 } }
        try scene.requestOrientation(.landscapeRight)
        try eventually("the marker change") { marker.value == 1 }
        markerObservation.cancel()
        XCTAssertEqual(received.value.map(\.description),
                       ["portrait -> landscape-right (request)", "landscape-right -> landscape-left (request)"])
        XCTAssertFalse(ended.value, "cancel() is not an end")
    }

    func testCallbackEndsWhenTheSceneIsRemoved() throws {
        let scene = try registerPhoneScene()
        let ended = LockedValue(false)
        let observation = try scene.onOrientationChange({ _ in }, onEnd: { ended.withLock { $0 = true } })
        try scene.unregister()
        try eventually("onEnd") { ended.value }
        withExtendedLifetime(observation) {}
    }

    func testStreamsEndWhenTheClientCloses() async throws {
        let scene = try registerPhoneScene()
        let changes = try scene.orientationChanges()
        let devices = try library.deviceOrientationChanges()
        library.close()
        let received = try await collect(changes, "the scene's stream")
        let devicesReceived = try await collect(devices, "the device stream")
        XCTAssertEqual(received, [])
        XCTAssertEqual(devicesReceived, [])
    }

    func testAnotherClientsStreamEndsWhenOrientdLeaves() async throws {
        let scene = try registerPhoneScene()
        let observer = try makeClient()
        let observed = try observer.scene(at: scene.path).orientationChanges()
        orientd.stop()
        // Someone else's scene is gone with orientd; this client's own scene is not: the
        // client registers it again when orientd comes back (ServiceRestartTests).
        let received = try await collect(observed, "the observer's stream to end with orientd")
        XCTAssertEqual(received, [])
    }

    func testStoppingTheConsumerUnsubscribes() async throws {
        let scene = try registerPhoneScene()
        let changes = try scene.orientationChanges()
        try scene.requestOrientation(.landscapeRight)
        let firstChange = try await withDeadline(.seconds(20), "the first change") { () -> OrientationChange? in
            for await change in changes { return change }
            return nil
        }
        XCTAssertEqual(firstChange?.current, .landscapeRight)
        // The loop above ended the iteration; the stream is terminated, so a new change
        // is not buffered for nobody. The scene still works and a new stream sees it.
        let again = try scene.orientationChanges()
        try scene.requestOrientation(.portrait)
        try scene.unregister()
        let received = try await collect(again, "the second stream")
        XCTAssertEqual(received.map(\.current), [.portrait])
    }
}

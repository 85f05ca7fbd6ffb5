// orientation-example: the classic iOS video-player flow through OrientationClient.
//
// A portrait list in a navigation controller; a full-screen landscape player presented
// with a preferred orientation; the device turns; the player is dismissed and the list is
// portrait again at once, although the device is still landscape.
//
// Run it against a running orientd (on the session bus, or the bus in
// DBUS_SESSION_BUS_ADDRESS):  swift run orientation-example
// It prints each step and each OrientationChanged, then exits (status 1 on any failure).

import Foundation
import OrientationClient

/// Ends the run if the flow stalls (orientd not answering, rotation lock on, ...).
let watchdog = Task.detached {
    try await Task.sleep(for: .seconds(20))
    FileHandle.standardError.write(Data("orientation-example: timed out waiting for orientd\n".utf8))
    exit(1)
}

/// Prints a line at once (the output may be a pipe).
func say(_ line: String) {
    print(line)
    fflush(nil)
}

/// Waits for the next change of `changes` and checks it is the expected one.
func expectChange(
    _ changes: inout AsyncStream<OrientationChange>.Iterator,
    to expected: InterfaceOrientation, because reason: OrientationChangeReason
) async throws {
    guard var change = await changes.next() else { throw ExampleError("the scene went away") }
    while change.reason == .serviceRestart {  // orientd restarted: the scene is back; lay out to it
        say("scene back after orientd restarted: \(change)")
        guard let next = await changes.next() else { throw ExampleError("the scene went away") }
        change = next
    }
    say("OrientationChanged \(change)")
    guard change.current == expected, change.reason == reason else {
        throw ExampleError("expected \(expected) (\(reason)), got \(change)")
    }
}

struct ExampleError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

do {
    let client = try OrientationClient()
    // If orientd restarts, the client registers the scene again by itself (with its
    // controllers) and says so here; the scene's stream goes on.
    let restarts = try client.serviceRestarts()
    Task.detached { for await restart in restarts { say("orientd restarted: \(restart)") } }

    // Hold the device upright first (orientd's device state is global, so a previous run
    // or another client may have left it turned).
    if try client.deviceOrientation() != .portrait {
        let devices = try client.deviceOrientationChanges()
        try client.setDeviceOrientation(.portrait)
        for await device in devices where device == .portrait { break }
    }
    say("device portrait")

    // The app's window. The phone's default supported orientations are portrait only (Info.plist), so
    // the app declares landscape too, for its player.
    let scene = try client.registerScene(SceneOptions(
        appID: "org.example.VideoPlayer", supportedOrientations: [.portrait, .landscape]))
    var changes = try scene.orientationChanges().makeAsyncIterator()
    say("registered \(scene.path): \(try scene.interfaceOrientation())")

    // The list: a portrait page in a navigation controller (the iOS practice's
    // setOrientationMode + updateOrientation pair).
    let navigation = try scene.setRootController("library", kind: .navigation)
    let list = try navigation.push("video-list")
    try list.setOrientationMode(.portrait)
    say("video-list: setOrientationMode(portrait), updateOrientation -> \(try list.updateOrientation())")

    // Play full screen: a landscape player, presented with its preferred orientation.
    let player = try list.present("player", properties: ControllerProperties(
        supportedOrientations: .landscape, preferredOrientation: .landscapeRight))
    say("present player (landscape, prefers landscape-right)")
    try await expectChange(&changes, to: .landscapeRight, because: .presentation)

    // The user turns the phone the other way round: the player follows it. (Set by hand, for
    // a machine without a sensor; beside a claimed accelerometer it holds only until the
    // sensor reads again, at most 15 s.)
    try client.setDeviceOrientation(.landscapeRight)
    say("device landscape-right")
    try await expectChange(&changes, to: .landscapeLeft, because: .device)

    // Back: the list is portrait again at once, though the device is still landscape.
    try player.dismiss()
    say("dismiss player")
    try await expectChange(&changes, to: .portrait, because: .dismissal)

    let state = try scene.state()
    say("now: device \(try client.deviceOrientation()), interface \(state.interfaceOrientation), "
        + "size \(state.size), deciding \(state.decidingController ?? "-")")
    say("Explain:")
    for step in try scene.explain() { say("  \(step)") }

    try scene.unregister()
    client.close()
    say("done")
    watchdog.cancel()
} catch {
    FileHandle.standardError.write(Data("orientation-example: \(error)\n".utf8))
    exit(1)
}

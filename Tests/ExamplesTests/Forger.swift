import Foundation
import GLibBridge
import TestSupport

/// A client that pretends to be orientd while an example runs: over and over, it sends
/// every scene's `OrientationChanged` and `InterfacesRemoved` and a `DeviceOrientationChanged`,
/// with values orientd never sent ("portrait-upside-down", reason "forged"), both to
/// everyone and straight to every other connection on the bus (a unicast passes no match
/// rule). An example that believed one would print it or fail its flow.
final class Forger: Sendable {
    private let running = LockedValue(true)
    /// Forgeries sent straight to a connection other than orientd while a scene existed.
    private let aimed = LockedValue(0)
    private let finished = DispatchSemaphore(value: 0)

    init(bus: PrivateBus) throws {
        let connection = try bus.connect()
        let running = self.running, aimed = self.aimed, finished = self.finished
        Thread.detachNewThread {
            defer {
                connection.close()
                finished.signal()
            }
            while running.value {
                do {
                    try Self.forgeOnce(connection, aimed: aimed)
                } catch {
                    // orientd busy or between states: the next round tries again.
                }
                usleep(3_000)  // pacing, not waiting for anything
            }
        }
    }

    /// Stops forging; returns how many forgeries were aimed at another connection while
    /// a scene existed.
    func stop() -> Int {
        running.withLock { $0 = false }
        finished.wait()
        return aimed.value
    }

    private static func forgeOnce(_ connection: BusConnection, aimed: LockedValue<Int>) throws {
        let owner = try connection.nameOwner(OrientdInstance.busName)
        let names = try connection.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            method: "ListNames", replyType: "(as)").child(at: 0).stringArray ?? []
        let targets = names.filter { $0.hasPrefix(":") && $0 != owner && $0 != connection.uniqueName }
        let scenes = try connection.call(
            destination: OrientdInstance.busName, path: OrientdInstance.managerPath,
            interface: "org.freedesktop.DBus.ObjectManager", method: "GetManagedObjects",
            replyType: "(a{oa{sa{sv}}})").child(at: 0).children.compactMap { $0.child(at: 0).string }
        for destination in [nil] + targets.map(Optional.some) {
            for scene in scenes {
                try connection.emitSignal(
                    destination: destination, path: scene, interface: Contract.sceneInterface,
                    signal: "OrientationChanged", parameters: Variant(tuple: [
                        Variant(string: "portrait"), Variant(string: "portrait-upside-down"), Variant(string: "forged")]))
                try connection.emitSignal(
                    destination: destination, path: OrientdInstance.managerPath,
                    interface: "org.freedesktop.DBus.ObjectManager", signal: "InterfacesRemoved",
                    parameters: Variant(tuple: [Variant(objectPath: scene), Variant(strings: [Contract.sceneInterface])]))
                if destination != nil { aimed.withLock { $0 += 2 } }
            }
            try connection.emitSignal(
                destination: destination, path: OrientdInstance.managerPath, interface: Contract.managerInterface,
                signal: "DeviceOrientationChanged", parameters: Variant(tuple: [Variant(string: "portrait-upside-down")]))
        }
        try connection.flush()
    }
}

import GLibBridge
import OrientationWire

/// Registers scenes with their small controller trees, pipelined from one client loop
/// thread over as many connections as the per-connection limit needs.
///
/// orientd keeps the last tenth of its limit of scenes for connections holding fewer than 10
/// (so that a few connections at their own limit cannot keep a new app out): a flood up to
/// that limit (`reachingTheLimit`) puts its last `scenes / 10 + 200` scenes (200: more than
/// the calls in flight, which can arrive out of order) over connections of 9 each, the rest
/// over connections of `perConnection`.
final class SceneFlood {
    static let smallPerConnection = 9
    let loop: MainLoop
    let connections: [BusConnection]
    let perConnection: Int
    /// The scenes registered on connections of `perConnection`; the rest on small ones.
    let onLargeConnections: Int
    private let largeConnections: Int

    init(_ target: BenchTarget, scenes: Int, perConnection: Int, reachingTheLimit: Bool = false, name: String) throws {
        self.perConnection = perConnection
        let onSmall = reachingTheLimit ? min(scenes, scenes / 10 + 200) : 0
        onLargeConnections = scenes - onSmall
        largeConnections = (onLargeConnections + perConnection - 1) / perConnection
        let small = (onSmall + Self.smallPerConnection - 1) / Self.smallPerConnection
        connections = try (0..<(largeConnections + small)).map { _ throws(DBusError) in try target.connect() }
        loop = MainLoop.startThread(name: name)
    }


    /// Registers `count` scenes (three calls each: RegisterScene, SetRootController,
    /// PushController), `window` scenes in flight; returns how long it took.
    func register(_ peer: String, count: Int, window: Int, appId: String) throws(BenchError) -> Duration {
        precondition(count <= onLargeConnections + (connections.count - largeConnections) * Self.smallPerConnection,
                     "more scenes than the connections may hold")
        let (connections, perConnection, onLarge, large) = (self.connections, self.perConnection, onLargeConnections, largeConnections)
        return try Pipeline.run(count: count, window: window, on: loop) { index, done in
            let connection = index < onLarge ? connections[index / perConnection]
                : connections[large + (index - onLarge) / Self.smallPerConnection]
            connection.callAsync(destination: peer, path: Names.managerPath, interface: Names.manager,
                                 method: ManagerMethod.registerScene.rawValue, parameters: Names.registration(appId: appId),
                                 replyType: "(o)") { result in
                guard case .success(let reply) = result, let path = reply.child(at: 0).string else {
                    return done(result.failureMessage ?? "RegisterScene returned no path")
                }
                connection.callAsync(destination: peer, path: path, interface: Names.scene,
                                     method: SceneMethod.setRootController.rawValue, parameters: Names.rootController) { result in
                    if let failure = result.failureMessage { return done(failure) }
                    connection.callAsync(destination: peer, path: path, interface: Names.scene,
                                         method: SceneMethod.pushController.rawValue, parameters: Names.pushedController) { result in
                        done(result.failureMessage)
                    }
                }
            }
        }
    }

    /// Closes the connections (orientd then drops their scenes) and stops the loop.
    func close() {
        for connection in connections { connection.close() }
        loop.stopThread()
    }
}

extension BusConnection {
    /// How many scenes orientd lists (GetManagedObjects).
    func sceneCount(_ peer: String) throws(DBusError) -> Int {
        try call(destination: peer, path: Names.managerPath, interface: BusNames.objectManagerInterface,
                 method: "GetManagedObjects", replyType: "(a{oa{sa{sv}}})").child(at: 0).childCount
    }
}

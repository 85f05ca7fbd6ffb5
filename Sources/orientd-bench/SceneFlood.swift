import GLibBridge

/// Registers scenes with their small controller trees, pipelined from one client loop
/// thread over as many connections as the per-connection limit needs.
final class SceneFlood {
    let loop: MainLoop
    let connections: [BusConnection]
    let perConnection: Int

    /// Opens `ceil(scenes / perConnection)` connections to `target`'s bus.
    init(_ target: BenchTarget, scenes: Int, perConnection: Int, name: String) throws {
        self.perConnection = perConnection
        let count = (scenes + perConnection - 1) / perConnection
        connections = try (0..<count).map { _ throws(DBusError) in try target.connect() }
        loop = MainLoop.startThread(name: name)
    }

    /// Registers `count` scenes (three calls each: RegisterScene, SetRootController,
    /// PushController), `window` scenes in flight; returns how long it took.
    func register(_ peer: String, count: Int, window: Int, appId: String) throws(BenchError) -> Duration {
        let connections = self.connections
        let perConnection = self.perConnection
        precondition(count <= connections.count * perConnection, "more scenes than the connections may hold")
        return try Pipeline.run(count: count, window: window, on: loop) { index, done in
            let connection = connections[index / perConnection]
            connection.callAsync(destination: peer, path: Names.managerPath, interface: Names.manager,
                                 method: "RegisterScene", parameters: Names.registration(appId: appId),
                                 replyType: "(o)") { result in
                guard case .success(let reply) = result, let path = reply.child(at: 0).string else {
                    return done(result.failureMessage ?? "RegisterScene returned no path")
                }
                connection.callAsync(destination: peer, path: path, interface: Names.scene,
                                     method: "SetRootController", parameters: Names.rootController) { result in
                    if let failure = result.failureMessage { return done(failure) }
                    connection.callAsync(destination: peer, path: path, interface: Names.scene,
                                         method: "PushController", parameters: Names.pushedController) { result in
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
        try call(destination: peer, path: Names.managerPath, interface: "org.freedesktop.DBus.ObjectManager",
                 method: "GetManagedObjects", replyType: "(a{oa{sa{sv}}})").child(at: 0).childCount
    }
}

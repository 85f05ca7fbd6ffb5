import GLibBridge
import OrientationWire

/// Rotating `RequestOrientation` calls on one scene, alternating landscape-right and portrait,
/// to orientd and to the reference peer at the same path: each call turns the scene, so each
/// sends `OrientationChanged` and `PropertiesChanged` before its reply.
final class RequestTurns {
    private let connection: BusConnection
    private let scene: String
    private let owner: String
    private let peerOwner: String
    private let orientations = ["landscape-right", "portrait"]
    private var turn = 0
    private var peerTurn = 0

    init(_ connection: BusConnection, scene: String, owner: String, peerOwner: String) {
        self.connection = connection
        self.scene = scene
        self.owner = owner
        self.peerOwner = peerOwner
    }

    /// One turn of orientd's scene; stops the bench if it did not turn.
    func orientd() throws(DBusError) {
        turn += 1
        let reply = try connection.scene(owner, scene, .requestOrientation, [Variant(string: orientations[turn % 2])])
        precondition(reply.child(at: 0).string == orientations[turn % 2], "RequestOrientation did not rotate")
    }

    /// The peer's same-shape call.
    func peer() throws(DBusError) {
        peerTurn += 1
        try connection.scene(peerOwner, scene, .requestOrientation, [Variant(string: orientations[peerTurn % 2])])
    }
}

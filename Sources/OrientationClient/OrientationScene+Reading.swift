import GLibBridge
import OrientationWire

/// Reading any scene: its properties as received, its controller tree.
extension OrientationScene {
    /// Every property as received, read in one call (`GetAll`); `state()` is the typed form.
    public func properties() throws(OrientationClientError) -> SceneProperties {
        let (reply, path) = try readAll()
        return SceneProperties(path: path, properties: reply.child(at: 0).vardict ?? [:])
    }

    /// One property by name, as received (`Get`); an unknown name fails with orientd's error.
    public func property(_ name: String) throws(OrientationClientError) -> Variant {
        let (destination, path) = try target()
        let reply = try client.call(path: path, interface: BusNames.propertiesInterface, method: StandardMember.get,
                                    arguments: [Variant(string: OrientationClient.sceneInterface), Variant(string: name)],
                                    replyType: "(v)", destination: destination)
        return reply.child(at: 0).unboxed ?? reply.child(at: 0)
    }

    /// The scene's controllers, depth first, with the deciding path marked (`GetControllers`).
    public func controllers() throws(OrientationClientError) -> [ControllerEntry] {
        let reply = try call(.getControllers, replyType: "(a(sssa{sv}))")
        return reply.child(at: 0).children.map(ControllerEntry.init(entry:))
    }

    /// `GetAll` on the scene's interface: the reply tuple, and the path it was read at.
    func readAll() throws(OrientationClientError) -> (reply: Variant, path: String) {
        let (destination, path) = try target()
        return (try client.call(path: path, interface: BusNames.propertiesInterface, method: StandardMember.getAll,
                               arguments: [Variant(string: OrientationClient.sceneInterface)], replyType: "(a{sv})",
                               destination: destination), path)
    }
}

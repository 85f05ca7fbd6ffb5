import GLibBridge
import OrientationWire

/// One registered app window (a UIWindowScene): its controllers, its state and its
/// orientation changes. Made by `OrientationClient.registerScene(_:)` or `scene(at:)`.
///
/// A handle: it keeps its client (and so the connection that owns the scene) alive, and
/// dropping it does not unregister the scene.
///
/// A scene this client registered follows orientd's restarts: the client registers it
/// again with everything declared through this handle and its controllers, and `path`
/// changes (see `OrientationClient.serviceRestarts()`). Handles on the same registered
/// scene are equal; handles made by `scene(at:)` on another client's scene are equal when
/// their client and path are.
public final class OrientationScene: Sendable, Hashable, CustomStringConvertible {
    /// The client the calls go through.
    public let client: OrientationClient
    /// Where the scene is and what the client knows about it.
    let record: SceneRecord

    init(client: OrientationClient, record: SceneRecord) {
        self.client = client
        self.record = record
    }

    /// The scene's object path now, such as `/io/github/orientd/OrientationManager1/scene/_3a1_2e42/3`
    /// (a new one after orientd restarted and the client registered the scene again).
    public var path: String { record.path }

    public var description: String { path }

    public static func == (lhs: OrientationScene, rhs: OrientationScene) -> Bool {
        if lhs.record === rhs.record { return true }
        return lhs.client === rhs.client && !lhs.record.isRegisteredHere && !rhs.record.isRegisteredHere
            && lhs.path == rhs.path
    }

    public func hash(into hasher: inout Hasher) {
        if record.isRegisteredHere {
            hasher.combine(record.id)
        } else {
            hasher.combine(path)
        }
    }

    // MARK: Controllers

    /// Replaces the whole controller tree with one new root (UIWindow's
    /// `rootViewController`, `SetRootController`) and returns its handle.
    @discardableResult
    public func setRootController(_ id: String, kind: ControllerKind = .view,
                                  properties: ControllerProperties = ControllerProperties()) throws(OrientationClientError) -> Controller {
        try change(.setRootController, [Variant(string: id), Variant(string: kind.rawValue), properties.variant]) {
            mirror, _ in mirror.setRoot(id, kind, properties)
        }
        return Controller(scene: self, id: id)
    }

    /// A handle on the controller `id` of this scene (no call is made).
    public func controller(_ id: String) -> Controller { Controller(scene: self, id: id) }

    // MARK: Orientation

    /// Re-evaluates the scene now (UIKit's `setNeedsUpdateOfSupportedInterfaceOrientations`
    /// taking effect, the iOS practice's `updateOrientation`) and returns its orientation. Use it
    /// after `Controller.setOrientationMode(_:)` or `Controller.setProperties(_:)`.
    @discardableResult
    public func updateOrientation() throws(OrientationClientError) -> InterfaceOrientation {
        try orientation(from: call(.updateOrientation, replyType: "(s)"), .updateOrientation)
    }

    /// Asks for `orientation` (iOS 16's `requestGeometryUpdate`): granted if it is in the
    /// effective mask, even if the deciding controller does not autorotate.
    /// - Throws: `unsupportedOrientation` outside the mask; `notPermitted` in split view.
    @discardableResult
    public func requestOrientation(_ orientation: InterfaceOrientation) throws(OrientationClientError) -> InterfaceOrientation {
        try self.orientation(from: call(.requestOrientation, [Variant(string: orientation.rawValue)], replyType: "(s)"),
                             .requestOrientation)
    }

    /// Sets the window policy: the scene delegate's and the app delegate's masks (nil: not
    /// given). The scene delegate's wins; either replaces the app's supported orientations.
    public func setWindowOrientations(sceneDelegate: OrientationMask?, appDelegate: OrientationMask?) throws(OrientationClientError) {
        try change(.setWindowOrientations, [Variant(strings: sceneDelegate?.names ?? []),
                                             Variant(strings: appDelegate?.names ?? [])]) { mirror, _ in
            mirror.setWindowOrientations(sceneDelegate: sceneDelegate, appDelegate: appDelegate)
        }
    }

    /// Reports the window's size in points (a pad scene enters split view below
    /// orientd's `SplitViewThreshold`).
    public func setGeometry(_ size: SceneSize) throws(OrientationClientError) {
        try change(.setGeometry, [Variant(uint32: size.width), Variant(uint32: size.height)]) { mirror, _ in
            mirror.options.size = size
        }
    }

    /// Reports the scene's activation state. In the background the scene takes its default
    /// orientation; back in the foreground it follows the device again.
    public func setActivationState(_ state: ActivationState) throws(OrientationClientError) {
        try change(.setActivationState, [Variant(string: state.rawValue)]) { mirror, _ in mirror.activation = state }
    }

    /// Why the scene is where it is: one step per layer (supported orientations, window policy, kiosk,
    /// app policy, split view, controller), then the deciding path and the decision.
    public func explain() throws(OrientationClientError) -> [ExplainStep] {
        let reply = try call(.explain, replyType: "(a(sass))")
        return reply.child(at: 0).children.map(ExplainStep.init(step:))
    }

    /// Removes the scene (`UnregisterScene`). Its streams finish; the client no longer
    /// registers it again when orientd restarts.
    public func unregister() throws(OrientationClientError) {
        try record.gate.withLock { _ throws(OrientationClientError) in
            let (destination, path) = try target()
            try client.callManager(.unregisterScene, [Variant(objectPath: path)], destination: destination)
            if record.isRegisteredHere { client.router.untrack(record) }
        }
    }

    // MARK: State

    /// Where the scene is now (`InterfaceOrientation`).
    public func interfaceOrientation() throws(OrientationClientError) -> InterfaceOrientation {
        let (destination, path) = try target()
        let value = try client.property(path, OrientationClient.sceneInterface, SceneProperty.interfaceOrientation.rawValue,
                                        destination: destination)
        guard let name = value.string, let orientation = InterfaceOrientation(rawValue: name) else {
            throw OrientationClientError.unexpectedReply(SceneProperty.interfaceOrientation.rawValue, value)
        }
        return orientation
    }

    /// All of the scene's properties, read in one call (`GetAll`).
    public func state() throws(OrientationClientError) -> SceneState {
        let (reply, path) = try readAll()
        guard let state = SceneProperties(path: path, properties: reply.child(at: 0).vardict ?? [:]).state else {
            throw OrientationClientError.unexpectedReply(StandardMember.getAll, reply)
        }
        return state
    }

    // MARK: Changes

    /// The scene's orientation changes from now on, each exactly once and in order
    /// (`OrientationChanged`; none for the state at the time of the call: read it with
    /// `interfaceOrientation()`). Each call makes an independent stream. The stream finishes
    /// when the scene is removed, orientd leaves the bus or the client closes; stop
    /// iterating (or cancel the task) to unsubscribe earlier.
    public func orientationChanges() throws(OrientationClientError) -> AsyncStream<OrientationChange> {
        try client.stream(of: .scene(record.id), watching: record) { Self.change(from: $0) }
    }

    /// The callback form of `orientationChanges()`: `handler` runs on the client's GLib loop
    /// thread for each change, in order, until `cancel()` on the returned observation, the
    /// scene's removal or the client's close (then `onEnd` runs once, on any thread). The
    /// client keeps `handler` until then: a handler that captures the scene keeps the
    /// client (and its connection) alive until one of those happens.
    @discardableResult
    public func onOrientationChange(
        _ handler: @escaping @Sendable (OrientationChange) -> Void,
        onEnd: @escaping @Sendable () -> Void = {}
    ) throws(OrientationClientError) -> OrientationObservation {
        let remove = try client.listen(
            to: .scene(record.id), watching: record,
            deliver: { event in if let change = Self.change(from: event) { handler(change) } },
            finish: onEnd)
        return OrientationObservation(cancel: remove)
    }

    private static func change(from event: ListenerEvent) -> OrientationChange? {
        let signal: ReceivedSignal
        switch event {
        case .signal(let received): signal = received
        case .change(let change): return change
        case .restart: return nil
        }
        guard signal.parameters.isOfType("(sss)"),
              let previous = signal.argument(0).string.flatMap(InterfaceOrientation.init(rawValue:)),
              let current = signal.argument(1).string.flatMap(InterfaceOrientation.init(rawValue:)),
              let reason = signal.argument(2).string
        else { return nil }
        return OrientationChange(scenePath: signal.path, previous: previous, current: current,
                                 reason: OrientationChangeReason(rawValue: reason))
    }

    // MARK: Plumbing

    @discardableResult
    func call(_ method: SceneMethod, _ arguments: [Variant] = [], replyType: String = "()") throws(OrientationClientError) -> Variant {
        let (destination, path) = try target()
        return try client.call(path: path, interface: OrientationClient.sceneInterface, method: method.rawValue,
                               arguments: arguments, replyType: replyType, destination: destination)
    }

    /// Where a call on the scene goes, and its path, read together: a scene this client
    /// registered is called at the unique name of the instance holding it; another
    /// client's scene at orientd's well-known name.
    func target() throws(OrientationClientError) -> (destination: String, path: String) {
        let (owner, path, kept) = record.state.withLock { ($0.owner, $0.path, $0.mirror != nil) }
        guard record.isRegisteredHere else { return (OrientationClient.busName, path) }
        if let owner { return (owner, path) }
        guard kept else {
            throw OrientationClientError(.unknownScene, "the scene \(path) is gone: orientd restarted and the scene "
                + "was unregistered or not taken back (see serviceRestarts())")
        }
        throw OrientationClientError(.serviceUnknown, "orientd left the bus with the scene \(path); "
            + "the client registers it again when orientd is back (see serviceRestarts())")
    }

    /// Calls a method that changes what the scene declares and, once orientd has accepted
    /// it, records it in the mirror the client registers the scene again from. Serialized
    /// with the scene's re-registration.
    @discardableResult
    func change(_ method: SceneMethod, _ arguments: [Variant] = [], replyType: String = "()",
                recording: (inout SceneMirror, Variant) -> Void) throws(OrientationClientError) -> Variant {
        try record.gate.withLock { _ throws(OrientationClientError) -> Variant in
            let reply = try call(method, arguments, replyType: replyType)
            record.state.withLock { state in
                if state.mirror != nil { recording(&state.mirror!, reply) }
            }
            return reply
        }
    }

    private func orientation(from reply: Variant, _ method: SceneMethod) throws(OrientationClientError) -> InterfaceOrientation {
        guard let orientation = reply.child(at: 0).string.flatMap(InterfaceOrientation.init(rawValue:)) else {
            throw OrientationClientError.unexpectedReply(method.rawValue, reply)
        }
        return orientation
    }
}

/// A callback registered with `OrientationScene.onOrientationChange`; `cancel()` stops it.
public final class OrientationObservation: Sendable {
    private let remove: @Sendable () -> Void

    init(cancel remove: @escaping @Sendable () -> Void) { self.remove = remove }

    /// Stops the callback (a call already running finishes). Safe to repeat.
    public func cancel() { remove() }
}

extension ControllerProperties {
    /// The `a{sv}` of the contract.
    var variant: Variant {
        var values: [String: Variant] = [:]
        if let value = shouldAutorotate { values[VardictKey.shouldAutorotate] = Variant(bool: value) }
        if let mask = supportedOrientations { values[VardictKey.supportedOrientations] = Variant(strings: mask.names) }
        if clearsPreferredOrientation {
            values[VardictKey.preferredOrientation] = Variant(string: "")
        } else if let orientation = preferredOrientation {
            values[VardictKey.preferredOrientation] = Variant(string: orientation.rawValue)
        }
        if let value = fillsWindow { values[VardictKey.fillsWindow] = Variant(bool: value) }
        if let value = forwardsOrientation { values[VardictKey.forwardsOrientation] = Variant(bool: value) }
        if let value = prefersOrientationLocked { values[VardictKey.prefersOrientationLocked] = Variant(bool: value) }
        return Variant(vardict: values)
    }
}

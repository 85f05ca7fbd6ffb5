import OrientationWire
import GLibBridge

/// A handle on one controller of a scene (a UIViewController), named by the id the app
/// chose. Handles are values: making one calls nothing, and a handle whose controller is
/// gone fails with `unknownController`.
///
/// The pair of the OrientationManager iOS apps commonly write is here under its own names:
/// ```swift
/// try list.setOrientationMode(.portrait)   // record the new mask...
/// try list.updateOrientation()             // ...and apply it now
/// ```
public struct Controller: Sendable, Hashable, CustomStringConvertible {
    /// The scene it belongs to.
    public let scene: OrientationScene
    /// Its id, unique within the scene.
    public let id: String

    public init(scene: OrientationScene, id: String) {
        self.scene = scene
        self.id = id
    }

    public var description: String { "\(id) in \(scene.path)" }

    // MARK: Navigation

    /// Pushes a new controller onto this navigation controller (`PushController`); it is
    /// on screen and, if this controller forwards, decides. Re-evaluates at once.
    /// - Throws: `wrongControllerKind` if this is not a navigation controller;
    ///   `duplicateController`; `noSupportedOrientation`.
    @discardableResult
    public func push(_ id: String, kind: ControllerKind = .view,
                     properties: ControllerProperties = ControllerProperties()) throws(OrientationClientError) -> Controller {
        try scene.change(.pushController, [Variant(string: self.id), Variant(string: id),
                                            Variant(string: kind.rawValue), properties.variant]) { mirror, _ in
            mirror.push(self.id, id, kind, properties)
        }
        return Controller(scene: scene, id: id)
    }

    /// Pops this navigation controller's top child (`PopController`) and returns it (its
    /// controller is gone). Re-evaluates at once: back on a portrait page while the device
    /// is landscape, the scene is portrait again right away.
    /// - Throws: `notPermitted` when only the root child is left.
    @discardableResult
    public func pop() throws(OrientationClientError) -> Controller {
        let reply = try scene.change(.popController, [Variant(string: id)], replyType: "(s)") { mirror, reply in
            if let popped = reply.child(at: 0).string { mirror.pop(id, popped: popped) }
        }
        return Controller(scene: scene, id: reply.child(at: 0).string ?? "")
    }

    // MARK: Tabs

    /// Adds a child to this tab controller (`AddTab`); the first one added is selected.
    @discardableResult
    public func addTab(_ id: String, kind: ControllerKind = .view,
                       properties: ControllerProperties = ControllerProperties()) throws(OrientationClientError) -> Controller {
        try scene.change(.addTab, [Variant(string: self.id), Variant(string: id),
                                    Variant(string: kind.rawValue), properties.variant]) { mirror, _ in
            mirror.addTab(self.id, id, kind, properties)
        }
        return Controller(scene: scene, id: id)
    }

    /// Selects `child` of this tab controller (`SelectTab`); re-evaluates at once.
    public func selectTab(_ child: String) throws(OrientationClientError) {
        try scene.change(.selectTab, [Variant(string: id), Variant(string: child)]) { mirror, _ in
            mirror.selectTab(id, child)
        }
    }

    /// Selects `child` of this tab controller.
    public func selectTab(_ child: Controller) throws(OrientationClientError) { try selectTab(child.id) }

    // MARK: Presentation

    /// Presents a new controller modally from this one (`PresentController`). A
    /// window-filling one (the default) decides from now on, and the scene turns to its
    /// `preferredOrientation` if it gives one.
    /// - Throws: `notPermitted` if this controller already presents one;
    ///   `unsupportedOrientation` for a preferred orientation outside its own mask.
    @discardableResult
    public func present(_ id: String, kind: ControllerKind = .view,
                        properties: ControllerProperties = ControllerProperties()) throws(OrientationClientError) -> Controller {
        try scene.change(.presentController, [Variant(string: self.id), Variant(string: id),
                                               Variant(string: kind.rawValue), properties.variant]) { mirror, _ in
            mirror.present(self.id, id, kind, properties)
        }
        return Controller(scene: scene, id: id)
    }

    /// Dismisses this presented controller and everything it presented
    /// (`DismissController`); re-evaluates at once.
    public func dismiss() throws(OrientationClientError) {
        try scene.change(.dismissController, [Variant(string: id)]) { mirror, _ in mirror.dismiss(id) }
    }

    // MARK: Declarations

    /// Changes what this controller declares (`SetControllerProperties`); keys left nil
    /// keep their value. Validated at once; takes effect at the next evaluation, such as
    /// `updateOrientation()`.
    public func setProperties(_ properties: ControllerProperties) throws(OrientationClientError) {
        try scene.change(.setControllerProperties, [Variant(string: id), properties.variant]) { mirror, _ in
            mirror.setProperties(id, properties)
        }
    }

    /// The iOS practice's `setOrientationMode:`: gives this controller an orientation mode that
    /// replaces its declared mask (`.none` clears it). Takes effect at the next evaluation:
    /// call `updateOrientation()` to apply it now.
    public func setOrientationMode(_ mode: OrientationMode) throws(OrientationClientError) {
        try scene.change(.setOrientationMode, [Variant(string: id), Variant(string: mode.rawValue)]) { mirror, _ in
            mirror.setMode(id, mode)
        }
    }

    /// The iOS practice's `updateOrientation`: re-evaluates the scene now and returns its
    /// orientation (the scene's `updateOrientation()`).
    @discardableResult
    public func updateOrientation() throws(OrientationClientError) -> InterfaceOrientation {
        try scene.updateOrientation()
    }
}

/// A scene's fields, held by reference: `Scene` is a value over it, copying it before a change
/// when another value shares it. Only `Scene` reads or writes it, and only through a value it
/// holds uniquely, so no two threads ever change one.
final class SceneFields: @unchecked Sendable {
    let id: SceneID
    let appId: String
    let idiom: Idiom
    let display: String
    let owner: String?
    let creator: String
    let quotaHolder: String
    let observedWindow: UInt64?
    var supportedGiven: OrientationMask?
    var supportedFile: String?
    var declared: DeclaredOrientations?
    var sceneDelegate: OrientationMask?
    var appDelegate: OrientationMask?
    var width: UInt32
    var height: UInt32
    var activation: ActivationState = .foregroundActive
    var tree = ControllerTree()
    var orientation: InterfaceOrientation = .portrait
    var effectiveMask: OrientationMask = []
    var decidingController = ""
    var orientationLocked = false
    var splitView = false
    var splitFamily: OrientationFamily?
    var lastRule: DecisionRule = .firstAllowed
    var lastReason: ChangeReason?

    init(id: SceneID, appId: String, idiom: Idiom, display: String, owner: String?, creator: String,
         quotaHolder: String, observedWindow: UInt64?, width: UInt32, height: UInt32) {
        (self.id, self.appId, self.idiom, self.display, self.owner) = (id, appId, idiom, display, owner)
        (self.creator, self.quotaHolder, self.observedWindow) = (creator, quotaHolder, observedWindow)
        (self.width, self.height) = (width, height)
    }

    /// A copy of `other`, for a scene value about to change fields it shares.
    init(copying other: SceneFields) {
        (id, appId, idiom, display, owner) = (other.id, other.appId, other.idiom, other.display, other.owner)
        (creator, quotaHolder, observedWindow) = (other.creator, other.quotaHolder, other.observedWindow)
        (supportedGiven, supportedFile, declared) = (other.supportedGiven, other.supportedFile, other.declared)
        (sceneDelegate, appDelegate, width, height) = (other.sceneDelegate, other.appDelegate, other.width, other.height)
        (activation, tree, orientation, effectiveMask) = (other.activation, other.tree, other.orientation, other.effectiveMask)
        (decidingController, orientationLocked, splitView) = (other.decidingController, other.orientationLocked, other.splitView)
        (splitFamily, lastRule, lastReason) = (other.splitFamily, other.lastRule, other.lastReason)
    }
}

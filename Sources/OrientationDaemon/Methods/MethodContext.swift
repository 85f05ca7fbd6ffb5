import GLibBridge
import OrientationCore

/// What a method's row may reach besides its arguments: the state to read, and the three
/// answers rows need that are not a core command of their own. `OrientationService` serves
/// it; a row's test may give its own (`MethodRowTests`), so a row never sees the whole service.
protocol MethodContext: AnyObject {
    /// The rules and the whole state they decide on, to read.
    var manager: OrientationManager { get }
    /// `registration` completed from the app's desktop entry (`BusFace.declared`).
    func declared(_ registration: SceneRegistration) -> SceneRegistration
    /// Reads every configuration file again and applies the result (`Reload`).
    func reloadConfiguration(because why: String)
    /// The `GetControllers` reply of scene `id`, cached until the scene changes (`ReplyCaches`).
    func controllersReply(of id: SceneID) throws(OrientationError) -> Variant
}

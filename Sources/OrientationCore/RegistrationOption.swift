/// The options a scene is registered with, by the names callers give them (RegisterScene's
/// `a{sv}` keys): the core names them in its errors and in Explain.
public enum RegistrationOption: String, CaseIterable, Sendable {
    case appId = "app-id", idiom = "idiom"
    /// The app's supported orientations (the Info.plist's supported interface orientations).
    case supportedOrientations = "supported-orientations"
    case sceneDelegateOrientations = "scene-delegate-orientations"
    case appDelegateOrientations = "app-delegate-orientations"
    case width = "width", height = "height", display = "display", detached = "detached"
}

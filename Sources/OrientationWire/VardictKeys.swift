import OrientationCore

/// The keys of the contract's `a{sv}` arguments and replies, and the D-Bus type of each
/// key an argument may hold (the XML documents them member by member).
public enum VardictKey {
    // RegisterScene's options: the core's names (its errors and Explain use them too).
    public static let appId = RegistrationOption.appId.rawValue
    public static let idiom = RegistrationOption.idiom.rawValue
    public static let supportedOrientations = RegistrationOption.supportedOrientations.rawValue
    public static let sceneDelegateOrientations = RegistrationOption.sceneDelegateOrientations.rawValue
    public static let appDelegateOrientations = RegistrationOption.appDelegateOrientations.rawValue
    public static let width = RegistrationOption.width.rawValue
    public static let height = RegistrationOption.height.rawValue
    public static let display = RegistrationOption.display.rawValue
    public static let detached = RegistrationOption.detached.rawValue

    // A controller's properties (SetControllerProperties, GetControllers).
    public static let shouldAutorotate = "should-autorotate"
    public static let preferredOrientation = "preferred-orientation"
    public static let fillsWindow = "fills-window"
    public static let forwardsOrientation = "forwards-orientation"
    /// iOS 26's prefersInterfaceOrientationLocked (since version 6).
    public static let prefersOrientationLocked = "prefers-orientation-locked"
    /// GetControllers only: root, child or presented.
    public static let relation = "relation"
    /// GetControllers only: the controller's orientation mode, "" for none.
    public static let mode = "mode"
    /// GetControllers only: whether it is its tab controller's selected child.
    public static let selected = "selected"
    /// GetControllers only: whether it is on the path that decides the orientation.
    public static let deciding = "deciding"

    // An app policy (SetAppPolicy, GetAppPolicies).
    public static let allowedOrientations = "allowed-orientations"
    public static let followSensor = "follow-sensor"
    /// GetAppPolicies only: who set the policy ("user" or a configuration file).
    public static let source = "source"
    /// GetAppPolicies only: whether the administrator's files lock it.
    public static let locked = "locked"
    /// GetAppPolicies only, while locked: the file that locks it (may be earlier than `source`).
    public static let lockedBy = "locked-by"

    /// The keys RegisterScene's options may hold, with their types, in the XML's order.
    public static let registration: [(key: String, type: String)] = [
        (appId, "s"), (idiom, "s"), (supportedOrientations, "as"), (sceneDelegateOrientations, "as"),
        (appDelegateOrientations, "as"), (width, "u"), (height, "u"), (display, "s"), (detached, "b"),
    ]
    /// The keys SetControllerProperties (and a new controller's properties) may hold.
    public static let controller: [(key: String, type: String)] = [
        (shouldAutorotate, "b"), (supportedOrientations, "as"), (preferredOrientation, "s"),
        (fillsWindow, "b"), (forwardsOrientation, "b"), (prefersOrientationLocked, "b"),
    ]
    /// The keys SetAppPolicy's policy may hold.
    public static let policy: [(key: String, type: String)] = [(allowedOrientations, "as"), (followSensor, "b")]
}

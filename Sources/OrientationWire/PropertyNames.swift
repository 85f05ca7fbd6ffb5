import OrientationCore

/// The properties of the contract's objects, by name as in the XML: the core's
/// `ManagerProperty` and `SceneProperty`, whose raw values are the names.
public enum PropertyNames {
    /// Every manager property, in the contract's order.
    public static let manager: [String] = ManagerProperty.allCases.map(\.rawValue)

    /// Every scene property, in the contract's order.
    public static let scene: [String] = SceneProperty.allCases.map(\.rawValue)
}

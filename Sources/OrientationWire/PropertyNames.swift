import OrientationCore

/// The properties of the contract's objects, by name as in the XML. The core's
/// `ManagerProperty` and `SceneProperty` are the ones its state decides; the two manager
/// properties read from the configuration files are named here.
public enum PropertyNames {
    /// The configuration files read, in the order they were applied.
    public static let configFiles = "ConfigFiles"
    /// The settings the administrator's files lock.
    public static let lockedSettings = "LockedSettings"

    /// Every manager property, in the contract's order: the core's, with the configuration's
    /// two after `SettleTime`.
    public static let manager: [String] = {
        var names = ManagerProperty.allCases.map(\.rawValue)
        let index = names.firstIndex(of: ManagerProperty.settleTime.rawValue)! + 1
        names.insert(contentsOf: [configFiles, lockedSettings], at: index)
        return names
    }()

    /// Every scene property, in the contract's order.
    public static let scene: [String] = SceneProperty.allCases.map(\.rawValue)
}

import OrientationClient

/// What a person chooses for an app: the four choices the settings app offers, each one
/// app policy of orientd's (or none).
public enum AppChoice: CaseIterable, Sendable, Hashable {
    /// No policy: the app's own declarations decide.
    case followApp
    /// Every orientation, whatever the app declares.
    case any
    case portraitOnly
    case landscapeOnly

    /// The policy this choice sets; nil removes the user's policy.
    public var policy: AppPolicy? {
        switch self {
        case .followApp: return nil
        case .any: return AppPolicy(allowed: .all)
        case .portraitOnly: return AppPolicy(allowed: .portrait)
        case .landscapeOnly: return AppPolicy(allowed: .landscape)
        }
    }

    /// The choice a policy in force is; nil for a policy none of the four choices gives
    /// (an administrator's or orientctl's), such as portrait and upside-down, or one that
    /// stops following the sensor.
    public init?(policy: AppPolicy?) {
        guard let policy else { self = .followApp; return }
        guard policy.followSensor else { return nil }
        switch policy.allowed {
        case nil: self = .followApp
        case .some(.all): self = .any
        case .some(.portrait): self = .portraitOnly
        case .some(.landscape): self = .landscapeOnly
        default: return nil
        }
    }

    /// The choice's title, translated.
    public var title: String {
        switch self {
        case .followApp: return tr("Follow the app")
        case .any: return tr("Any orientation")
        case .portraitOnly: return tr("Portrait only")
        case .landscapeOnly: return tr("Landscape only")
        }
    }

    /// A line under the title, translated.
    public var detail: String {
        switch self {
        case .followApp: return tr("The app's own choice")
        case .any: return tr("Turns with the device")
        case .portraitOnly: return tr("Always upright")
        case .landscapeOnly: return tr("Always sideways")
        }
    }
}

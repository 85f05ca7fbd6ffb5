/// KWin's auto-rotate policy of an output (kde_output_device_v2's `auto_rotate_policy`, KWin 6
/// and later): when KWin turns it from the accelerometer by itself. The raw values are the
/// protocol's enum; any other value is no policy.
public enum KWinAutoRotatePolicy: UInt32, CaseIterable, Sendable {
    case never = 0
    case inTabletMode = 1
    case always = 2

    /// As KWin's display settings say it: "never", "in tablet mode", "always".
    public var words: String {
        switch self {
        case .never: return "never"
        case .inTabletMode: return "in tablet mode"
        case .always: return "always"
        }
    }

    /// The word in orientd's state file ("never", "in-tablet-mode", "always").
    public var key: String { self == .inTabletMode ? "in-tablet-mode" : words }

    public init?(key: String) {
        guard let policy = Self.allCases.first(where: { $0.key == key }) else { return nil }
        self = policy
    }
}

extension CompositorRotation {
    /// What KWin says of turning the panel itself: the user's auto-rotate policy for the
    /// panel's `output` (nil: KWin sends none, as KWin 5.27) with KWin's tablet mode on the
    /// session bus (`tabletModeAvailable`: KWin can detect it; nil: not said).
    ///
    /// - "always": KWin turns the panel from the sensor, the device is held;
    /// - "never": it never does (the user turns the panel in the display settings);
    /// - "in tablet mode" (KWin's default), or no policy: in tablet mode (detected, or forced
    ///   by the user) KWin turns the panel; out of it, on a device whose tablet mode KWin can
    ///   detect (a convertible in laptop mode), it does not; a KWin that can detect no tablet
    ///   mode (a desktop) says nothing, and the posture goes by the sensor.
    public static func kwin(policy: KWinAutoRotatePolicy?, output: String?, tabletModeAvailable: Bool?,
                            tabletMode: Bool?) -> CompositorRotation {
        let named = "KWin's auto-rotate policy for \(output ?? "the panel") is \"\(policy?.words ?? "")\""
        switch policy {
        case .always?:
            return .turnsPanel(named + ": it turns the panel from the accelerometer itself")
        case .never?:
            return .leavesPanel(named + ": it does not turn the panel by itself")
        case .inTabletMode?, nil:
            let policyWords = policy == nil ? "" : named + " and "
            if tabletMode == true {
                return .turnsPanel(policyWords + "KWin is in tablet mode, where it turns the panel from the accelerometer itself")
            }
            guard tabletModeAvailable == true, tabletMode == false else { return .silent }
            return .leavesPanel(policyWords + "KWin is not in tablet mode (a laptop, or a convertible in laptop mode), where it does not turn the panel by itself")
        }
    }
}

/// What phoc's device state (`zphoc_device_state_v1`, phoc 0.31 and later) says of its
/// tablet-mode switch, as the output backend reads it on its connection to phoc.
public enum PhocTabletModeSwitch: Sendable, Equatable {
    /// phoc offers no device state (another compositor, an older phoc).
    case unoffered
    /// Its capabilities name no tablet-mode switch (a phone, a desktop, a headless phoc).
    case absent
    /// The switch is enabled: a convertible folded into a tablet.
    case enabled
    /// The switch is disabled: a laptop, or a convertible on its keyboard.
    case disabled
}

extension CompositorRotation {
    /// What phoc says of how the device is held, from its tablet-mode switch: enabled, held
    /// (the sensor turns the panel, as in KWin's tablet mode); disabled, on a desk; no switch,
    /// phoc has nothing to say and the posture goes by the sensor, as where no device state
    /// is offered.
    public static func phoc(_ tabletModeSwitch: PhocTabletModeSwitch) -> CompositorRotation {
        switch tabletModeSwitch {
        case .unoffered:
            return .silent
        case .absent:
            return .saysNothing("phoc's device state (zphoc_device_state_v1) reports no tablet-mode switch, so phoc does not say whether the device is held")
        case .enabled:
            return .turnsPanel("phoc's tablet-mode switch is on (a convertible folded into a tablet): the device is held")
        case .disabled:
            return .leavesPanel("phoc's tablet-mode switch is off (a laptop, or a convertible on its keyboard): the device stands on a desk")
        }
    }
}

/// When orientd must hold the compositor's own auto-rotation off.
///
/// GNOME's mutter and Phosh turn the built-in panel from the accelerometer by themselves unless
/// the user's rotation lock (their "Auto Rotate" switch, off) is on; orientd's `RotationLocked`
/// and that switch are one setting. The compositor shows by itself every orientation the
/// device takes (all four), or, under the lock, the one the panel was locked in. orientd holds
/// the compositor's rotation off only while what it shows could differ from that:
///
/// - kiosk mode is on (the kiosk orientation, whatever the device does);
/// - the scene in front does not follow the device into every orientation: its orientations
///   leave one out (a landscape-only game, a phone app without upside-down), it does not
///   autorotate, the user's policy keeps it from following the sensor, or it shows another
///   orientation than the device's (a request, a presented controller's preferred one).
///
/// "Could differ", not "differs now": the compositor turns the panel the moment the sensor
/// reads a new orientation, orientd only after the settle time, so a hold taken when the
/// device turns would come after the compositor had turned the panel already.
extension OrientationManager {
    /// Whether orientd must hold the compositor's auto-rotation off now.
    public var holdsCompositorRotation: Bool {
        if settings.kioskMode { return true }
        guard let front = output.frontScene, let scene = scenes[front] else { return false }
        // On a desk only what turns the panel there holds (the compositor turns nothing by itself).
        if regime == .desk, !decidesOnDesk(scene) { return false }
        return !followsTheDeviceEverywhere(scene)
    }

    /// Whether `scene` shows what the compositor's own rotation would: it allows and follows
    /// every orientation the device takes, and shows the device's orientation now (when the
    /// device has one).
    func followsTheDeviceEverywhere(_ scene: Scene) -> Bool {
        let resolution = Resolution(scene: scene, settings: settings)
        guard resolution.isValid, resolution.final == .all, resolution.autorotates,
              settings.appPolicies[scene.appId]?.followSensor ?? true else { return false }
        if let device = deviceOrientation.interfaceOrientation, scene.orientation != device { return false }
        return true
    }
}

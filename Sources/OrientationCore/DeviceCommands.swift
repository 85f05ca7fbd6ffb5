extension OrientationManager {
    /// A reading goes through the settle time: it must hold for `SettleTime` before scenes follow.
    /// The sensor's first reading, while nothing was ever sensed, is the device's orientation
    /// at once: nothing turned yet that the settle time could keep from turning back, and the
    /// status that started orientd says the device as it is.
    mutating func receive(_ orientation: DeviceOrientation, source: SensorSource, now: Moment, events: inout [Event],
                          progress: Progress? = nil) {
        let first = source == .iioSensorProxy && sensedOrientation == .unknown && deviceOrientation == .unknown
        // The sensor read again: a hand-set orientation gives way to it; set by hand while the
        // sensor is claimed, it holds only a while (HandSetDevice).
        handSet = source == .iioSensorProxy ? nil : handHold(orientation, now: now)
        if settings.settleTimeMilliseconds == 0 || first {
            pendingReading = nil
            applyReading(orientation, source: source, now: now, events: &events, progress: progress)
        } else if orientation == sensedOrientation {
            // Back where it settled: whatever was pending did not hold.
            pendingReading = nil
            sensedSource = source
            if !settings.rotationLocked { lastReadingSource = source }
        } else if pendingReading?.orientation != orientation {
            pendingReading = PendingReading(orientation: orientation, source: source, since: now.monotonic)
        }
    }

    /// When the pending reading will have held for the settle time (nil: none pending).
    var readingDeadline: Int64? { pendingReading.map { $0.since + Int64(settings.settleTimeMilliseconds) * 1000 } }

    /// Applies a pending reading that has held for the settle time.
    mutating func tick(now: Moment, events: inout [Event], progress: Progress? = nil) {
        endHandHold(now: now, events: &events, progress: progress)
        settleCompositorRotation(now: now)
        guard let pending = pendingReading, let deadline = readingDeadline, now.monotonic >= deadline else { return }
        pendingReading = nil
        applyReading(pending.orientation, source: pending.source, now: now, events: &events, progress: progress)
    }

    /// A settled reading: published and followed, or, under the rotation lock, kept aside and
    /// offered as a suggestion to the scenes that allow it.
    mutating func applyReading(_ orientation: DeviceOrientation, source: SensorSource, now: Moment, events: inout [Event],
                               progress: Progress? = nil) {
        sensedOrientation = orientation
        sensedSource = source
        if settings.rotationLocked {
            suggestRotation(now: now, events: &events)
            return
        }
        lastReadingSource = source
        guard deviceOrientation != orientation else { return }
        deviceOrientation = orientation
        events.append(.deviceOrientationChanged(orientation))
        guard orientation.interfaceOrientation != nil else { return }
        let following = scenesFollowingDevice()
        reevaluateScenes(following, kioskBefore: settings.kioskMode, reason: .device, now: now, events: &events,
                         progress: progress)
    }

    /// Under the rotation lock: `RotationSuggested` for each foreground scene on the built-in
    /// display whose deciding controller autorotates and allows the settled orientation.
    func suggestRotation(now: Moment, events: inout [Event]) {
        guard let sensed = sensedOrientation.interfaceOrientation else { return }
        for id in scenes.keys.sorted() {
            let scene = scenes[id]!
            guard scene.isBuiltin, scene.activation != .background, scene.orientation != sensed,
                  settings.appPolicies[scene.appId]?.followSensor ?? true else { continue }
            let resolution = Resolution(scene: scene, settings: settings)
            if resolution.isValid, resolution.autorotates, resolution.final.contains(sensed) {
                events.append(.rotationSuggested(id, sensed))
            }
        }
    }

    mutating func setRotationLocked(_ locked: Bool, now: Moment, events: inout [Event]) {
        guard locked != settings.rotationLocked else { return }
        settings.rotationLocked = locked
        guard !locked else { return }
        // Lifted: the device orientation (and where it came from) catches up and every scene follows it.
        lastReadingSource = sensedSource
        if deviceOrientation != sensedOrientation {
            deviceOrientation = sensedOrientation
            events.append(.deviceOrientationChanged(sensedOrientation))
        }
        let following = scenesFollowingDevice()
        reevaluateScenes(following, kioskBefore: settings.kioskMode, reason: .device, now: now, events: &events)
    }
}

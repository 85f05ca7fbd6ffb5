import OrientationClient

extension VerbTable {
    static let settingsVerbs: [VerbSpec] = [
        VerbSpec("device", group: .settings, arguments: [ArgumentSpec("ORIENTATION", .choice(deviceOrientationNames))],
                 summary: "Report a device orientation, as if the sensor had",
                 details: """
                    Sets the device orientation by hand (SetDeviceOrientation), for rigs without a sensor, scripts \
                    and tests: portrait, portrait-upside-down, landscape-left, landscape-right, face-up, face-down \
                    or unknown. The settle time applies; the next sensor reading replaces it. Device landscape-left \
                    (home button on the right) turns scenes to interface landscape-right, and the reverse.
                    """,
                 examples: ["device landscape-left"], run: device),
        VerbSpec("lock", group: .settings, summary: "Turn the rotation lock on",
                 details: "Turns the user's rotation lock on: no scene follows the device until 'unlock'. Persisted.",
                 examples: ["lock"], run: { inv throws(CommandError) in try setLock(inv, true) }),
        VerbSpec("unlock", group: .settings, summary: "Turn the rotation lock off",
                 details: "Lifts the rotation lock; every scene then follows the device if it can. Persisted.",
                 examples: ["unlock"], run: { inv throws(CommandError) in try setLock(inv, false) }),
        VerbSpec("app-locks", group: .settings, arguments: [ArgumentSpec("on|off", .choice(["on", "off"]))],
                 summary: "Let apps lock the orientation (on) or make every app follow the device (off)",
                 details: """
                    The user's switch above every app (SetAppLocksAllowed): off, what apps declare constrains \
                    nothing and every app follows the device; your own per-app choices ('policy') and kiosk \
                    mode still apply. On is the default. Persisted.
                    """,
                 examples: ["app-locks off"], run: appLocks),
        VerbSpec("kiosk", group: .settings,
                 arguments: [ArgumentSpec("on|off", .choice(["on", "off"])),
                             ArgumentSpec("ORIENTATION", .choice(InterfaceOrientation.validNames), optional: true)],
                 summary: "Turn kiosk mode on (optionally with its orientation) or off",
                 details: """
                    Kiosk mode forces every scene to the kiosk orientation (portrait unless set; \
                    portrait-upside-down serves wall-mounted screens) and hides the status bar. 'kiosk on \
                    ORIENTATION' also stores the orientation; 'kiosk off ORIENTATION' stores it for next time. \
                    Persisted.
                    """,
                 examples: ["kiosk on portrait-upside-down", "kiosk off"], run: kiosk),
        VerbSpec("set-settle", group: .settings, arguments: [ArgumentSpec("MS")],
                 summary: "Set the settle time in milliseconds (0–10000)",
                 details: "How long a new device orientation must hold before scenes follow it (default 250). Persisted.",
                 examples: ["set-settle 0"], run: setSettle),
        VerbSpec("set-threshold", group: .settings, arguments: [ArgumentSpec("POINTS")],
                 summary: "Set the split-view threshold in points (0–100000)",
                 details: """
                    A pad scene narrower or shorter than this is in split view (default 768; 0 disables split \
                    view). Persisted.
                    """,
                 examples: ["set-threshold 700"], run: setThreshold),
    ]

    /// The device's orientations, `unknown` last.
    static let deviceOrientationNames = (DeviceOrientation.allCases.filter { $0 != .unknown } + [.unknown]).map(\.rawValue)

    static func device(_ inv: Invocation) throws(CommandError) {
        let orientation = try inv.read { () throws(OrientationClientError) in try UserInput.deviceOrientation(inv.argument(0)) }
        try inv.bus { client throws(OrientationClientError) in try client.setDeviceOrientation(orientation) }
    }

    static func setLock(_ inv: Invocation, _ locked: Bool) throws(CommandError) {
        try inv.bus { client throws(OrientationClientError) in try client.setRotationLocked(locked) }
    }

    static func appLocks(_ inv: Invocation) throws(CommandError) {
        let allowed: Bool
        switch inv.argument(0) {
        case "on": allowed = true
        case "off": allowed = false
        default: throw inv.usage("app-locks takes on or off, not '\(inv.argument(0))'")
        }
        try inv.bus { client throws(OrientationClientError) in try client.setAppLocksAllowed(allowed) }
    }

    static func kiosk(_ inv: Invocation) throws(CommandError) {
        let enabled: Bool
        switch inv.argument(0) {
        case "on": enabled = true
        case "off": enabled = false
        default: throw inv.usage("kiosk takes on or off, not '\(inv.argument(0))'")
        }
        let orientation = try inv.read { () throws(OrientationClientError) in try UserInput.kioskOrientation(inv.command.argument(1) ?? "") }
        try inv.bus { client throws(OrientationClientError) in try client.setKioskMode(enabled, orientation: orientation) }
    }

    static func setSettle(_ inv: Invocation) throws(CommandError) {
        let value = try inv.number(inv.argument(0), what: "MS")
        try inv.bus { client throws(OrientationClientError) in try client.setSettleTime(milliseconds: value) }
    }

    static func setThreshold(_ inv: Invocation) throws(CommandError) {
        let value = try inv.number(inv.argument(0), what: "POINTS")
        try inv.bus { client throws(OrientationClientError) in try client.setSplitViewThreshold(points: value) }
    }
}

import OrientationClient

/// `status`: the manager's state and one line per scene.
public enum StatusView {
    /// `lastFailure`: why an orientd last could not start (`LastFailureFile`), shown when there is one.
    public static func lines(manager m: ManagerProperties, scenes: [SceneProperties], aligned: Bool, style: Style,
                             lastFailure: String? = nil) -> [String] {
        // Every string the manager gives is escaped: whoever owns the name may have forged it.
        let source = m.sensorSourceText.isEmpty ? "" : " (\(deviceSource(m)))"
        let kioskOrientation = m.kioskOrientationText.terminalSafe
        let kiosk = m.kioskMode ? "on, \(style.highlight(kioskOrientation))" : "off (kiosk orientation \(kioskOrientation))"
        let sceneLines = scenes.isEmpty ? ["none"] : scenes.map { sceneLine($0, style: style) }
        // Each setting says who set it (the user, a configuration file, the default); one the
        // administrator's configuration locks says so, so the user knows a call cannot change it.
        func locked(_ keys: SettingKey...) -> String { setBy(keys, m) }
        // Built a row at a time: as one expression Debian 13's Swift 6.0 gave up type-checking it.
        var rows: [(String, [String])] = [
            ("Device orientation", [style.highlight(m.deviceText.terminalSafe) + source]),
            ("Sensor available", [m.sensorAvailable ? "yes" : "no"]),
            ("Rotation lock", [(m.rotationLocked ? style.yellow("on") : "off") + locked(.rotationLocked)]),
        ]
        if m.bool(.appLocksAllowed) != nil {
            let appLocks = m.appLocksAllowed ? "yes" : style.yellow("no: every app follows the device")
            rows.append(("Apps may lock", [appLocks + locked(.appLocksAllowed)]))
        }
        rows.append(("Kiosk mode", [kiosk + locked(.kioskMode, .kioskOrientation)]))
        rows.append(("Settle time", ["\(m.settleTime) ms" + locked(.settleTime)]))
        rows.append(("Split-view threshold", ["\(m.splitViewThreshold) points" + locked(.splitViewThreshold)]))
        rows.append(("Output", [OutputView.outputLine(m, style: style)]))
        if let screen = m.screenText { rows.append(("Screen", [screen.terminalSafe])) }
        rows.append(("Window tracking", [OutputView.windowsLine(m)]))
        rows.append(("Front scene", [OutputView.frontSceneLine(m, scenes: scenes)]))
        rows.append(("Scenes", sceneLines))
        if let lastFailure { rows.append(("Last failed start", [style.yellow(lastFailure)])) }
        return TextLayout.labelled(rows, aligned: aligned, style: style)
    }

    /// Where the device orientation came from: the sensor, or set by hand — beside a sensor
    /// that is there, only until it reads again (or a while: `explain` says how long); under
    /// the rotation lock, as it was when the lock was set.
    static func deviceSource(_ m: ManagerProperties) -> String {
        let source = m.sensorSourceText
        var words = source.terminalSafe
        if source == "manual" && m.sensorAvailable && m.deviceText != "unknown" {
            words = "set by hand, until the accelerometer reads again: orientctl explain says how long"
        }
        if m.rotationLocked && m.sensorAvailable {
            words += "; as it was when the rotation lock was set: orientctl explain says how it is held now"
        }
        return words
    }

    /// ` [set by the user]`, ` [default]`, ` [set in FILE]` or ` [locked in FILE]` for the keys of
    /// one line (each named when they differ); from an orientd before version 5, which does not
    /// say, ` [locked]` for a locked one only.
    static func setBy(_ keys: [SettingKey], _ m: ManagerProperties) -> String {
        let sources = m.settingSources
        let words = keys.map { key -> String in
            let locked = m.lockedSettingNames.contains(key.rawValue)
            switch sources[key.rawValue] {
            case nil: return locked ? "locked" : ""
            case "user": return "set by the user"
            case "default": return "default"
            case let file?: return (locked ? "locked in " : "set in ") + file.terminalSafe
            }
        }
        if Set(words).count == 1 { return words[0].isEmpty ? "" : " [\(words[0])]" }
        let named = zip(keys, words).filter { !$0.1.isEmpty }.map { "\($0.0.rawValue): \($0.1)" }
        return named.isEmpty ? "" : " [" + named.joined(separator: "; ") + "]"
    }

    /// `1 com.example.Video: landscape-right (phone, deciding player, detached)`.
    public static func sceneLine(_ scene: SceneProperties, style: Style) -> String {
        var details = [scene.idiomText]
        if scene.displayText != "builtin" && !scene.displayText.isEmpty { details.append("on \(scene.displayText)") }
        details.append(scene.decidingText.isEmpty ? "no controllers" : "deciding \(scene.decidingText)")
        details += scene.flags
        return "\(scene.label.terminalSafe) \(scene.appIdText.terminalSafe): \(style.highlight(scene.orientationText.terminalSafe)) "
            + "(\(details.joined(separator: ", ").terminalSafe))"
    }

    /// The manager's properties, then `scenes`, then `lastFailedStart` when there is one.
    public static func json(manager: ManagerProperties, scenes: [SceneProperties], lastFailure: String? = nil) -> PrintedJSON {
        let output = OutputView.jsonMembers(manager)
        let replaced = Set(output.map(\.0))
        return .object(manager.jsonMembers.filter { !replaced.contains($0.0) } + output + [("scenes", .array(scenes.map(\.json)))]
                       + (lastFailure.map { [("lastFailedStart", PrintedJSON.string($0))] } ?? []))
    }
}

/// `list`: a table of scenes.
public enum SceneListView {
    public static let header = ["SCENE", "APP-ID", "IDIOM", "DISPLAY", "ORIENTATION", "MASK", "DECIDING", "FLAGS"]

    public static func lines(_ scenes: [SceneProperties], aligned: Bool, style: Style, legend: Bool = true) -> [String] {
        let rows = scenes.map { scene in
            [scene.label, scene.appIdText, scene.idiomText, scene.displayText, scene.orientationText,
             MaskFormat.compact(scene.supportedOrientationNames), scene.decidingText, scene.flags.joined(separator: ",")]
        }
        var lines = TextLayout.table(header: header, rows: rows, aligned: aligned, style: style, legend: legend)
        if aligned && legend { lines += ["", "\(scenes.count) scene\(scenes.count == 1 ? "" : "s") listed."] }
        return lines
    }

    public static func json(_ scenes: [SceneProperties]) -> PrintedJSON { .array(scenes.map(\.json)) }
}

/// `show`: properties as `Key=Value` lines, or bare values.
public enum PropertiesView {
    public static func lines(_ properties: [(name: String, value: String)], valueOnly: Bool) -> [String] {
        properties.map { valueOnly ? $0.value.terminalSafe : "\($0.name.terminalSafe)=\($0.value.terminalSafe)" }
    }
}

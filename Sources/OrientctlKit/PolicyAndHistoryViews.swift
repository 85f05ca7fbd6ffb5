import OrientationClient

/// `history`: a table of orientation changes, newest first.
public enum HistoryView {
    public static let header = ["TIME", "SCENE", "APP-ID", "FROM", "TO", "REASON"]

    public static func lines(_ entries: [ChangeRecord], aligned: Bool, style: Style, legend: Bool = true) -> [String] {
        TextLayout.table(header: header, rows: entries.map { entry in
            [TimeFormat.dateTime(microseconds: entry.time), SceneReference.label(of: entry.scene), entry.appID,
             entry.previous, entry.current, entry.reason]
        }, aligned: aligned, style: style, legend: legend)
    }

    public static func json(_ entries: [ChangeRecord]) -> PrintedJSON { .array(entries.map(\.json)) }
}

/// `policies` and `policy APP`.
public enum PolicyView {
    public static let header = ["APP-ID", "ALLOWED", "FOLLOW-SENSOR", "SOURCE", "LOCKED"]

    /// With no policy, a sentence saying so (nothing with `--no-legend`), not a bare header.
    public static func lines(_ policies: [AppPolicyEntry], aligned: Bool, style: Style, legend: Bool = true) -> [String] {
        if policies.isEmpty { return legend ? [noPolicies] : [] }
        var lines = TextLayout.table(header: header, rows: policies.map { policy in
            [policy.appID, policy.allowed.map { MaskFormat.compact($0) } ?? "any", policy.followSensor ? "yes" : "no",
             policy.source, policy.lockedColumn]
        }, aligned: aligned, style: style, legend: legend)
        if aligned && legend { lines += ["", "\(policies.count) polic\(policies.count == 1 ? "y" : "ies") listed."] }
        return lines
    }

    public static let noPolicies = "No app policies: every app follows its own declarations "
        + "(set one with 'orientctl policy APP --allow …', or in the Orientation settings app)."

    /// One object per policy, sorted by app-id (keys are never data: `JSONConvention`).
    public static func json(_ policies: [AppPolicyEntry]) -> PrintedJSON {
        .array(policies.map(\.json))
    }

    /// One app's policy, or that it has none.
    public static func line(appId: String, _ policy: AppPolicyEntry?) -> String {
        guard let policy else { return "\(appId.terminalSafe): no policy (all orientations its windows allow; follows the sensor)" }
        return "\(appId.terminalSafe): \(policy.summary.terminalSafe)"
    }
}

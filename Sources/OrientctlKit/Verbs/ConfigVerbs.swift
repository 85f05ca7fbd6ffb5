import OrientationClient

/// The configuration files: `cat-config`, `reload`, `reset`.
extension VerbTable {
    /// The manager keys a configuration file can set and lock, in the contract's order.
    static let settingKeys = SettingKey.allCases.map(\.rawValue)

    static let configVerbs: [VerbSpec] = [
        VerbSpec("cat-config", group: .state, summary: "Print the configuration files orientd applied, in order",
                 details: """
                    Prints each configuration file orientd applied (its ConfigFiles property), in the order they \
                    apply, each under a '# PATH' line, as systemd-analyze cat-config does. Later files override \
                    earlier ones key by key; the user's own settings (the state file) override them all, except \
                    locked keys. A path that is not where orientd's configuration search path puts its files \
                    (orientd.conf and orientd.conf.d/*.conf in the orientd folder of $XDG_DATA_DIRS and \
                    $XDG_CONFIG_DIRS, as orientctl's own environment sets them) is named but not read, and so is a \
                    symbolic link there that leads anywhere else. With \
                    --json: an array of {"path", "text"} objects ("text" is null, and "refused" or "unreadable" \
                    says why, when orientctl does not or cannot read the file).
                    """,
                 examples: ["cat-config", "cat-config --json"], run: catConfig),
        VerbSpec("reload", group: .settings, summary: "Make orientd read its configuration files again",
                 details: """
                    Calls Reload(): orientd reads every configuration file again and applies the result at once \
                    (as 'systemctl --user reload orientd' or SIGHUP). Bad files and values are skipped with a \
                    warning in orientd's log.
                    """,
                 examples: ["reload"], run: reload),
        VerbSpec("reset", group: .settings,
                 arguments: [ArgumentSpec("KEY|all", .choice(settingKeys + ["App", "all"])), ArgumentSpec("APP", optional: true)],
                 summary: "Drop your own value of a setting, so that the configured one applies",
                 details: """
                    Calls ResetSetting(): forgets your own value of KEY (RotationLocked, KioskMode, \
                    KioskOrientation, SplitViewThreshold or SettleTime), your policy of one app ('reset App \
                    APP-ID'), or everything ('reset all'), so that the configuration files' value, else the \
                    built-in default, applies again at once.
                    """,
                 examples: ["reset SettleTime", "reset App org.example.Video", "reset all"], run: reset),
    ]

    static func catConfig(_ inv: Invocation) throws(CommandError) {
        let files = try inv.bus { client throws(OrientationClientError) in try client.configurationFiles() }
        let reader = ConfigFileReader(searchPath: ConfigurationSearchPath(environment: inv.environment))
        let outcomes = files.map(reader.read)
        var lines: [String] = []
        for (path, outcome) in zip(files, outcomes) {
            if !lines.isEmpty { lines.append("") }
            lines.append("# \(path.terminalSafe)")
            switch outcome {
            case .text(let text):
                lines += text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).terminalSafe }
                if lines.last == "" { lines.removeLast() }
            case .refused(let why):
                lines.append("# (orientctl does not read this file: \(why.terminalSafe))")
            case .unreadable(let why):
                lines.append("# (orientctl cannot read this file: \(why.terminalSafe))")
            }
        }
        if files.isEmpty { lines = ["# no configuration files applied"] }
        inv.emit(lines, json: .array(zip(files, outcomes).map { path, outcome in
            var members: [(String, PrintedJSON)] = [("path", .string(path)), ("text", .null)]
            switch outcome {
            case .text(let text): members[1].1 = .fileText(text)
            case .refused(let why): members.append(("refused", .string(why)))
            case .unreadable(let why): members.append(("unreadable", .string(why)))
            }
            return .object(members)
        }))
    }

    static func reload(_ inv: Invocation) throws(CommandError) {
        try inv.bus { client throws(OrientationClientError) in try client.reloadConfiguration() }
    }

    static func reset(_ inv: Invocation) throws(CommandError) {
        let key = inv.argument(0)
        let app = inv.command.argument(1)
        let reset: SettingReset
        if key == "App" {
            guard let app else { throw inv.usage("'reset App' needs the app-id, as in 'reset App org.example.Video'") }
            reset = .appPolicy(appID: app)
        } else {
            guard app == nil else { throw inv.usage("only 'reset App APP-ID' takes a second word") }
            if key == "all" {
                reset = .all
            } else if let setting = SettingKey(rawValue: key) {
                reset = .setting(setting)
            } else {
                throw inv.usage("unknown setting '\(key)'; valid values: \((settingKeys + ["App APP-ID", "all"]).joined(separator: ", "))")
            }
        }
        try inv.bus { client throws(OrientationClientError) in try client.resetSetting(reset) }
    }
}

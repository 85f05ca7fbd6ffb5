import OrientationClient

extension VerbTable {
    static let policyVerbs: [VerbSpec] = [
        VerbSpec("policy", group: .policies, arguments: [ArgumentSpec("APP")],
                 options: [OptionSpec("allow", .list("ORIENTATION"), values: .choice(OrientationMask.validNames),
                                      help: "Cap the app to these orientations (shorthands: landscape, all, all-but-upside-down)"),
                           OptionSpec("no-sensor", help: "Keep the app's windows from following the device"),
                           OptionSpec("clear", help: "Remove the app's policy")],
                 summary: "Set, clear or show one app's orientation policy",
                 details: """
                    Sets the user's policy for an app-id: --allow caps (or, with one orientation, pins) its \
                    windows' orientations, --no-sensor keeps them from following the device. A new policy \
                    replaces the old one as a whole. --clear removes it. With no option, shows the app's policy. \
                    Applied at once to the app's windows; persisted. This is how to pin an unmodified app (one \
                    that registers no scene: orientd follows its window through the compositor): the policy \
                    replaces what its desktop entry declares.
                    """,
                 examples: ["policy org.example.Reader --allow portrait", "policy org.example.Game --allow landscape --no-sensor",
                            "policy org.example.Reader --clear", "policy org.example.Reader"],
                 run: policy),
        VerbSpec("policies", group: .policies, summary: "List every app policy",
                 details: """
                    Lists the app policies in force: the app-id, the allowed orientations (any: no cap), \
                    whether the app follows the sensor, where the policy comes from (user: your own; else \
                    the configuration file that set it) and whether the configuration locks it.
                    """,
                 examples: ["policies", "policies --json"], run: policies),
    ]

    static func policy(_ inv: Invocation) throws(CommandError) {
        let appId = inv.argument(0)
        let allow = inv.command.list("allow")
        let noSensor = inv.command.has("no-sensor")
        if inv.command.has("clear") {
            guard allow == nil, !noSensor else { throw inv.usage("--clear cannot be combined with --allow or --no-sensor") }
            try inv.bus { client throws(OrientationClientError) in try client.setAppPolicy(nil, for: appId) }
            return
        }
        guard allow != nil || noSensor else {
            let found = try inv.bus { client throws(OrientationClientError) in try client.appPolicies().first { $0.appID == appId } }
            inv.emit([PolicyView.line(appId: appId, found)], json: found?.json ?? .null)
            return
        }
        let allowed = try allow.map { names throws(CommandError) in
            try inv.read { () throws(OrientationClientError) in try UserInput.mask(names, for: .allowedOrientations) }
        }
        let policy = AppPolicy(allowed: allowed, followSensor: !noSensor)
        try inv.bus { client throws(OrientationClientError) in try client.setAppPolicy(policy, for: appId) }
    }

    static func policies(_ inv: Invocation) throws(CommandError) {
        let policies = try inv.bus { client throws(OrientationClientError) in try client.appPolicies() }
        inv.emit(PolicyView.lines(policies, aligned: inv.aligned, style: inv.style, legend: inv.legend), json: PolicyView.json(policies))
    }
}

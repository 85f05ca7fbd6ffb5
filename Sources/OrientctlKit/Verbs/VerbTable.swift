/// Every verb of orientctl, in the order the overall help lists them.
public enum VerbTable {
    public static let all: [VerbSpec] = stateVerbs + settingsVerbs + configVerbs + policyVerbs + sceneVerbs + controllerVerbs + helpVerbs

    /// The parser over every verb; no verb means `status`.
    public static let parser = ArgumentParser(verbs: all, defaultVerb: "status")
}

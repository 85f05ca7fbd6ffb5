/// What each verb was doing, for "Failed to set the device orientation: …" (as systemctl
/// says "Failed to start foo.service: …"). A verb not listed here says "Failed to run
/// 'orientctl VERB'".
public enum FailurePhrases {
    public static let byVerb: [String: String] = [
        "status": "read orientd's state",
        "list": "list the scenes",
        "show": "read the properties",
        "tree": "read the controller tree",
        "explain": "explain the orientation",
        "history": "read the orientation history",
        "monitor": "follow orientd's events",
        "device": "set the device orientation",
        "lock": "turn the rotation lock on",
        "unlock": "turn the rotation lock off",
        "kiosk": "set kiosk mode",
        "app-locks": "set whether apps may lock the orientation",
        "set-settle": "set the settle time",
        "set-threshold": "set the split-view threshold",
        "policy": "set or read the app policy",
        "policies": "list the app policies",
        "register": "register the scene",
        "unregister": "unregister the scene",
        "mode": "set the orientation mode",
        "update": "update the scene's orientation",
        "request": "request the orientation",
        "geometry": "set the window size",
        "activate": "set the activation state",
        "root": "set the root controller",
        "push": "push the controller",
        "pop": "pop the controller",
        "tab-add": "add the tab",
        "tab-select": "select the tab",
        "present": "present the controller",
        "dismiss": "dismiss the controller",
        "set-props": "change the controller's properties",
        "cat-config": "read the configuration files",
        "reload": "reload the configuration",
        "reset": "reset the setting",
        "help": "show the help",
    ]

    /// "set the device orientation" for `device`.
    public static func phrase(for verb: String) -> String {
        byVerb[verb] ?? "run 'orientctl \(verb)'"
    }
}

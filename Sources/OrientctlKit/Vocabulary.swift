/// The contract's words, for help texts and completion (orientd itself validates them).
public enum Vocabulary {
    public static let interfaceOrientations = ["portrait", "landscape-right", "landscape-left", "portrait-upside-down"]
    public static let deviceOrientations = ["portrait", "portrait-upside-down", "landscape-left", "landscape-right",
                                            "face-up", "face-down", "unknown"]
    /// Mask words: single orientations plus the input shorthands.
    public static let maskNames = interfaceOrientations + ["landscape", "all", "all-but-upside-down"]
    public static let idioms = ["phone", "pad"]
    public static let kinds = ["view", "navigation", "tab"]
    public static let modes = ["portrait", "landscape", "dynamic", "locked", "none"]
    public static let activationStates = ["foreground-active", "foreground-inactive", "background"]
}

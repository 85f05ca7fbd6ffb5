/// The options every verb accepts, before or after the verb.
public enum GlobalOptions {
    public static let help = OptionSpec("help", short: "h", help: "Show this help and exit")
    public static let version = OptionSpec("version", help: "Show the version and exit")
    public static let json = OptionSpec(
        "json", .optionalValue("MODE"), values: .choice(["pretty", "short"]),
        help: "Print JSON: pretty (the default on a terminal) or short (one line)")
    public static let specs = [help, version, json]
}

/// The options every verb accepts, before or after the verb.
public enum GlobalOptions {
    public static let help = OptionSpec("help", short: "h", help: "Show this help and exit")
    public static let version = OptionSpec("version", help: "Show the version and exit")
    public static let json = OptionSpec(
        "json", .optionalValue("MODE"), values: .choice(["pretty", "short", "off"]),
        help: "Print JSON: pretty (the default on a terminal), short (one line) or off (text)")
    public static let noPager = OptionSpec("no-pager", help: "Accepted for scripts written for systemd's tools; orientctl never pages")
    public static let noLegend = OptionSpec("no-legend", help: "Leave out tables' header and footer lines")
    public static let quiet = OptionSpec("quiet", short: "q", help: "No informational messages on standard error (errors still)")
    public static let verbose = OptionSpec("verbose", help: "Add the D-Bus error name to error messages")
    public static let specs = [help, version, json, noPager, noLegend, quiet, verbose]
}

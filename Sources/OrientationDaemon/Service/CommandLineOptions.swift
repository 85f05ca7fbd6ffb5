import OrientationCore

/// orientd's command line.
public enum OrientdCommandLine {
    public static let version = "orientd \(ProductVersion.number) (D-Bus interface version \(ManagerSnapshot.version))"

    public static let usage = """
        Usage: orientd [OPTION…]

        The OrientationManager on the session bus: decides each registered window's interface
        orientation with UIKit's rules, follows the device through iio-sensor-proxy, and turns
        the built-in panel to the front window's orientation through the compositor.

        Options:
          --replace                   take io.github.orientd.OrientationManager1 over from a running instance
          --state-dir DIR             where settings and scene numbers persist
                                      (default: $XDG_STATE_HOME/orientd, else ~/.local/state/orientd)
        \(SensorBackends.family.helpParagraph)
          --natural-orientation portrait|landscape
                                      how the panel is held when the sensor says "normal"
                                      (landscape for most x86 convertibles; default: portrait)
          --screen-class auto|phone|large
                                      which rules an app's declaration meets: phone (a declaration
                                      turns the panel), large (a phone declaration is a hint, and
                                      on a desk no app turns it); auto: a shorter side of 600
                                      logical pixels or more is large (default: auto, or the
                                      ScreenClass key of orientd.conf(5))
        \(OutputBackends.family.helpParagraph)
          --output NAME               the connector to turn, such as eDP-1 (default: the built-in
                                      panel: eDP-*, DSI-*, LVDS-*, or the one the compositor marks)
          --touch-device NAME         on X11, the input device whose touch follows the panel's rotation
                                      (repeatable; default: every touchscreen; none: leave touch alone)
        \(WindowTrackers.family.helpParagraph)
          --verbose                   log every decision on stderr
          -h, --help                  show this help and exit
          --version                   show the version and exit

        Logs go to stderr. SIGTERM and SIGINT end it cleanly; SIGHUP re-reads the configuration
        files (orientd.conf(5): defaults and locks under $XDG_CONFIG_DIRS and $XDG_DATA_DIRS).
        """

    public enum Action: Equatable {
        case run
        case help
        case version
    }

    public struct CommandLineError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Parses the arguments (without the program name) into `options`.
    public static func parse(_ arguments: [String], into options: inout ServiceOptions) throws(CommandLineError) -> Action {
        var rest = arguments[...]
        func value(for flag: String, inline: String?, hint: String? = nil) throws(CommandLineError) -> String {
            // An empty value is a mistake (an unset shell variable), and an option is never a
            // value: `--state-dir= --verbose` and `--state-dir --verbose` are both refused.
            let empty = CommandLineError(description: "\(flag) needs a value; it was given an empty one" + (hint.map { " (\($0))" } ?? ""))
            if let inline {
                guard !inline.isEmpty else { throw empty }
                return inline
            }
            guard let next = rest.popFirst() else { throw CommandLineError(description: "\(flag) needs a value") }
            guard !next.isEmpty else { throw empty }
            guard !next.hasPrefix("-") else {
                throw CommandLineError(description: "\(flag) needs a value, not the option '\(next)' (write \(flag)=\(next) for a value that starts with '-')")
            }
            return next
        }
        while let argument = rest.popFirst() {
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let flag = parts[0]
            let inline = parts.count > 1 ? parts[1] : nil
            switch flag {
            case "-h", "--help": return .help
            case "--version": return .version
            case "--replace": options.replace = true
            case "--verbose", "-v": options.verbose = true
            case "--state-dir": options.stateDirectory = try value(for: flag, inline: inline)
            case "--sensor":
                let name = try value(for: flag, inline: inline)
                guard let mode = SensorMode(rawValue: name) else {
                    throw CommandLineError(description: "unknown --sensor '\(name)'; valid values: \(SensorMode.validNames)")
                }
                options.sensor = mode
            case "--natural-orientation":
                let name = try value(for: flag, inline: inline)
                guard let natural = NaturalOrientation(rawValue: name) else {
                    throw CommandLineError(description: "unknown --natural-orientation '\(name)'; valid values: portrait, landscape")
                }
                options.naturalOrientation = natural
            case "--screen-class":
                let name = try value(for: flag, inline: inline)
                guard let choice = ScreenClassChoice(rawValue: name) else {
                    throw CommandLineError(description: "unknown --screen-class '\(name)'; valid values: \(ScreenClassChoice.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                options.screenClass = choice
            case "--output-backend":
                let name = try value(for: flag, inline: inline)
                guard let choice = OutputBackendChoice(rawValue: name) else {
                    throw CommandLineError(description: "unknown --output-backend '\(name)'; valid values: \(OutputBackendChoice.validNames)")
                }
                options.outputBackend = choice
            case "--output":
                let name = try value(for: flag, inline: inline, hint: "give a connector name such as eDP-1 or DSI-1")
                guard !name.isEmpty, name.utf8.count <= 255, !name.contains(where: \.isWhitespace) else {
                    throw CommandLineError(description: "invalid --output '\(name)': give a connector name such as eDP-1 or DSI-1 (1–255 characters, no spaces)")
                }
                options.outputName = name
            case "--touch-device":
                let name = try value(for: flag, inline: inline, hint: "give an input device's name as xinput list shows it, or none")
                guard name.utf8.count <= 255, !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                    throw CommandLineError(description: "invalid --touch-device '\(name)': give an input device's name as xinput list shows it (1–255 characters, no control characters), or none")
                }
                guard name == "none" ? options.touchDevices.isEmpty : options.touchDevices != ["none"] else {
                    throw CommandLineError(description: "--touch-device none cannot be given with device names")
                }
                options.touchDevices.append(name)
            case "--window-tracking":
                let name = try value(for: flag, inline: inline)
                guard let choice = WindowTrackingChoice(rawValue: name) else {
                    throw CommandLineError(description: "unknown --window-tracking '\(name)'; valid values: \(WindowTrackingChoice.validNames)")
                }
                options.windowTracking = choice
            default:
                throw CommandLineError(description: "unknown option '\(argument)'")
            }
        }
        return .run
    }
}

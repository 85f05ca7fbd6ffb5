/// Where orientd's configuration files may lie (docs/configuration.md): `orientd.conf` and
/// `orientd.conf.d/*.conf` in the `orientd` folder of each folder of `$XDG_DATA_DIRS` (the
/// vendor's) and `$XDG_CONFIG_DIRS` (the administrator's). orientd reads the files there;
/// orientctl reads only paths of `ConfigFiles` that lie there, since that list comes from
/// whoever owns orientd's name.
public struct ConfigurationSearchPath: Sendable, Equatable {
    public static let folder = "orientd"
    public static let mainFile = "orientd.conf"
    public static let dropInFolder = "orientd.conf.d"
    public static let dropInSuffix = ".conf"

    /// Vendor folders, most important first.
    public let dataDirectories: [String]
    /// Administrator folders, most important first.
    public let configDirectories: [String]

    public init(environment: [String: String]) {
        dataDirectories = Self.directories(environment["XDG_DATA_DIRS"], default: "/usr/local/share:/usr/share")
        configDirectories = Self.directories(environment["XDG_CONFIG_DIRS"], default: "/etc/xdg")
    }

    /// The XDG rule: a colon-separated list, relative entries ignored, the default when empty.
    public static func directories(_ value: String?, default fallback: String) -> [String] {
        let list = (value?.isEmpty ?? true) ? fallback : value!
        var seen = Set<String>()
        return list.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") && seen.insert($0).inserted }
    }

    /// The `orientd` folders, the least important first: the order their files apply in.
    public var folders: [String] {
        // Spelled as arrays: Swift 6.0's type checker finds `reversed()` ambiguous in one expression.
        let leastImportantFirst: [String] = Array(dataDirectories.reversed()) + Array(configDirectories.reversed())
        return leastImportantFirst.map { $0 + "/" + Self.folder }
    }

    /// Whether a drop-in folder's entry `name` is a drop-in orientd reads.
    public static func isDropIn(_ name: some StringProtocol) -> Bool {
        name.hasSuffix(dropInSuffix) && !name.hasPrefix(".") && !name.contains("/")
    }

    /// Nil when `path` is where the search path puts a configuration file; otherwise why not.
    public func refusal(of path: String) -> String? {
        for folder in folders {
            if path == folder + "/" + Self.mainFile { return nil }
            let dropIns = folder + "/" + Self.dropInFolder + "/"
            if path.hasPrefix(dropIns), Self.isDropIn(path.dropFirst(dropIns.count)) { return nil }
        }
        let where_ = folders.map { "\($0)/\(Self.mainFile), \($0)/\(Self.dropInFolder)/*\(Self.dropInSuffix)" }
        return "not where orientd's configuration search path puts its files (\(where_.joined(separator: "; ")))"
    }
}

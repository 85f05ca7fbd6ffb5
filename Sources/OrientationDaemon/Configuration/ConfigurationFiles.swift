import GLibBridge
import Glibc
import OrientationCore
import OrientationWire

/// The vendor's and administrator's configuration files (`orientd.conf` and
/// `orientd.conf.d/*.conf` under `$XDG_DATA_DIRS` and `$XDG_CONFIG_DIRS`), found and merged in
/// the documented order into one `Configuration` value for the core. A file that does not
/// parse is skipped whole, a bad key or value alone, each with one warning naming the file,
/// group and key. orientd never writes these files.
public struct ConfigurationFiles: Sendable {
    public static let folder = ConfigurationSearchPath.folder
    public static let mainFile = ConfigurationSearchPath.mainFile
    public static let dropInFolder = ConfigurationSearchPath.dropInFolder
    static let managerGroup = "Manager"
    static let appGroupPrefix = "App "
    static let lockedKey = "Locked"
    /// `[App <app-id>] MayAdminister=true`: that sandboxed app may use the administrator methods.
    static let mayAdministerKey = "MayAdminister"

    /// The folders searched, from the environment's XDG folders.
    public let searchPath: ConfigurationSearchPath
    /// Vendor folders, most important first.
    public var dataDirectories: [String] { searchPath.dataDirectories }
    /// Administrator folders, most important first.
    public var configDirectories: [String] { searchPath.configDirectories }

    public init(environment: [String: String] = ProcessEnvironment.current()) {
        searchPath = ConfigurationSearchPath(environment: environment)
    }

    /// The XDG rule: a colon-separated list, relative entries ignored, the default when empty.
    static func directories(_ value: String?, default fallback: String) -> [String] {
        ConfigurationSearchPath.directories(value, default: fallback)
    }

    /// The largest configuration file read (real ones are a few kilobytes); a bigger one is
    /// skipped whole with one warning, before it is parsed.
    static let maxFileSize = 256 << 10

    /// Every file to apply, in order, with who wrote it: the main files (vendor before
    /// administrator, the least important folder first), then the drop-ins sorted by name, a
    /// name in a more important folder hiding the same name in a less important one.
    func candidates(log: Log) -> [(path: String, level: ConfigurationLevel)] {
        // searchPath.folders' order, with who wrote each.
        let ordered = dataDirectories.reversed().map { ($0 + "/" + Self.folder, ConfigurationLevel.vendor) }
            + configDirectories.reversed().map { ($0 + "/" + Self.folder, ConfigurationLevel.administrator) }
        var files = ordered.map { (path: $0.0 + "/" + Self.mainFile, level: $0.1) }
        var dropIns: [String: (path: String, level: ConfigurationLevel)] = [:]
        for (folder, level) in ordered {
            let path = folder + "/" + Self.dropInFolder
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                log.warning("\(path) is not a folder; skipped")
                continue
            }
            guard let names = SafeFile.names(in: path) else {
                log.warning("\(path) cannot be listed (permission denied?); skipped")
                continue
            }
            for name in names where ConfigurationSearchPath.isDropIn(name) {
                dropIns[name] = (path + "/" + name, level)
            }
        }
        files += dropIns.keys.sorted().map { dropIns[$0]! }
        return files
    }

    /// Reads and merges every file (the core decides which setting wins); warnings go to
    /// `log`, at most `FileProblems.shown` a file.
    public func read(log: Log, limits: Limits = .default) -> Configuration {
        var configuration = Configuration()
        var appIds: [ConfigurationLevel: Set<String>] = [:]
        for (path, level) in candidates(log: log) {
            let shownPath = LogText.path(path)
            switch SafeFile.read(path, maxSize: Self.maxFileSize) {
            case .missing:
                continue
            case .unusable(let why):
                log.warning("\(shownPath) \(why); skipped")
            case .contents(let bytes):
                let file: KeyFile
                do {
                    file = try KeyFile(parsing: bytes)
                } catch {
                    log.warning("\(shownPath) does not parse as a key file (\(LogText.quoted(error.description))); skipped")
                    continue
                }
                var problems = FileProblems(path: path, log: log)
                let read = parse(file, from: path, level: level, appIds: &appIds, problems: &problems, limits: limits)
                for refusal in configuration.apply(read) { problems.report("\(refusal); skipped") }
                problems.finish()
            }
        }
        return configuration
    }
}

/// A file's warnings, bounded: the first `shown` are logged, then one line says how many more
/// there were, so that a drop-in of 50,000 bad groups writes 21 lines, not 50,000.
struct FileProblems {
    static let shown = 20
    let path: String
    let log: Log
    private(set) var count = 0

    init(path: String, log: Log) {
        self.path = path
        self.log = log
    }

    /// One problem; `message` goes after the file's name (already escaped where it quotes the file).
    mutating func report(_ message: String) {
        count += 1
        if count <= Self.shown { log.warning("\(LogText.path(path)) \(message)") }
    }

    /// The summary line, when problems were left out.
    func finish() {
        guard count > Self.shown else { return }
        log.warning("… and \(count - Self.shown) more problems in \(LogText.path(path)) (the first \(Self.shown) are shown)")
    }
}

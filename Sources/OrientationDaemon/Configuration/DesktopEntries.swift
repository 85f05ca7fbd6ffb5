import CGio
import GLibBridge
import Glibc
import Synchronization

/// The desktop entries orientd reads, found as every desktop finds them — by the desktop file
/// id rules of the Desktop Entry Specification over `$XDG_DATA_HOME/applications`, then each
/// `$XDG_DATA_DIRS/*/applications`, the first found winning — and read from the entry itself
/// (GIO's lookup refuses an entry whose `Exec` program is not on orientd's PATH).
///
/// Entries are untrusted input: an entry is opened without blocking and read only if it is a
/// regular file of at most `maxEntrySize` bytes (a FIFO or a 200 MB file is refused with a
/// warning, from its type and size, before a byte is read). What a lookup found is cached per
/// desktop file id and checked again at each lookup against the `stat` of the folders it looked
/// in and of the entry (a few `stat` calls, no read): adding, removing, renaming or editing an
/// entry is seen at the next lookup.
final class DesktopEntries: @unchecked Sendable {
    /// The largest entry read (real entries are a few kilobytes; translations make the biggest ~40 KiB).
    static let maxEntrySize = 64 << 10
    /// Ids cached at most; past it the cache starts afresh.
    static let maxCachedIds = 1024
    /// Candidate paths tried at most for one id (each `-` may stand for a subfolder).
    static let maxProbes = 64
    static let group = "Desktop Entry"

    /// The processes' entries, from its environment.
    static let shared = DesktopEntries(environment: ProcessEnvironment.current())

    /// `applications` folders, most important first.
    let folders: [String]
    /// Held for a whole lookup by id (the cache is only touched under it). The main loop takes
    /// it (RegisterScene reads the app's entry), so nothing slow or unbounded runs under it.
    let lock = Mutex<Void>(())
    private var cache: [String: Cached] = [:]
    /// Held while the StartupWMClass index is checked or built (DesktopEntryClasses.swift), on
    /// the window tracker's worker thread only: never `lock`, so a scan never holds up a lookup.
    let classLock = Mutex<Void>(())
    /// The StartupWMClass index, only touched under `classLock`.
    var classIndex: ClassIndex?

    init(folders: [String]) {
        var seen = Set<String>()
        self.folders = folders.filter { seen.insert($0).inserted }
    }

    /// `$XDG_DATA_HOME` (default `~/.local/share`), then `$XDG_DATA_DIRS` (default
    /// `/usr/local/share:/usr/share`), relative paths ignored as the XDG rules say.
    convenience init(environment: [String: String]) {
        var home = environment["XDG_DATA_HOME"] ?? ""
        if !home.hasPrefix("/") { home = (environment["HOME"] ?? String(cString: g_get_home_dir())) + "/.local/share" }
        let data = ConfigurationFiles.directories(environment["XDG_DATA_DIRS"], default: "/usr/local/share:/usr/share")
        self.init(folders: ([home] + data).map { $0 + "/applications" })
    }

    /// What identifies a file's version without reading it: `stat` (links followed).
    struct Stamp: Equatable {
        let device: UInt64, inode: UInt64, size: Int64, mode: UInt32
        let seconds: Int, nanoseconds: Int, changeSeconds: Int, changeNanoseconds: Int
        var isFolder: Bool { mode & S_IFMT == S_IFDIR }

        /// nil when nothing is there.
        init?(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev); inode = UInt64(info.st_ino); size = Int64(info.st_size); mode = info.st_mode
            seconds = info.st_mtim.tv_sec; nanoseconds = info.st_mtim.tv_nsec
            changeSeconds = info.st_ctim.tv_sec; changeNanoseconds = info.st_ctim.tv_nsec
        }
    }

    /// A path and its stamp when it was looked at (nil: absent).
    struct Watched: Equatable {
        let path: String
        let stamp: Stamp?
        init(_ path: String) { self.path = path; stamp = Stamp(path) }
        var unchanged: Bool { Stamp(path) == stamp }
    }

    /// An entry's keys of the `[Desktop Entry]` group that orientd uses.
    struct Entry: Equatable {
        let path: String
        let values: [String: String]
        var hidden: Bool { values["Hidden"]?.trimmingWhitespace() == "true" }
    }

    private struct Cached {
        var watched: [Watched]
        var entry: Entry?
    }

    /// The entry of desktop file id `id` (`org.example.App.desktop`), nil without one or when
    /// it cannot be used (with a warning, once per version of the file); `fresh` is true when
    /// it was read now rather than taken from the cache.
    func entry(id: String, keys: Set<String>, log: Log) -> (entry: Entry?, fresh: Bool) {
        lock.withLock { _ in
            if let cached = cache[id], cached.watched.allSatisfy(\.unchanged) { return (cached.entry, false) }
            var watched: [Watched] = []
            var entry: Entry?
            if let path = locate(id: id, watched: &watched) {
                watched.append(Watched(path))  // stamped before the read: a later change is seen
                entry = read(path, keys: keys, log: log)
            }
            if cache.count >= Self.maxCachedIds { cache.removeAll(keepingCapacity: true) }
            cache[id] = Cached(watched: watched, entry: entry)
            return (entry, true)
        }
    }

    /// The path of desktop file id `id`, first found over the folders; every folder looked in
    /// goes to `watched` (a new entry in any of them changes its stamp).
    func locate(id: String, watched: inout [Watched]) -> String? {
        guard id.hasSuffix(".desktop"), !id.contains("/"), !id.hasPrefix(".") else { return nil }
        var probes = 0
        for folder in folders {
            let here = Watched(folder)
            watched.append(here)
            guard here.stamp?.isFolder == true else { continue }
            if let found = find(id[...], in: folder, watched: &watched, probes: &probes) { return found }
        }
        return nil
    }

    /// The id rule: `rest` as a file of `folder`, else for each `-` in it whose prefix names a
    /// subfolder, the remainder in that subfolder (`org-example-App.desktop` may be
    /// `org/example-App.desktop` or `org/example/App.desktop`).
    private func find(_ rest: Substring, in folder: String, watched: inout [Watched], probes: inout Int) -> String? {
        probes += 1
        guard probes <= Self.maxProbes else { return nil }
        let candidate = folder + "/" + rest
        if let stamp = Stamp(candidate), !stamp.isFolder { return candidate }
        var index = rest.startIndex
        while let dash = rest[index...].firstIndex(of: "-") {
            let prefix = rest[rest.startIndex..<dash]
            let remainder = rest[rest.index(after: dash)...]
            index = rest.index(after: dash)
            guard !prefix.isEmpty, prefix != ".", prefix != "..", remainder.count > ".desktop".count else { continue }
            let subfolder = folder + "/" + prefix
            let sub = Watched(subfolder)
            guard sub.stamp?.isFolder == true else { continue }
            watched.append(sub)
            if let found = find(remainder, in: subfolder, watched: &watched, probes: &probes) { return found }
        }
        return nil
    }

    /// Reads `keys` of the entry at `path`: a regular file of at most `maxEntrySize` bytes,
    /// opened without blocking, with a `[Desktop Entry]` group; otherwise nil with a warning.
    func read(_ path: String, keys: Set<String>, log: Log?) -> Entry? {
        let shown = LogText.path(path)
        switch SafeFile.read(path, maxSize: Self.maxEntrySize) {
        case .missing:
            return nil
        case .unusable(let why):
            log?.warning("desktop entry \(shown) \(why); ignored")
            return nil
        case .contents(let bytes):
            let file: KeyFile
            do { file = try KeyFile(parsing: bytes) } catch {
                log?.warning("desktop entry \(shown) does not parse as a desktop entry (\(LogText.quoted(error.description))); ignored")
                return nil
            }
            guard file.groups.contains(Self.group) else {
                log?.warning("desktop entry \(shown) has no [\(Self.group)] group; ignored")
                return nil
            }
            var values: [String: String] = [:]
            for key in keys.union(["Hidden"]) where file.has(Self.group, key) {
                values[key] = try? file.string(Self.group, key)
            }
            return Entry(path: path, values: values)
        }
    }
}

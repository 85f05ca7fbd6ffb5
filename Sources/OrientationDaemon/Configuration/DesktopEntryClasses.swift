import Glibc

/// X11 windows name their app by `WM_CLASS`; a desktop entry claims such windows with
/// `StartupWMClass`. The index from class to desktop file id is built by one scan of every
/// `applications` folder (subfolders by the id rule, the first id found winning, as for a
/// lookup by id), bounded to `maxScannedEntries` entries, `maxScannedBytes` bytes read,
/// `maxScannedFolders` folders listed and `maxScanStats` `stat` calls. A folder is listed once
/// per scan, known by its device and inode, so a symbolic link to a folder already scanned
/// (2,000 links to `.`) adds nothing. It runs on the X11 tracker's worker thread under
/// `classLock` only, never under the lock the main loop's lookups by id take. It is kept until
/// the `stat` of a scanned folder changes — adding, removing or replacing an entry (package
/// managers and editors that save by renaming do) rescans at the next lookup; an entry edited
/// in place is seen after its folder next changes or orientd restarts.
extension DesktopEntries {
    static let classKey = "StartupWMClass"
    static let maxScannedEntries = 4096
    static let maxScannedBytes = 16 << 20
    /// Subfolder depth scanned under an `applications` folder.
    static let maxScanDepth = 3
    /// Folders listed at most in one scan (the `applications` folders and their subfolders).
    static let maxScannedFolders = 256
    /// `stat` calls at most in one scan (folders, subfolder candidates and entries).
    static let maxScanStats = 8192

    /// A folder as the file system knows it, whatever path led to it.
    struct FolderIdentity: Hashable {
        let device: UInt64, inode: UInt64
    }

    struct ClassIndex {
        var watched: [Watched] = []
        var byClass: [String: String] = [:]
        var byLowercasedClass: [String: String] = [:]
        var entries = 0
        var bytes = 0
        var folders: Set<FolderIdentity> = []
        var stats = 0
        var truncated = false

        /// Counts one `stat`; false (and truncated) past the bound.
        mutating func mayStat() -> Bool {
            guard stats < DesktopEntries.maxScanStats else { truncated = true; return false }
            stats += 1
            return true
        }
    }

    /// The desktop file id (`org.example.App.desktop`) whose entry has `StartupWMClass` equal to
    /// `wmClass` (exactly, else ignoring case), nil without one. Call it off the main loop: a
    /// scan, bounded, may take a while on a slow disk.
    func desktopId(startupWMClass wmClass: String, log: Log) -> String? {
        classLock.withLock { _ in
            if classIndex == nil || !classIndex!.watched.allSatisfy(\.unchanged) {
                classIndex = scanClasses(log: log)
            }
            return classIndex!.byClass[wmClass] ?? classIndex!.byLowercasedClass[wmClass.lowercased()]
        }
    }

    private func scanClasses(log: Log) -> ClassIndex {
        var index = ClassIndex()
        var seen = Set<String>()
        for folder in folders {
            scan(folder, prefix: "", depth: 0, index: &index, seen: &seen)
        }
        if index.truncated {
            log.warning("desktop entries: stopped scanning for \(Self.classKey) after \(index.entries) entries (\(index.bytes) bytes), \(index.folders.count) folders and \(index.stats) stat calls; the limits are \(Self.maxScannedEntries) entries, \(Self.maxScannedBytes) bytes, \(Self.maxScannedFolders) folders and \(Self.maxScanStats) stat calls")
        }
        return index
    }

    private func scan(_ folder: String, prefix: String, depth: Int, index: inout ClassIndex, seen: inout Set<String>) {
        guard index.folders.count < Self.maxScannedFolders else { index.truncated = true; return }
        guard index.mayStat() else { return }
        let here = Watched(folder)
        guard let stamp = here.stamp, stamp.isFolder else { return index.watched.append(here) }
        // Listed once per scan, whatever path (a link to `.`, a bind mount) leads to it again.
        guard index.folders.insert(FolderIdentity(device: stamp.device, inode: stamp.inode)).inserted else { return }
        index.watched.append(here)
        guard let names = listing(folder) else { return }
        for name in names {
            guard !index.truncated else { return }
            let path = folder + "/" + name
            if name.hasSuffix(".desktop") {
                let id = prefix + name
                guard seen.insert(id).inserted else { continue }  // hidden by a more important folder
                guard index.entries < Self.maxScannedEntries, index.bytes < Self.maxScannedBytes, index.mayStat() else {
                    index.truncated = true
                    return
                }
                index.entries += 1
                index.bytes += Int(Stamp(path)?.size ?? 0).clamped(to: 0...Self.maxEntrySize)
                // Bad entries are skipped silently here: a lookup by id warns about them.
                guard let entry = read(path, keys: [Self.classKey], log: nil), !entry.hidden,
                      let wmClass = entry.values[Self.classKey]?.trimmingWhitespace(), !wmClass.isEmpty else { continue }
                let appId = String(id.dropLast(".desktop".count))
                if index.byClass[wmClass] == nil { index.byClass[wmClass] = appId }
                if index.byLowercasedClass[wmClass.lowercased()] == nil { index.byLowercasedClass[wmClass.lowercased()] = appId }
            } else if depth < Self.maxScanDepth, !name.hasPrefix("."), index.mayStat(), Stamp(path)?.isFolder == true {
                scan(path, prefix: prefix + name + "-", depth: depth + 1, index: &index, seen: &seen)
            }
        }
    }

    /// The names in `folder`, sorted, at most `maxScannedEntries` of them.
    private func listing(_ folder: String) -> [String]? {
        SafeFile.names(in: folder, limit: Self.maxScannedEntries)?.sorted()
    }
}

extension Comparable {
    fileprivate func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}

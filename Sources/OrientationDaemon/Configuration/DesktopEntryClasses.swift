import Glibc

/// X11 windows name their app by `WM_CLASS`; a desktop entry claims such windows with
/// `StartupWMClass`. The index from class to desktop file id is built by one scan of every
/// `applications` folder (subfolders by the id rule, the first id found winning, as for a
/// lookup by id), bounded to `maxScannedEntries` entries and `maxScannedBytes` bytes read. It is
/// kept until the `stat` of a scanned folder changes — adding, removing or replacing an entry
/// (package managers and editors that save by renaming do) rescans at the next lookup; an entry
/// edited in place is seen after its folder next changes or orientd restarts.
extension DesktopEntries {
    static let classKey = "StartupWMClass"
    static let maxScannedEntries = 4096
    static let maxScannedBytes = 16 << 20
    /// Subfolder depth scanned under an `applications` folder.
    static let maxScanDepth = 3

    struct ClassIndex {
        var watched: [Watched] = []
        var byClass: [String: String] = [:]
        var byLowercasedClass: [String: String] = [:]
        var entries = 0
        var bytes = 0
        var truncated = false
    }

    /// The desktop file id (`org.example.App.desktop`) whose entry has `StartupWMClass` equal to
    /// `wmClass` (exactly, else ignoring case), nil without one.
    func desktopId(startupWMClass wmClass: String, log: Log) -> String? {
        lock.withLock { _ in
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
            log.warning("desktop entries: stopped scanning for \(Self.classKey) after \(index.entries) entries (\(index.bytes) bytes); the limits are \(Self.maxScannedEntries) entries and \(Self.maxScannedBytes) bytes")
        }
        return index
    }

    private func scan(_ folder: String, prefix: String, depth: Int, index: inout ClassIndex, seen: inout Set<String>) {
        let here = Watched(folder)
        index.watched.append(here)
        guard here.stamp?.isFolder == true, let names = listing(folder) else { return }
        for name in names {
            guard !index.truncated else { return }
            let path = folder + "/" + name
            if name.hasSuffix(".desktop") {
                let id = prefix + name
                guard seen.insert(id).inserted else { continue }  // hidden by a more important folder
                guard index.entries < Self.maxScannedEntries, index.bytes < Self.maxScannedBytes else {
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
            } else if depth < Self.maxScanDepth, !name.hasPrefix("."), Stamp(path)?.isFolder == true {
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

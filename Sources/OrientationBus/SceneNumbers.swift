import CGio
import Foundation
import Glibc
import OrientationCore

/// Scene numbers are never reused, across restarts too: the state folder keeps, in
/// `scene-numbers`, the highest number this or an earlier run may have handed out. A start
/// continues after it, and reserves numbers in blocks of `block` (one small atomic write per
/// block, written before the first number of the block is handed out), so a stale app's path
/// from an earlier run answers `UnknownScene` instead of reaching another app's new window.
struct SceneNumbers {
    static let fileName = "scene-numbers"
    static let block: SceneID = 1024

    let directory: String
    var path: String { directory + "/" + Self.fileName }
    /// Numbers up to this one are on disk as reserved.
    private(set) var reserved: SceneID = 0
    private var warned = false

    init(directory: String) { self.directory = directory }

    /// The last number an earlier run may have handed out. A missing file means none (0); a
    /// file that does not hold a number is reported, and numbering starts from the clock
    /// (microseconds since the epoch), past any number an earlier run could have reached.
    /// `holdingLock` false (orientd --replace, before the replaced instance let go of the
    /// folder): only reads, leaving the other instance's temporary files alone.
    mutating func load(log: Log, holdingLock: Bool = true) -> SceneID {
        if holdingLock { removeInterruptedWrites(log: log) }
        guard let data = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) {
                log.warning("\(path) cannot be read; numbering scenes from the clock so that no earlier path is reused")
                return clockBase()
            }
            return 0
        }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let last = SceneID(text) else {
            log.warning("\(path) does not hold a scene number ('\(text.prefix(40))'); numbering scenes from the clock so that no earlier path is reused")
            return clockBase()
        }
        reserved = last
        return last
    }

    /// The temporary file of a write: `scene-numbers.writing-<pid>`, a name no user picks by
    /// chance, so that start-up removes only what a crash of orientd left.
    static let temporaryPrefix = fileName + ".writing-"

    /// Writes `text` atomically: a temporary file, flushed to disk, renamed over the file.
    private func write(_ text: String) throws {
        let temporary = directory + "/" + Self.temporaryPrefix + "\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WriteError(description: "cannot write \(temporary): \(String(cString: strerror(errno)))") }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw WriteError(description: "cannot write \(path): \(reason)")
        }
    }

    /// Removes what an interrupted write left (`scene-numbers.writing-<pid>`), nothing else.
    func removeInterruptedWrites(log: Log) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(Self.temporaryPrefix) && name.dropFirst(Self.temporaryPrefix.count).allSatisfy(\.isNumber) {
            do {
                try FileManager.default.removeItem(atPath: directory + "/" + name)
                log.info("removed \(directory)/\(name), left by an interrupted write of the scene numbers")
            } catch {
                log.warning("could not remove \(directory)/\(name): \(error)")
            }
        }
    }

    private func clockBase() -> SceneID { SceneID(max(0, g_get_real_time())) }

    /// Makes sure `id` is covered by the reservation on disk before it is handed out. A failed
    /// write is logged once; the number stays unique within this run.
    mutating func cover(_ id: SceneID, log: Log) {
        guard id > reserved else { return }
        let next = id + Self.block - 1
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try write("\(next)\n")
            reserved = next
        } catch {
            if !warned { log.warning("\(error); scene numbers may be reused after a restart") }
            warned = true
            reserved = next  // try again at the next block, not at every registration
        }
    }

    struct WriteError: Error, CustomStringConvertible {
        let description: String
    }
}

import CGio
import Glibc
import OrientationCore

/// Scene numbers are never reused, across restarts too: the state folder keeps, in
/// `scene-numbers`, the highest number this or an earlier run may have handed out. A start
/// continues after it, and reserves numbers in blocks of `block` (one small atomic write per
/// block, written before the first number of the block is handed out), so a stale app's path
/// from an earlier run answers `UnknownScene` instead of reaching another app's new window.
///
/// The file is untrusted: it is read without blocking and only if it is a regular file of at
/// most `maxFileSize` bytes, and its number is checked before any arithmetic. A file that
/// cannot be read, does not hold a number, or holds one above
/// `OrientationManager.maxContinuedSceneID` (2^61: near orientd's maximum, 2^62, where no run
/// gets; 18446744073709551615 or 2^62 cannot come from orientd) is corrupt: numbering starts
/// from the clock (microseconds since the epoch), past any number an earlier run could have
/// reached at fewer than one registration per microsecond. No number past `maxSceneID` is
/// ever written.
///
/// When a block cannot be reserved (a full disk, a read-only state folder), the numbers after
/// the file's are not promised to the next run, so they are not handed out: numbering jumps to
/// the clock instead, past anything the next run (which continues after the file's number) can
/// reach, and RegisterScene keeps working. The next block tries the write again.
struct SceneNumbers {
    static let fileName = "scene-numbers"
    static let block: SceneID = 1024
    /// A number is at most 20 digits; anything longer is not a scene number.
    static let maxFileSize = 64

    let directory: String
    var path: String { directory + "/" + Self.fileName }
    /// Numbers up to this one are on disk as reserved (or, after a failed write, past the
    /// clock jump).
    private(set) var reserved: SceneID = 0
    private var warned = false

    init(directory: String) { self.directory = directory }

    /// The last number an earlier run may have handed out. A missing file means none (0); a
    /// corrupt one is reported, and numbering starts from the clock (microseconds since the
    /// epoch), past any number an earlier run could have reached. `holdingLock` false
    /// (orientd --replace, before the replaced instance let go of the folder): only reads,
    /// leaving the other instance's temporary files alone.
    mutating func load(log: Log, holdingLock: Bool = true) -> SceneID {
        if holdingLock { removeInterruptedWrites(log: log) }
        let bytes: [UInt8]
        switch SafeFile.read(path, maxSize: Self.maxFileSize) {
        case .missing:
            return 0
        case .unusable(let why):
            log.warning("\(path) \(why); numbering scenes from the clock so that no earlier path is reused")
            return corrupt()
        case .contents(let contents):
            bytes = contents
        }
        let text = String(decoding: bytes, as: UTF8.self).trimmingWhitespaceAndNewlines()
        guard let last = SceneID(text), last <= OrientationManager.maxContinuedSceneID else {
            log.warning("\(path) does not hold a scene number from 0 to \(OrientationManager.maxContinuedSceneID) ('\(LogText.quoted(text, limit: 40))'); numbering scenes from the clock so that no earlier path is reused")
            return corrupt()
        }
        reserved = last
        return last
    }

    /// The clock as the last number handed out, with nothing reserved: the first registration
    /// writes a good file.
    private mutating func corrupt() -> SceneID {
        reserved = 0
        return clockBase()
    }

    /// The temporary file of a write: `scene-numbers.writing-<pid>`, a name no user picks by
    /// chance, so that start-up removes only what a crash of orientd left.
    static let temporaryPrefix = fileName + ".writing-"

    /// Writes `text` atomically: a temporary file, flushed to disk, renamed over the file.
    private func write(_ text: String) throws {
        let temporary = directory + "/" + Self.temporaryPrefix + "\(getpid())"
        let fd = SafeFile.createExclusively(temporary, mode: 0o644)
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
        guard let names = SafeFile.names(in: directory) else { return }
        for name in names where name.hasPrefix(Self.temporaryPrefix) && name.dropFirst(Self.temporaryPrefix.count).allSatisfy(\.isNumber) {
            if unlink(directory + "/" + name) == 0 {
                log.info("removed \(directory)/\(name), left by an interrupted write of the scene numbers")
            } else {
                log.warning("could not remove \(directory)/\(name): \(String(cString: strerror(errno)))")
            }
        }
    }

    private func clockBase() -> SceneID { SceneID(max(0, g_get_real_time())) }

    /// Makes sure `next`, the number the next registration takes, may be handed out: within the
    /// reservation on disk, else a new block is written. When the write fails, returns the
    /// number to continue after instead (the clock), logged once until a write succeeds.
    mutating func prepare(next: SceneID, log: Log) -> SceneID? {
        guard next > reserved else { return nil }
        let end = min(next + Self.block - 1, OrientationManager.maxSceneID)
        do {
            guard g_mkdir_with_parents(directory, 0o777) == 0 else {
                throw WriteError(description: "cannot create \(directory): \(String(cString: strerror(errno)))")
            }
            try write("\(end)\n")
            reserved = end
            warned = false
            return nil
        } catch {
            let jump = max(clockBase(), next)
            if !warned {
                log.warning("\(error); scene numbers continue from the clock (\(jump + 1)) so that none is reused after a restart")
            }
            warned = true
            reserved = min(jump + Self.block, OrientationManager.maxSceneID)  // the next write at the next block
            return jump
        }
    }

    struct WriteError: Error, CustomStringConvertible {
        let description: String
    }
}

import Glibc

/// The file a process runs, as the kernel tells it in `/proc/<pid>/exe`: the path it was
/// started from, and whether that file has been removed or replaced since (an upgrade), which
/// the kernel says by ending the link's target in " (deleted)".
struct ExecutableFile: Equatable {
    /// The kernel's mark on a file removed or replaced since the start.
    static let deletedMark = " (deleted)"

    /// The path the file was started from, without the kernel's mark.
    let path: String
    /// Whether the file at `path` is no longer the one running (removed or replaced).
    let deleted: Bool

    /// The link's target as the kernel writes it (as another process, such as KWin, reads it).
    var link: String { deleted ? path + Self.deletedMark : path }

    /// The file `target` (a `/proc/<pid>/exe` link's target) names.
    init(target: String) {
        deleted = target.hasSuffix(Self.deletedMark)
        path = deleted ? String(target.dropLast(Self.deletedMark.count)) : target
    }

    /// This process's executable, from `/proc/self/exe`; nil when it cannot be read.
    static var current: ExecutableFile? { read(link: "/proc/self/exe") }

    /// The file a `/proc/<pid>/exe`-like symbolic link names; nil when it cannot be read.
    static func read(link: String) -> ExecutableFile? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(link, &buffer, Int(PATH_MAX))
        guard length > 0 else { return nil }
        return ExecutableFile(target: String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
}

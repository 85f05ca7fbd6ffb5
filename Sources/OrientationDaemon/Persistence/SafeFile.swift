import Glibc

/// File access that never blocks and never mistakes a permission problem for bad contents:
/// reads open non-blocking and check the type first (a FIFO or a device is refused, not
/// waited on); writes go to a temporary file that is synced and renamed over the target.
enum SafeFile {
    enum ReadResult: Equatable {
        case contents([UInt8])
        /// Nothing there (no such file or folder).
        case missing
        /// Something there that cannot be read as a file: the sentence says what.
        case unusable(String)
    }

    /// The largest file read by default (configuration and state files are a few kilobytes).
    static let maxSize = 4 << 20

    /// Reads a regular file (following symbolic links) of at most `maxSize` bytes without
    /// ever blocking: a larger file is refused from its size before a byte is read.
    static func read(_ path: String, maxSize: Int = SafeFile.maxSize) -> ReadResult {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        if fd < 0 {
            let code = errno
            if code == ENOENT || code == ENOTDIR {
                // A dangling symbolic link is worth a word; a file that is not there is not.
                var info = stat()
                if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
                    return .unusable("is a symbolic link to a file that does not exist")
                }
                return .missing
            }
            return .unusable(describe(code))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .unusable(describe(errno)) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .unusable("is \(kind(info.st_mode)), not a regular file") }
        guard Int(info.st_size) <= maxSize else { return .unusable("is \(info.st_size) bytes long, more than the \(maxSize) bytes read") }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                return .unusable(describe(errno))
            }
            bytes += buffer[0..<count]
            if bytes.count > maxSize { return .unusable("is more than \(maxSize) bytes long") }
        }
        return .contents(bytes)
    }

    /// The names in `folder` (without "." and ".."), in the order the file system lists them,
    /// at most `limit` of them; nil when it cannot be listed.
    static func names(in folder: String, limit: Int = .max) -> [String]? {
        guard let dir = opendir(folder) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while names.count < limit, let item = readdir(dir) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// What kind of file `mode` is, as a phrase ("a FIFO", "a folder").
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }

    static func describe(_ code: Int32) -> String {
        switch code {
        case EACCES, EPERM: return "cannot be read: permission denied"
        case ELOOP: return "is a loop of symbolic links"
        default: return "cannot be read: " + String(cString: strerror(code))
        }
    }

    struct WriteError: Error, CustomStringConvertible {
        let description: String
    }

    /// A new file at `temporary`, made by this call and no one else (`O_CREAT | O_EXCL`, never
    /// through a link): whatever is there already (a file left by a crash, or a hard or
    /// symbolic link someone planted to have orientd truncate its target) is unlinked, which
    /// removes the name and leaves any target untouched, and the file is made anew. -1 with
    /// `errno` set when it cannot be made.
    static func createExclusively(_ temporary: String, mode: mode_t) -> Int32 {
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW
        for _ in 0..<3 {
            let fd = open(temporary, flags, mode)
            if fd >= 0 || errno != EEXIST { return fd }
            if unlink(temporary) != 0, errno != ENOENT { return -1 }
        }
        errno = EEXIST
        return -1
    }

    /// Writes `bytes` to `path` so that a crash at any moment leaves the old file or the new
    /// one: into `temporary` (same folder, created exclusively: `createExclusively`), fsync,
    /// rename over `path`, fsync the folder.
    static func writeAtomically(_ bytes: [UInt8], to path: String, temporary: String) throws(WriteError) {
        func failure(_ what: String, _ code: Int32) -> WriteError {
            WriteError(description: "cannot \(what): \(String(cString: strerror(code)))")
        }
        let fd = createExclusively(temporary, mode: 0o600)
        guard fd >= 0 else { throw failure("create \(temporary)", errno) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(fd)
                unlink(temporary)
                throw failure("write \(temporary)", code)
            }
            written += count
        }
        if fsync(fd) != 0 {
            let code = errno
            close(fd)
            unlink(temporary)
            throw failure("sync \(temporary)", code)
        }
        if close(fd) != 0 {
            let code = errno
            unlink(temporary)
            throw failure("close \(temporary)", code)
        }
        if rename(temporary, path) != 0 {
            let code = errno
            unlink(temporary)
            throw failure("replace \(path)", code)
        }
        let containing = folder(of: path)
        let dir = open(containing.isEmpty ? "." : containing, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dir >= 0 {
            fsync(dir)
            close(dir)
        }
    }

    /// The folder `path` is in, as NSString's deletingLastPathComponent says it: "" for a bare
    /// name, "/" for a file at the root; trailing slashes are not a component.
    static func folder(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.last == "/" { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        if slash == trimmed.startIndex { return "/" }
        var folder = trimmed[..<slash]
        while folder.count > 1, folder.last == "/" { folder.removeLast() }
        return String(folder)
    }
}

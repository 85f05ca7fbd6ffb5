import Glibc

/// Reading desktop entries, which are untrusted files: a folder's names, and a regular file's
/// text read only when it is small, opened without blocking (a FIFO never stalls the reader).
enum EntryFile {
    /// The names in `folder` (without `.` and `..`); nil when it is not a readable folder.
    static func names(in folder: String) -> [String]? {
        guard let dir = opendir(folder) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir), names.count < InstalledApps.maxEntries {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The text of a regular file of at most `maxSize` bytes (NUL-terminated), else nil.
    static func contents(_ path: String, maxSize: Int) -> [CChar]? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= maxSize else { return nil }
        var buffer = [CChar](repeating: 0, count: maxSize + 1)
        var total = 0
        while total < maxSize {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + total, maxSize - total) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            total += count
        }
        guard !buffer[0..<total].contains(0) else { return nil }
        return Array(buffer[0...total])
    }
}

import CGio
import Glibc

/// One orientd per state folder: an advisory (fcntl) write lock on `orientd.lock` in the
/// folder, held for the life of the process (the kernel drops it when the process ends, even
/// by SIGKILL). The file also holds the holder's pid, for people; the lock itself says who
/// holds it (F_GETLK).
final class StateLock {
    static let fileName = "orientd.lock"

    enum Outcome {
        case acquired(StateLock)
        /// Another process holds it: its pid.
        case held(by: pid_t)
        /// The folder cannot hold a lock file: why.
        case unavailable(String)
    }

    let path: String
    private let fd: Int32

    private init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
    }

    /// Takes the lock of `directory` (creating the folder), without waiting.
    static func acquire(directory: String) -> Outcome {
        // As FileManager's createDirectory did: missing parents too, 0777 less the umask.
        guard g_mkdir_with_parents(directory, 0o777) == 0 else {
            return .unavailable("cannot create the state folder \(directory): \(String(cString: strerror(errno)))")
        }
        let path = directory + "/" + fileName
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
        guard fd >= 0 else { return .unavailable("cannot open \(path): \(String(cString: strerror(errno)))") }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            return .unavailable("\(path) is not a regular file")
        }
        var request = flock()
        request.l_type = Int16(F_WRLCK)
        request.l_whence = Int16(SEEK_SET)
        if fcntl(fd, F_SETLK, &request) == 0 {
            let pid = Array("\(getpid())\n".utf8)
            // Written over the last holder's number, then cut to length only if that was longer:
            // truncating a file to nothing frees its block, a journal write on a disk's file
            // system (~0.3 ms of every start; the bytes are for people, the lock is fcntl's).
            let written = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
            if written == pid.count, info.st_size > pid.count { _ = ftruncate(fd, off_t(pid.count)) }
            return .acquired(StateLock(path: path, fd: fd))
        }
        let code = errno
        guard code == EACCES || code == EAGAIN else {
            close(fd)
            return .unavailable("cannot lock \(path): \(String(cString: strerror(code)))")
        }
        var query = flock()
        query.l_type = Int16(F_WRLCK)
        query.l_whence = Int16(SEEK_SET)
        let holder = fcntl(fd, F_GETLK, &query) == 0 && query.l_type != Int16(F_UNLCK) ? query.l_pid : 0
        close(fd)
        return .held(by: holder)
    }
}

import Glibc

/// The kernel's cached pages of a file. What a process maps of its binary depends on them:
/// kernel 6.18 maps a whole cached folio on a fault, and a binary read or written in one piece
/// (`strip`, `cp`, `cat`) sits in large folios, so the same orientd showed 3.35–3.59 MiB of
/// text resident just after its file was read, 2.95–3.08 MiB when started with its file out
/// of the cache, as a service started at login finds it.
enum PageCache {
    /// Writes back and drops the cached pages of each file (those no process maps), so that
    /// each binary is started as after a reboot, whatever built, copied or read it before.
    static func drop(_ paths: [String]) {
        sync()
        for path in paths {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED)
            close(descriptor)
        }
    }
}

import Foundation
import Glibc
import TestSupport

/// A Unix socket that never says a word, as a hostile local program binds one where a
/// compositor or an X server would: it accepts connections (counting them) and holds them
/// silent, or, with `fullBacklog`, accepts none and has its backlog filled by connections of
/// its own, so that a blocking `connect()` to it would wait for ever. Closed (and its file
/// removed) by `close()`, which the tests call in their teardown.
final class UnansweringSocket: @unchecked Sendable {
    let path: String
    private let listening: Int32
    private var ownConnections: [Int32] = []
    private let held = LockedValue<[Int32]>([])
    private let stopping = LockedValue(false)
    private var acceptor: Thread?

    /// How many connections were accepted (and held silent) so far.
    var accepted: Int { held.value.count }

    /// `accepts: false`: connections wait in the backlog, never accepted (nor counted).
    init(path: String, fullBacklog: Bool = false, accepts: Bool = true) throws {
        self.path = path
        unlink(path)
        listening = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard listening >= 0 else { throw TestSupportError("socket: \(String(cString: strerror(errno)))") }
        guard Self.connectOrBind(listening, path, bind: true) == 0, listen(listening, fullBacklog ? 0 : 64) == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(listening)
            throw TestSupportError("cannot bind \(path): \(reason)")
        }
        if fullBacklog {
            // Connect until the kernel refuses for a full backlog (EAGAIN); those stay queued.
            for _ in 0..<64 {
                let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
                if Self.connectOrBind(fd, path, bind: false) != 0 {
                    Glibc.close(fd)
                    break
                }
                ownConnections.append(fd)
            }
        } else if accepts {
            let (listening, held, stopping) = (listening, held, stopping)
            let thread = Thread {
                while !stopping.value {
                    var descriptor = pollfd(fd: listening, events: Int16(POLLIN), revents: 0)
                    guard poll(&descriptor, 1, 50) > 0 else { continue }
                    let client = accept(listening, nil, nil)
                    if client >= 0 { held.withLock { $0.append(client) } }
                }
            }
            thread.start()
            acceptor = thread
        }
    }

    /// Whether a blocking connection to it would wait: a non-blocking one is refused for now.
    var backlogIsFull: Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        defer { Glibc.close(fd) }
        return Self.connectOrBind(fd, path, bind: false) != 0 && errno == EAGAIN
    }

    func close() {
        stopping.withLock { $0 = true }
        while acceptor?.isFinished == false { usleep(5_000) }
        for fd in ownConnections + held.value { Glibc.close(fd) }
        ownConnections = []
        Glibc.close(listening)
        unlink(path)
    }

    private static func connectOrBind(_ fd: Int32, _ path: String, bind: Bool) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() where index < raw.count - 1 { raw[index] = byte }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind ? Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                    : Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }
}

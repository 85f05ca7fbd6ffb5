import Glibc
import GLibBridge
import OrientationCore

/// Who is behind a connection, from what the bus says of its process: a Flatpak app
/// (`/proc/<pid>/root/.flatpak-info`), a Snap app (its AppArmor label), or else the user's own
/// unconfined process. It reads the caller's files, so it runs off the main loop.
enum CallerLookup {
    /// Why a caller could not be identified.
    struct Failure: Error, Sendable {
        let reason: String
    }

    static func identify(_ credentials: ConnectionCredentials, limits: Limits) -> Result<CallerIdentity, Failure> {
        defer { if let fd = credentials.processFD { close(fd) } }
        // With a process fd the pid is the fd's, and a live fd after the root was opened means
        // the pid was not reused in between (without one, as on older buses, a pid that is
        // reused between the bus's answer and the open is the remaining race).
        let pid: UInt32
        if let fd = credentials.processFD, let own = pidOf(processFD: fd) {
            pid = own
        } else if let given = credentials.processID {
            pid = given
        } else {
            return .failure(Failure(reason: "the bus did not say which process it is"))
        }
        guard let root = FlatpakInfo.openRoot(pid: pid) else {
            return .failure(Failure(reason: "process \(pid) cannot be looked at (\(String(cString: strerror(errno))))"))
        }
        defer { close(root) }
        if let fd = credentials.processFD, !isAlive(processFD: fd) {
            return .failure(Failure(reason: "process \(pid) exited"))
        }
        switch FlatpakInfo.read(inRoot: root, pid: pid) {
        case .app(let appId):
            do { try limits.checkAppId(appId) } catch {
                return .failure(Failure(reason: "the Flatpak app id in /proc/\(pid)/root/.flatpak-info is unusable: \(error.message)"))
            }
            return .success(.sandboxed(appId: appId, kind: .flatpak))
        case .unusable(let why):
            return .failure(Failure(reason: why))
        case .absent:
            break
        }
        let label = credentials.securityLabel ?? securityLabel(pid: pid)
        if let label, let snap = SnapLabel.appId(fromLabel: label) {
            if let fd = credentials.processFD, !isAlive(processFD: fd) {
                return .failure(Failure(reason: "process \(pid) exited"))
            }
            return .success(.sandboxed(appId: snap, kind: .snap))
        }
        return .success(.user)
    }

    /// The pid a pidfd names (`Pid:` in its fdinfo); nil when it cannot be read or the process
    /// has exited (-1).
    static func pidOf(processFD fd: Int32) -> UInt32? {
        guard let text = smallFile("/proc/self/fdinfo/\(fd)") else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("Pid:") {
            return UInt32(line.dropFirst(4).trimmingCharacters(in: " \t"))
        }
        return nil
    }

    /// Whether the process a pidfd names still runs (a pidfd becomes readable when it exits).
    static func isAlive(processFD fd: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 0
    }

    /// The process's AppArmor (or other LSM) label, from `/proc/<pid>/attr/current`.
    static func securityLabel(pid: UInt32) -> String? { smallFile("/proc/\(pid)/attr/current") }

    /// A small /proc file's text (at most 4 KiB), or nil.
    static func smallFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> Substring {
        var text = self
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return text
    }
}

import GLibBridge

/// Who holds orientd's well-known name when orientd does not, and what orientd does about it.
///
/// orientd asks for the name allowing replacement and without DO_NOT_QUEUE, so the bus keeps
/// it in the name's queue whenever another connection holds the name. It tells a takeover by
/// another orientd (`orientd --replace`, the documented way to restart it in place) from any
/// other process by asking the bus for the owner's process id and reading that process's
/// command line:
/// - taken over by orientd started with `--replace`: exit 0 (the new instance serves);
/// - at start, held by another orientd: exit 1 with a line saying to use `--replace`;
/// - held or taken by anything else (a client squatting the name): orientd logs who holds
///   it (unique name, pid, command line), stays in the queue, and serves again as soon as
///   the bus gives the name back (the holder releases it or leaves the bus). Exiting instead
///   would hand a squatter the service for good: every restart would find the name taken.
enum NameLoss {
    struct NewOwner {
        var uniqueName: String?
        var pid: UInt32?
        var arguments: [String]

        /// The process is an orientd (its program is named `orientd`).
        var isOrientd: Bool {
            guard let program = arguments.first else { return false }
            return program.split(separator: "/").last == "orientd"
        }

        /// orientd started with --replace.
        var isReplacingOrientd: Bool { isOrientd && arguments.dropFirst().contains("--replace") }

        var description: String {
            let who = uniqueName ?? "an unknown connection"
            guard let pid else { return who }
            let command = arguments.isEmpty ? "(command line unreadable)" : arguments.joined(separator: " ")
            return "\(who) (process \(pid): \(command.prefix(200)))"
        }
    }

    /// Who owns `name` now, as far as the bus and /proc tell.
    static func newOwner(of name: String, on connection: BusConnection) -> NewOwner {
        var owner = NewOwner(uniqueName: nil, pid: nil, arguments: [])
        owner.uniqueName = try? connection.nameOwner(name)
        guard let unique = owner.uniqueName,
              let reply = try? connection.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                               interface: "org.freedesktop.DBus", method: "GetConnectionUnixProcessID",
                                               parameters: Variant(tuple: [Variant(string: unique)]), replyType: "(u)",
                                               timeoutMilliseconds: 5_000),
              let pid = reply.child(at: 0).uint32 else { return owner }
        owner.pid = pid
        if case .contents(let data) = SafeFile.read("/proc/\(pid)/cmdline") {
            owner.arguments = data.split(separator: 0, omittingEmptySubsequences: false).dropLast()
                .map { String(decoding: $0, as: UTF8.self) }
        }
        return owner
    }
}

/// The service's well-known name: whether orientd owns it, whether it did at some point of
/// this run, what it does when the name changes hands (NameLoss), and the status the process
/// exits with.
final class NameOwnership {
    private(set) var owns = false
    private(set) var servedBefore = false
    /// The status the process should exit with once the loop returns.
    var exitStatus: Int32 = 0
    private let connection: BusConnection
    private let log: Log
    /// Ends orientd with a status (another orientd took the name, or holds it at start).
    var stop: (Int32) -> Void = { _ in }

    init(connection: BusConnection, log: Log) {
        self.connection = connection
        self.log = log
    }

    /// The bus gave orientd the well-known name (at start, or back after a squatter let go);
    /// `serving` says what it serves, for the first time.
    func acquired(_ name: String, serving: @autoclosure () -> String) {
        owns = true
        if servedBefore {
            log.info("\(name) is orientd's again: serving")
        } else {
            log.info("serving \(name) on \(connection.uniqueName) (\(serving()))")
        }
        servedBefore = true
    }

    /// The well-known name is someone else's: it was taken while orientd owned it, or it was
    /// owned already when orientd asked (orientd is in the bus's queue for it either way).
    func notOwned(_ name: String) {
        let owner = NameLoss.newOwner(of: name, on: connection)
        let wasOwner = owns
        owns = false
        if wasOwner && owner.isReplacingOrientd {
            log.info("\(name) was taken over by another instance (orientd --replace: \(owner.description)); exiting")
            stop(0)
        } else if !wasOwner && !servedBefore && owner.isOrientd {
            log.error("\(name) is owned by another process, an orientd: \(owner.description); run with --replace to take it over")
            stop(1)
        } else if wasOwner {
            log.warning("\(name) was taken by \(owner.description), which is not an orientd started with --replace; orientd waits in the bus's queue and serves again once the name is released")
        } else {
            log.warning("\(name) is owned by \(owner.description), which is not orientd; orientd waits in the bus's queue and serves once the name is released (or run orientd with --replace to take it, if the owner allows replacement)")
        }
    }
}

import Foundation
import GLibBridge

/// How orientd tells a takeover by another orientd (`orientd --replace`, the documented way
/// to restart it in place) from any other process taking its name: it asks the bus for the
/// new owner's process id and reads that process's command line. Only a process whose program
/// is named `orientd` and that was started with `--replace` counts as a takeover (exit
/// status 0: the new instance serves). Anything else — another program, an unknown owner, a
/// process that cannot be read — exits with status 1, so that the service manager
/// (`Restart=on-failure`) brings orientd back.
enum NameLoss {
    struct NewOwner {
        var uniqueName: String?
        var pid: UInt32?
        var arguments: [String]

        /// orientd started with --replace.
        var isReplacingOrientd: Bool {
            guard let program = arguments.first else { return false }
            return (program as NSString).lastPathComponent == "orientd" && arguments.dropFirst().contains("--replace")
        }

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
        if let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") {
            owner.arguments = data.split(separator: 0, omittingEmptySubsequences: false).dropLast()
                .map { String(decoding: $0, as: UTF8.self) }
        }
        return owner
    }
}

extension OrientationService {
    /// The well-known name went to someone else while orientd owned it.
    func nameTakenOver(_ name: String) {
        let owner = NameLoss.newOwner(of: name, on: connection)
        if owner.isReplacingOrientd {
            log.info("\(name) was taken over by another instance (orientd --replace: \(owner.description)); exiting")
            stop(status: 0)
        } else {
            log.error("\(name) was taken by \(owner.description), which is not an orientd started with --replace; exiting with status 1 so that the service manager restarts orientd")
            stop(status: 1)
        }
    }
}

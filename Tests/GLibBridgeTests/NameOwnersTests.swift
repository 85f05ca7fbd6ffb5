import GLibBridge
import TestSupport
import XCTest

/// `NameOwners`: the watches of every name share one match rule and one owner question per
/// name, and each watcher hears what GDBus's own watch says, in the same order.
final class NameOwnersTests: BusTestCase {
    /// The watches live on the client's loop thread; the test only hands them over.
    private final class Watches: @unchecked Sendable {
        var owners: NameOwners?
        var ids: [String: NameOwners.WatchID] = [:]
    }

    private let watches = Watches()
    private let heard = LockedValue<[String]>([])

    override func tearDown() {
        let watches = self.watches
        client?.sync { watches.owners = nil }
        super.tearDown()
    }

    /// Starts the client's `NameOwners` and a watcher called `label` of `name`.
    private func watch(_ name: String, as label: String) {
        let watches = self.watches, heard = self.heard, connection = client.connection
        client.sync {
            let owners = watches.owners ?? NameOwners(connection: connection)
            watches.owners = owners
            watches.ids[label] = owners.watch(name, appeared: { name, owner in
                heard.withLock { $0.append("\(label): \(name) appeared \(owner)") }
            }, vanished: { name in
                heard.withLock { $0.append("\(label): \(name) vanished") }
            })
        }
    }

    private func heardBy(_ label: String) -> [String] {
        heard.value.filter { $0.hasPrefix(label + ": ") }.map { String($0.dropFirst(label.count + 2)) }
    }

    /// The client connection's match rules, as the bus counts them (its Stats interface).
    private func matchRules() throws -> UInt32? {
        let stats = try service.connection.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus.Debug.Stats",
            method: "GetConnectionStats", parameters: Variant(tuple: [Variant(string: client.uniqueName)]))
        return stats.child(at: 0).vardict?["MatchRules"]?.uint32
    }

    func testEveryWatcherHearsTheOwnerComeBeHandedOnAndGo() throws {
        let name = "org.example.Watched"
        watch(name, as: "a")
        watch(name, as: "b")
        try eventually("both told there is no owner") { heardBy("a") == ["\(name) vanished"] && heardBy("b") == ["\(name) vanished"] }

        XCTAssertEqual(try service.connection.requestName(name, flags: [.allowReplacement, .doNotQueue]), .primaryOwner)
        try eventually("both told of the owner") {
            heardBy("a").last == "\(name) appeared \(service.uniqueName)" && heardBy("b").last == "\(name) appeared \(service.uniqueName)"
        }
        // A watcher that comes later is told the owner it missed (once, from the loop).
        watch(name, as: "c")
        try eventually("the late watcher told") { heardBy("c") == ["\(name) appeared \(service.uniqueName)"] }

        let second = try bus.connectWithLoop(name: "second-loop")
        defer { second.close() }
        XCTAssertEqual(try second.connection.requestName(name, flags: .replace), .primaryOwner)
        let handedOn = ["\(name) vanished", "\(name) appeared \(second.uniqueName)"]
        try eventually("each hears it go, then come") { ["a", "b", "c"].allSatisfy { Array(heardBy($0).suffix(2)) == handedOn } }

        try second.connection.releaseName(name)
        try eventually("each hears it go") { ["a", "b", "c"].allSatisfy { heardBy($0).last == "\(name) vanished" } }
        XCTAssertEqual(heardBy("a"), ["\(name) vanished", "\(name) appeared \(service.uniqueName)"] + handedOn + ["\(name) vanished"])
        XCTAssertEqual(heardBy("c"), ["\(name) appeared \(service.uniqueName)"] + handedOn + ["\(name) vanished"])
    }

    /// GDBus's watch adds a match rule per name; these share the one for every name.
    func testThreeNamesWatchedTwiceEachAddOneMatchRule() throws {
        for name in ["org.example.One", "org.example.Two", "org.example.Three"] {
            watch(name, as: name + "-1")
            watch(name, as: name + "-2")
        }
        try eventually("every watcher told") { heard.value.count == 6 }
        XCTAssertEqual(try matchRules(), 1)
        XCTAssertEqual(Set(heard.value.map { $0.components(separatedBy: ": ")[1] }),
                       ["org.example.One vanished", "org.example.Two vanished", "org.example.Three vanished"])
    }

    func testAnUnwatchedWatcherHearsNothingMoreAndEveryChangeIsHeard() throws {
        let name = "org.example.Unwatched"
        let changes = LockedValue<[String]>([])
        let watches = self.watches, connection = client.connection
        client.sync {
            let owners = NameOwners(connection: connection)
            owners.onEveryChange { name, old, new in changes.withLock { $0.append("\(name) \(old)→\(new)") } }
            watches.owners = owners
        }
        watch(name, as: "kept")
        watch(name, as: "dropped")
        try eventually("both told") { heard.value.count == 2 }
        client.sync { watches.owners?.unwatch(watches.ids["dropped"]!) }
        XCTAssertEqual(try service.connection.requestName(name), .primaryOwner)
        try eventually("the kept watcher told") { heardBy("kept").count == 2 }
        try client.connection.syncWithBus()
        client.drain()
        XCTAssertEqual(heardBy("dropped"), ["\(name) vanished"])
        XCTAssertTrue(changes.value.contains("\(name) →\(service.uniqueName)"), "\(changes.value)")
    }
}

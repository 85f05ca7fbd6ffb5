import GLibBridge
import TestSupport
import XCTest

final class NameTests: BusTestCase {
    func testOwnReplaceAndVanish() throws {
        let name = "org.example.Owned"
        let events = LockedValue<[String]>([])
        let first = service.connection
        service.sync {
            first.ownName(name, flags: .allowReplacement,
                          acquired: { name in events.withLock { $0.append("first acquired \(name)") } },
                          lost: { name in events.withLock { $0.append("first lost \(name)") } })
        }
        // Watch once the name is owned: a watch that starts first may rightly report it
        // vanished before it appears (the two connections reach the bus in either order).
        try eventually("first owner") { events.value == ["first acquired \(name)"] }
        let watcher = client.connection
        let firstName = service.uniqueName
        client.sync {
            watcher.watchName(name, appeared: { name, owner in
                events.withLock { $0.append("appeared \(name) \(owner == firstName ? "first" : "second")") }
            }, vanished: { name in
                events.withLock { $0.append("vanished \(name)") }
            })
        }
        try eventually("first owner and watcher") {
            Set(events.value) == ["first acquired \(name)", "appeared \(name) first"]
        }
        XCTAssertEqual(try client.connection.nameOwner(name), service.uniqueName)

        let second = try bus.connectWithLoop(name: "second-loop")
        let secondConnection = second.connection
        second.sync {
            secondConnection.ownName(name, flags: .replace,
                                     acquired: { name in events.withLock { $0.append("second acquired \(name)") } })
        }
        try eventually("replacement") {
            let all = events.value
            return all.contains("first lost \(name)") && all.contains("second acquired \(name)")
                && all.contains("appeared \(name) second")
        }
        XCTAssertEqual(try client.connection.nameOwner(name), second.uniqueName)

        events.withLock { $0.removeAll() }
        second.close()  // the name goes back to the queued first owner
        try eventually("the first owner gets the name back") {
            events.value.contains("first acquired \(name)") && events.value.contains("appeared \(name) first")
        }

        service.connection.close()  // the owner's connection closes: the name vanishes
        try eventually("vanished") { events.value.contains("vanished \(name)") }
        XCTAssertNil(try client.connection.nameOwner(name))
    }

    func testUnownReleasesTheName() throws {
        let name = "org.example.Unowned"
        let acquired = LockedValue(false)
        let connection = service.connection
        let id = service.sync { connection.ownName(name, acquired: { _ in acquired.withLock { $0 = true } }) }
        try eventually("acquired") { acquired.value }
        connection.unownName(id)
        try eventually("released") { try client.connection.nameOwner(name) == nil }
    }

    func testLostWhenTheNameIsTaken() throws {
        let name = "org.example.Taken"
        XCTAssertEqual(try client.connection.requestName(name, flags: .doNotQueue), .primaryOwner)
        XCTAssertEqual(try client.connection.requestName(name), .alreadyOwner)
        let lost = LockedValue(false)
        let connection = service.connection
        service.sync { connection.ownName(name, flags: .doNotQueue, lost: { _ in lost.withLock { $0 = true } }) }
        try eventually("lost") { lost.value }
        XCTAssertEqual(try service.connection.requestName(name, flags: .doNotQueue), .exists)
        try client.connection.releaseName(name)
        XCTAssertNil(try client.connection.nameOwner(name))
    }

    func testUnwatch() throws {
        let seen = LockedValue(0)
        let connection = client.connection
        let id = client.sync {
            connection.watchName("org.example.Watched", appeared: { _, _ in seen.withLock { $0 += 1 } },
                                 vanished: { _ in seen.withLock { $0 += 1 } })
        }
        try eventually("the initial vanished") { seen.value == 1 }
        connection.unwatchName(id)
        XCTAssertEqual(try service.connection.requestName("org.example.Watched"), .primaryOwner)
        try client.connection.syncWithBus()
        client.drain()
        XCTAssertEqual(seen.value, 1)
    }
}

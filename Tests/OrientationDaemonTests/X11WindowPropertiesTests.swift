import XCTest
@testable import OrientationDaemon

/// The X11 tracker's checks of what any client may write into its window's properties, and
/// its bookkeeping of what it reported.
final class X11WindowPropertiesTests: XCTestCase {
    let utf8: UInt32 = 300
    let string: UInt32 = 31

    func text(_ bytes: [UInt8], type: UInt32? = nil, truncated: Bool = false) -> X11PropertyValue {
        X11PropertyValue(type: type ?? utf8, format: 8, bytes: bytes, truncated: truncated)
    }

    func testAppIdsAreTakenOnlyWhenTheyAreBoundedTextWithoutControlCharacters() {
        XCTAssertNil(X11WindowProperties.appId(nil, utf8: utf8))
        XCTAssertEqual(try X11WindowProperties.appId(text(Array("org.example.App".utf8)), utf8: utf8)?.get(), "org.example.App")
        XCTAssertEqual(try X11WindowProperties.appId(text(Array("org.example.App".utf8) + [0]), utf8: utf8)?.get(), "org.example.App")
        for bad in [text(Array("org.\u{1B}[2J".utf8)), text([0x6F, 0xFF, 0xFE]), text([]), text(Array("a".utf8), truncated: true),
                    X11PropertyValue(type: utf8, format: 32, bytes: [1, 0, 0, 0], truncated: false)] {
            guard case .failure(let refusal)? = X11WindowProperties.appId(bad, utf8: utf8) else { return XCTFail("\(bad) was taken") }
            XCTAssertFalse(refusal.reason.unicodeScalars.contains(where: X11WindowProperties.isControl), refusal.reason)
        }
    }

    func testTheWindowClassIsTheSecondHalfOfWMClass() {
        XCTAssertEqual(try X11WindowProperties.windowClass(text(Array("navigator\0Firefox-esr\0".utf8), type: string), utf8: utf8)?.get(), "Firefox-esr")
        guard case .failure? = X11WindowProperties.windowClass(text(Array("lonely".utf8), type: string), utf8: utf8) else {
            return XCTFail("a WM_CLASS without its class was taken")
        }
    }

    func testEscapingShowsEveryByteAndBoundsTheLength() {
        XCTAssertEqual(X11WindowProperties.escaped([0x61, 0x1B, 0x5C, 0xFF]), "a\\x1b\\x5c\\xff")
        XCTAssertEqual(X11WindowProperties.escaped(Array(repeating: 0x78, count: 1000)).count, 65)
    }

    func testAWindowIsReportedOnceReadAndAgainOnlyWhenItChanges() {
        var clients = X11ClientWindows()
        XCTAssertEqual(clients.setList([7, 9]).added, [7, 9])
        XCTAssertTrue(clients.update(7) { $0.applicationId = .some(nil) }.isEmpty)
        XCTAssertTrue(clients.update(7) { $0.windowClass = .some(.success(.init(name: "Legacy", desktopId: "org.example.Legacy"))) }.isEmpty)
        let first = clients.update(7) { $0.state = (false, false) }
        XCTAssertEqual(first.count, 1)
        guard case .window(7, "org.example.Legacy", false, false, false)? = first.first else { return XCTFail("\(first)") }
        XCTAssertTrue(clients.update(7) { $0.state = (false, false) }.isEmpty, "nothing changed")
        guard case .window(7, _, true, _, _)? = clients.setActive(7).events.first else { return XCTFail("activation not reported") }
        let gone = clients.setList([9]).events
        guard case .closed(7)? = gone.first, gone.count == 1 else { return XCTFail("\(gone)") }
        XCTAssertTrue(clients.update(7) { $0.state = (true, true) }.isEmpty, "a window no longer listed is ignored")
    }

    /// A `_NET_CLIENT_LIST` longer than the windows followed: the active window past its cut is
    /// followed anyway (its properties read), and goes when another is active.
    func testTheActiveWindowIsFollowedPastTheCutOfALongList() {
        var clients = X11ClientWindows()
        let list = (1...UInt32(X11ClientWindows.maximum)).map { $0 }
        XCTAssertEqual(clients.setList(list, truncated: true).added.count, X11ClientWindows.maximum)
        let (added, _) = clients.setActive(5_000)
        XCTAssertEqual(added, [5_000], "the active window past the cut is read")
        XCTAssertTrue(clients.update(5_000) { $0.applicationId = .some(.success("org.example.Game")) }.isEmpty)
        XCTAssertTrue(clients.update(5_000) { $0.windowClass = .some(nil) }.isEmpty)
        guard case .window(5_000, "org.example.Game", true, false, false)? = clients.update(5_000, { $0.state = (false, false) }).first else {
            return XCTFail("the active window is reported")
        }
        // The list read again keeps it while it is active.
        XCTAssertTrue(clients.setList(list, truncated: true).events.isEmpty)
        XCTAssertNotNil(clients.windows[5_000])
        // Another window active: the one followed only for being active goes.
        let (_, events) = clients.setActive(3)
        XCTAssertTrue(events.contains { if case .closed(5_000) = $0 { true } else { false } }, "\(events)")
        XCTAssertNil(clients.windows[5_000])
    }

    /// `_GTK_APPLICATION_ID` first, then the desktop entry claiming the `WM_CLASS` class, then
    /// the class itself; a refused application id falls through to the class.
    func testAnAppIdComesFromTheApplicationIdThenTheClaimingEntryThenTheClass() {
        let clients = X11ClientWindows()
        let claimed = X11ClientWindows.WindowClass(name: "notes-legacy", desktopId: "org.example.Notes")
        let unclaimed = X11ClientWindows.WindowClass(name: "notes-legacy")
        func window(_ id: Result<String, X11WindowProperties.Refusal>?, _ windowClass: X11ClientWindows.WindowClass?) -> X11ClientWindows.Window {
            X11ClientWindows.Window(applicationId: .some(id), windowClass: .some(windowClass.map { .success($0) }), state: (false, false))
        }
        XCTAssertEqual(clients.appId(of: window(.success("org.example.Gtk"), claimed)), "org.example.Gtk")
        XCTAssertEqual(clients.appId(of: window(nil, claimed)), "org.example.Notes")
        XCTAssertEqual(clients.appId(of: window(nil, unclaimed)), "notes-legacy")
        XCTAssertEqual(clients.appId(of: window(.failure(.init("empty")), claimed)), "org.example.Notes")
        XCTAssertNil(clients.appId(of: window(nil, nil)))
    }

    func testTheListIsBounded() {
        var clients = X11ClientWindows()
        XCTAssertEqual(clients.setList(Array(1...UInt32(50_000))).added.count, X11ClientWindows.maximum)
    }
}

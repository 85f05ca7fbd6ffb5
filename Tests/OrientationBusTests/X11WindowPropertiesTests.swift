import XCTest
@testable import OrientationBus

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
        var clients = X11ClientWindows { $0 == "Legacy" ? "org.example.Legacy" : nil }
        XCTAssertEqual(clients.setList([7, 9]).added, [7, 9])
        XCTAssertTrue(clients.update(7) { $0.applicationId = .some(nil) }.isEmpty)
        XCTAssertTrue(clients.update(7) { $0.windowClass = .some(.success("Legacy")) }.isEmpty)
        let first = clients.update(7) { $0.state = (false, false) }
        XCTAssertEqual(first.count, 1)
        guard case .window(7, "org.example.Legacy", false, false, false)? = first.first else { return XCTFail("\(first)") }
        XCTAssertTrue(clients.update(7) { $0.state = (false, false) }.isEmpty, "nothing changed")
        guard case .window(7, _, true, _, _)? = clients.setActive(7).first else { return XCTFail("activation not reported") }
        let gone = clients.setList([9]).events
        guard case .closed(7)? = gone.first, gone.count == 1 else { return XCTFail("\(gone)") }
        XCTAssertTrue(clients.update(7) { $0.state = (true, true) }.isEmpty, "a window no longer listed is ignored")
    }

    func testTheListIsBounded() {
        var clients = X11ClientWindows { _ in nil }
        XCTAssertEqual(clients.setList(Array(1...UInt32(50_000))).added.count, X11ClientWindows.maximum)
    }
}

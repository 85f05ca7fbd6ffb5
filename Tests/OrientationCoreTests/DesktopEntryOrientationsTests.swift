import OrientationCore
import XCTest

/// The keys a desktop entry declares orientations with, in their order, read one way for the
/// service and the settings app.
final class DesktopEntryOrientationsTests: XCTestCase {
    func read(_ values: [String: String], _ idiom: Idiom = .phone, natural: NaturalOrientation = .portrait)
        -> (mask: OrientationMask?, problems: [(key: String, problem: String)]) {
        DesktopEntryOrientations.read({ values[$0] }, idiom: idiom, natural: natural)
    }

    func testTheKeysInOrder() {
        let all = [DesktopEntryOrientations.padKey: "landscape", DesktopEntryOrientations.key: " portrait ; ",
                   LomiriOrientations.key: "landscape", LomiriOrientations.ubuntuKey: "invertedPortrait"]
        XCTAssertEqual(read(all).mask, .portrait)
        XCTAssertEqual(read(all, .pad).mask, .landscape, "the pad key first for a pad")
        XCTAssertEqual(read([LomiriOrientations.key: "landscape", LomiriOrientations.ubuntuKey: "portrait"]).mask,
                       .landscapeRight, "lomiri-app-launch's key before the older one")
        XCTAssertNil(read([:]).mask)
    }

    func testABadValueOfOrientdsKeyIsSkippedAndOneOfLomirisIsAllFour() {
        let skipped = read([DesktopEntryOrientations.key: "sideways", LomiriOrientations.ubuntuKey: "primary"], natural: .landscape)
        XCTAssertEqual(skipped.mask, .landscapeRight, "primary is a landscape panel's own orientation")
        XCTAssertEqual(skipped.problems.map(\.key), [DesktopEntryOrientations.key])
        let unreadable = read([LomiriOrientations.key: "sideways"])
        XCTAssertEqual(unreadable.mask, .all)
        XCTAssertEqual(unreadable.problems.map(\.key), [LomiriOrientations.key])
        let nothing = read([DesktopEntryOrientations.key: "sideways"])
        XCTAssertNil(nothing.mask)
        XCTAssertEqual(nothing.problems.count, 1, "the problem is said even when nothing else declares")
    }
}

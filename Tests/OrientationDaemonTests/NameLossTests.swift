import XCTest
@testable import OrientationDaemon

/// How orientd tells another orientd taking its name from a squatter: by the program's name.
final class NameLossTests: XCTestCase {
    private func owner(_ arguments: [String]) -> NameLoss.NewOwner { .init(uniqueName: ":1.7", pid: 7, arguments: arguments) }

    func testAnOrientdIsTheProgramNamedOrientdWhereverItLies() {
        XCTAssertTrue(owner(["/usr/libexec/orientd"]).isOrientd)
        XCTAssertTrue(owner(["orientd", "--verbose"]).isOrientd)
        XCTAssertTrue(owner(["./build/orientd/"]).isOrientd)
        XCTAssertFalse(owner(["/usr/bin/orientd-bench"]).isOrientd)
        XCTAssertFalse(owner(["/orientd/squatter"]).isOrientd)
        XCTAssertFalse(owner(["/"]).isOrientd)
        XCTAssertFalse(owner([]).isOrientd)
    }

    func testOnlyAnOrientdWithReplaceIsATakeover() {
        XCTAssertTrue(owner(["/usr/libexec/orientd", "--replace"]).isReplacingOrientd)
        XCTAssertFalse(owner(["/usr/libexec/orientd"]).isReplacingOrientd)
        XCTAssertFalse(owner(["/usr/bin/squatter", "--replace"]).isReplacingOrientd)
    }
}

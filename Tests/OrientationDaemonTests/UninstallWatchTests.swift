import Foundation
import GLibBridge
import ProcessSupport
import TestSupport
import XCTest
@testable import OrientationDaemon

/// The watch that ends orientd when its program is removed starts once the bus answered for
/// orientd's name (`AfterName`); a program removed before that is gone all the same.
final class UninstallWatchTests: XCTestCase {
    private let loop = MainLoop()

    func testAProgramRemovedBeforeTheWatchStartsIsGoneAfterTheGrace() throws {
        let folder = try OrientdInstance.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let program = folder + "/orientd"
        XCTAssertTrue(FileManager.default.createFile(atPath: program, contents: Data()))
        XCTAssertEqual(unlink(program), 0)
        var gone: [String] = []
        let watch = UninstallWatch(path: program) { gone.append($0) }
        XCTAssertNotNil(watch, "a missing program's folder is still watched")
        XCTAssertEqual(gone, [], "not before the grace")
        try eventually("gone after the grace", iterating: loop) { gone == [program] }
    }

    func testAProgramPutBackWithinTheGraceIsNotGone() throws {
        let folder = try OrientdInstance.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let program = folder + "/orientd"
        var gone: [String] = []
        let watch = UninstallWatch(path: program) { gone.append($0) }
        XCTAssertNotNil(watch)
        XCTAssertTrue(FileManager.default.createFile(atPath: program, contents: Data()))
        let end = ContinuousClock.now + .milliseconds(Int(UninstallWatch.grace) + 500)
        while ContinuousClock.now < end { _ = loop.iterate(mayBlock: false); usleep(5_000) }
        XCTAssertEqual(gone, [])
        withExtendedLifetime(watch) {}
    }
}

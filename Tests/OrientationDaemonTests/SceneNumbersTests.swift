import Foundation
import Glibc
import OrientationCore
import XCTest
@testable import OrientationDaemon

/// Scene numbers persist in the state folder, reserved in blocks, so that no path is reused
/// across restarts.
final class SceneNumbersTests: XCTestCase {
    var directory = ""
    let log = Log(verbose: false)

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "scene-numbers-\(UUID().uuidString)"
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: directory) }

    func testNumbersAreReservedInBlocksBeforeTheyAreHandedOut() throws {
        var numbers = SceneNumbers(directory: directory)
        XCTAssertEqual(numbers.load(log: log), 0, "no file: no earlier number")
        XCTAssertNil(numbers.prepare(next: 1, log: log))
        XCTAssertEqual(try String(contentsOfFile: numbers.path, encoding: .utf8), "1024\n")
        XCTAssertNil(numbers.prepare(next: 1024, log: log))
        XCTAssertEqual(try String(contentsOfFile: numbers.path, encoding: .utf8), "1024\n", "within the block: no write")
        XCTAssertNil(numbers.prepare(next: 1025, log: log))
        XCTAssertEqual(try String(contentsOfFile: numbers.path, encoding: .utf8), "2048\n")
        var next = SceneNumbers(directory: directory)
        XCTAssertEqual(next.load(log: log), 2048, "a restart continues after the whole reservation")
    }

    func testGarbageStartsFromTheClock() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "twelve\n".write(toFile: directory + "/scene-numbers", atomically: true, encoding: .utf8)
        var numbers = SceneNumbers(directory: directory)
        XCTAssertGreaterThan(numbers.load(log: log), 1_700_000_000_000_000, "microseconds since the epoch")
    }

    func testOnlyInterruptedWritesAreRemoved() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for name in ["scene-numbers.writing-4242", "scene-numbers.backup", "scene-numbers.writing-old", "settings.ini.Ab12Cd"] {
            try "x".write(toFile: directory + "/" + name, atomically: false, encoding: .utf8)
        }
        var numbers = SceneNumbers(directory: directory)
        _ = numbers.load(log: log)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory).sorted(),
                       ["scene-numbers.backup", "scene-numbers.writing-old", "settings.ini.Ab12Cd"])
    }

    func testAHardLinkPlantedAtTheTemporaryNameIsNotWrittenThrough() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let target = directory + "/precious"
        try "keep me\n".write(toFile: target, atomically: false, encoding: .utf8)
        XCTAssertEqual(link(target, directory + "/" + SceneNumbers.temporaryPrefix + "\(getpid())"), 0)
        var numbers = SceneNumbers(directory: directory)
        XCTAssertNil(numbers.prepare(next: 1, log: log))
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "keep me\n", "made anew (O_EXCL), not truncated through the link")
        XCTAssertEqual(try String(contentsOfFile: numbers.path, encoding: .utf8), "1024\n")
    }

    private func writeFile(_ text: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try text.write(toFile: directory + "/scene-numbers", atomically: true, encoding: .utf8)
    }

    /// Numbers that would overflow any arithmetic, and numbers near the ceiling (where no run
    /// gets, and which would leave no number to hand out), are corrupt: the clock, below the ceiling.
    func testAbsurdNumbersAreCorruptAndStartFromTheClock() throws {
        for text in ["18446744073709551615\n", "18446744073709551000", "4611686018427387905", "18446744073709551616", "-1",
                     String(repeating: "9", count: 100), "4611686018427387904", "4611686018427387903", "2305843009213693953"] {
            try writeFile(text)
            var numbers = SceneNumbers(directory: directory)
            let last = numbers.load(log: log)
            XCTAssertGreaterThan(last, 1_700_000_000_000_000, text)
            XCTAssertLessThan(last, OrientationManager.maxSceneID, text)
            XCTAssertNil(numbers.prepare(next: last + 1, log: log), text)
            XCTAssertEqual(try String(contentsOfFile: numbers.path, encoding: .utf8), "\(last + 1024)\n", "a good file replaces it")
        }
        try writeFile("2305843009213693952")
        var top = SceneNumbers(directory: directory)
        XCTAssertEqual(top.load(log: log), OrientationManager.maxContinuedSceneID, "2^61 is the highest number continued after")
    }

    /// A reservation near the ceiling stops at it: no number past orientd's own maximum is written.
    func testNoReservationIsWrittenPastTheCeiling() throws {
        try writeFile("12")
        var numbers = SceneNumbers(directory: directory)
        _ = numbers.load(log: log)
        XCTAssertNil(numbers.prepare(next: OrientationManager.maxSceneID - 10, log: log))
        XCTAssertEqual(try String(contentsOfFile: numbers.path, encoding: .utf8), "\(OrientationManager.maxSceneID)\n")
        XCTAssertNil(numbers.prepare(next: OrientationManager.maxSceneID, log: log), "within the reservation")
    }

    /// A 2 GB sparse file is refused from its size, not read.
    func testAHugeFileIsNotRead() throws {
        try writeFile("12")
        XCTAssertEqual(truncate(directory + "/scene-numbers", 2 << 30), 0)
        var numbers = SceneNumbers(directory: directory)
        XCTAssertGreaterThan(numbers.load(log: log), 1_700_000_000_000_000)
    }

    /// A reservation that cannot be written never lets a number after the file's out: the
    /// numbers jump to the clock, and the next block tries the write again.
    func testAFailedReservationJumpsToTheClock() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "a file where the state folder should be".write(toFile: directory + "/blocked", atomically: true, encoding: .utf8)
        var numbers = SceneNumbers(directory: directory + "/blocked/state")
        XCTAssertEqual(numbers.load(log: log), 0)
        let jump = try XCTUnwrap(numbers.prepare(next: 1, log: log), "1 is not reserved: it must not be handed out")
        XCTAssertGreaterThan(jump, 1_700_000_000_000_000)
        XCTAssertNil(numbers.prepare(next: jump + 1, log: log), "within the jump's block: no write")
        XCTAssertNil(numbers.prepare(next: jump + 1024, log: log))
        XCTAssertNotNil(numbers.prepare(next: jump + 1025, log: log), "the next block tries again")
    }

    /// The core never overflows: past the ceiling, registration is refused.
    func testTheCoreRefusesPastTheCeiling() throws {
        var manager = OrientationManager()
        manager.continueSceneNumbers(after: .max)
        XCTAssertEqual(manager.lastSceneID, OrientationManager.maxSceneID)
        XCTAssertThrowsError(try manager.apply(.registerScene(SceneRegistration(appId: "org.example.App")), caller: ":1.1",
                                               at: Moment(monotonic: 0, wall: 0))) { error in
            XCTAssertEqual((error as? OrientationError)?.kind, .limitExceeded)
        }
    }
}

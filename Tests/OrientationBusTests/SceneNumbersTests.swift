import Foundation
import XCTest
@testable import OrientationBus

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
        numbers.cover(1, log: log)
        XCTAssertEqual(try String(contentsOfFile: numbers.path, encoding: .utf8), "1024\n")
        numbers.cover(1024, log: log)
        XCTAssertEqual(try String(contentsOfFile: numbers.path, encoding: .utf8), "1024\n", "within the block: no write")
        numbers.cover(1025, log: log)
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
}

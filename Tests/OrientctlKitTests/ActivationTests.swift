import Foundation
import OrientctlKit
import TestSupport
import XCTest

/// docs/dbus-api.md's "try activation on a private bus", run as written (with this build's
/// binaries for `.build/release` and a scratch folder for /tmp/orientd-try): the first call
/// starts orientd, and a failed activation names the program the activation file runs.
final class ActivationTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The guide's two blocks after "To try activation": each block's commands (a `$ ` line
    /// and its continuation lines) and the lines it shows after them.
    static func blocks() throws -> [(commands: String, shown: [String])] {
        let text = try String(contentsOfFile: root + "/docs/dbus-api.md", encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: "To try activation")).upperBound
        var blocks: [(String, [String])] = []
        var inBlock = false
        var commands: [String] = []
        var shown: [String] = []
        for line in text[start...].components(separatedBy: "\n") {
            if line == "```" {
                if inBlock { blocks.append((commands.joined(separator: "\n"), shown)) }
                if blocks.count == 2 { break }
                inBlock.toggle()
                (commands, shown) = ([], [])
            } else if inBlock {
                if line.hasPrefix("$ ") {
                    commands.append(String(line.dropFirst(2)))
                } else if commands.last?.hasSuffix("\\") == true {
                    commands.append(line)
                } else {
                    shown.append(line)
                }
            }
        }
        return blocks
    }

    func testTheGuidesPrivateBusStartsOrientdAndAFailureNamesTheProgram() throws {
        let blocks = try Self.blocks()
        XCTAssertEqual(blocks.count, 2, "the guide shows activating and a failure")
        guard blocks.count == 2 else { return }
        let scratch = try OrientdInstance.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let products = OrientdInstance.productsDirectory
        func script(_ commands: String) -> String {
            "set -e\ncd '\(Self.root)'\n" + commands.replacingOccurrences(of: "/tmp/orientd-try", with: scratch + "/try")
                .replacingOccurrences(of: "$PWD/.build/release", with: products)
                .replacingOccurrences(of: ".build/release/", with: products + "/")
        }
        func shown(_ lines: [String]) -> [String] {
            lines.map { $0.replacingOccurrences(of: "/tmp/orientd-try", with: scratch + "/try") }
        }
        // Nothing of the machine's: no runtime or home service folders, state and configuration in the scratch folder.
        let environment = ["XDG_RUNTIME_DIR": scratch, "XDG_DATA_HOME": scratch + "/data-home", "XDG_STATE_HOME": scratch + "/state",
                           "XDG_CONFIG_DIRS": scratch + "/config", "XDG_CONFIG_HOME": scratch + "/config-home", "NO_COLOR": "1"]

        let started = try runCommand(["bash", "-c", script(blocks[0].commands)], environment: environment, timeout: .seconds(120))
        XCTAssertEqual(started.status, .exited(0), "\(started)")
        XCTAssertEqual(Array(started.stdout.split(separator: "\n").prefix(blocks[0].shown.count).map(String.init)),
                       shown(blocks[0].shown), "\(started)")
        XCTAssertTrue(started.stdout.contains("\nOutput: none: "), "activated, it says why no backend drives the panel: \(started)")

        let failed = try runCommand(["bash", "-c", script(blocks[1].commands)], environment: environment, timeout: .seconds(120))
        XCTAssertEqual(failed.status, .exited(1), "\(failed)")
        let said = failed.stderr.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("dbus-daemon[") }
        XCTAssertEqual(said, shown(blocks[1].shown), "\(failed)")
    }

    func testTheExplanationNamesTheFirstFileFoundAndItsProgram() {
        let environment = ["XDG_DATA_HOME": "/home/u/.local/share", "XDG_DATA_DIRS": "/opt/a:/opt/b"]
        XCTAssertEqual(ActivationFile.folders(environment: environment),
                       ["/home/u/.local/share/dbus-1/services", "/opt/a/dbus-1/services", "/opt/b/dbus-1/services"])
        XCTAssertEqual(ActivationFile.folders(environment: ["HOME": "/home/u"]),
                       ["/home/u/.local/share/dbus-1/services", "/usr/local/share/dbus-1/services", "/usr/share/dbus-1/services"])
        let files = ["/opt/b/dbus-1/services/io.github.orientd.OrientationManager1.service": "[D-BUS Service]\nExec=/opt/b/bin/orientd --verbose\n"]
        XCTAssertEqual(ActivationFile.explanation(environment: environment, read: { files[$0] }, exists: { _ in false }, isExecutable: { _ in false }),
                       "The activation file /opt/b/dbus-1/services/io.github.orientd.OrientationManager1.service runs /opt/b/bin/orientd, which does not exist.")
        XCTAssertEqual(ActivationFile.explanation(environment: environment, read: { files[$0] }, exists: { _ in true }, isExecutable: { _ in false }),
                       "The activation file /opt/b/dbus-1/services/io.github.orientd.OrientationManager1.service runs /opt/b/bin/orientd, which is not executable.")
        XCTAssertNil(ActivationFile.explanation(environment: environment, read: { _ in nil }, exists: { _ in true }, isExecutable: { _ in true }))
    }
}

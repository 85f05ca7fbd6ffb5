import Foundation
import OrientctlKit
import TestSupport
import XCTest

/// data/_orientctl (zsh) and data/orientctl.fish are generated from the verb table: the
/// files in the repository are exactly the generator's output (set ORIENTCTL_WRITE_COMPLETIONS=1,
/// as `make completions` does, to write them again), both shells accept them, and fish
/// completes verbs, options, choices and scenes from a real orientd.
final class ShellCompletionTests: OrientctlTestCase {
    private let files = [("_orientctl", ShellCompletion.zsh(VerbTable.all)), ("orientctl.fish", ShellCompletion.fish(VerbTable.all))]

    func testTheFilesAreTheGeneratorsOutput() throws {
        for (name, generated) in files {
            let path = DocumentationTests.dataDirectory + "/" + name
            if ProcessInfo.processInfo.environment["ORIENTCTL_WRITE_COMPLETIONS"] == "1" {
                try generated.write(toFile: path, atomically: true, encoding: .utf8)
            }
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), generated,
                           "\(name) is out of date with the verb table: run 'make completions'")
        }
    }

    func testBothShellsAcceptThem() throws {
        // zsh and fish are installed by `scripts/install-deps.sh test`.
        let zsh = try runCommand(["/usr/bin/zsh", "-n", DocumentationTests.dataDirectory + "/_orientctl"])
        XCTAssertEqual(zsh.status, .exited(0), "\(zsh)")
        let fish = try runCommand(["/usr/bin/fish", "--no-execute", DocumentationTests.dataDirectory + "/orientctl.fish"])
        XCTAssertEqual(fish.status, .exited(0), "\(fish)")
        for (name, generated) in files {
            for verb in VerbTable.all {
                XCTAssertTrue(generated.contains(verb.name), "\(name) lacks \(verb.name)")
                for option in verb.options { XCTAssertTrue(generated.contains("--\(option.name)") || generated.contains("-l \(option.name)"), "\(name): \(verb.name) --\(option.name)") }
            }
        }
    }

    /// What fish offers for a command line (`complete -C`), against orientd's bus.
    private func fish(_ line: String) throws -> [String] {
        let path = OrientdInstance.productsDirectory + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        // fish keeps history and variables under HOME: a folder of this test's own.
        let home = try OrientdInstance.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let output = try runCommand(["/usr/bin/fish", "--no-config", "-c", "source \(DocumentationTests.dataDirectory)/orientctl.fish; complete -C '\(line)'"],
                                    environment: environment.merging(["PATH": path, "HOME": home, "XDG_CONFIG_HOME": home + "/config",
                                                                      "XDG_DATA_HOME": home + "/data"]) { _, new in new })
        XCTAssertEqual(output.status, .exited(0), "\(output)")
        return output.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
    }

    func testFishCompletesFromTheVerbTableAndTheService() throws {
        let scene = try register("org.example.Video", "--supported", "portrait", "landscape")
        try ok("root", scene, "nav", "--kind", "navigation")
        try ok("push", scene, "nav", "list")
        XCTAssertEqual(Set(try fish("orientctl tab-")), ["tab-add", "tab-select"])
        XCTAssertEqual(try fish("orientctl tree "), [scene])
        XCTAssertEqual(Set(try fish("orientctl device face")), ["face-up", "face-down"])
        XCTAssertEqual(Set(try fish("orientctl push \(scene) ")), ["list", "nav"])
        XCTAssertEqual(try fish("orientctl present \(scene) list p --pre"), ["--preferred"])
        XCTAssertTrue(try fish("orientctl show --").contains("--print"))
        XCTAssertTrue(try fish("orientctl list --no-").contains("--no-legend"))
    }
}

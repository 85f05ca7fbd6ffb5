import Foundation
import TestSupport
import XCTest

/// docs/client-library.md's Swift blocks, compiled exactly as written in a separate package
/// that depends on this one by path, as an app does: the manifest block gives the package's
/// dependency and target, the block that imports OrientationClient is the app's whole
/// main.swift (it runs against orientd on a private bus and must print what the guide says
/// it prints), and every other block is the body of a function given a `client`, a `scene`,
/// the main block's `relayout` and a `log`.
///
/// The main block once called a `relayout` that only this test defined, and ended before its
/// Task ran: the test gave every file the helpers and checked only the exit status. Now the
/// helper it adds is private to the snippets' file, and the run's output is compared.
final class ClientLibraryDocTests: XCTestCase {
    static let root = ExamplesTests.root

    /// The ```swift blocks of the guide, in order.
    static func swiftBlocks() throws -> [String] {
        let text = try String(contentsOfFile: root + "/docs/client-library.md", encoding: .utf8)
        var blocks: [String] = []
        var current: [String]?
        for line in text.components(separatedBy: "\n") {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    func testTheGuidesSnippetsCompileAndRunInAnAppPackage() throws {
        let blocks = try Self.swiftBlocks()
        let manifest = try XCTUnwrap(blocks.first { $0.contains("Package.swift") }, "the guide shows the manifest")
        let main = try XCTUnwrap(blocks.first { $0.contains("import OrientationClient") }, "the guide shows an app")
        let printed = try XCTUnwrap(Self.blockAfter(main), "the guide shows what the five steps print")
        let others = blocks.filter { $0 != manifest && $0 != main }
        XCTAssertFalse(others.isEmpty, "the error-handling block")

        // The app next to a folder named orientd, as the guide says (a link to this checkout,
        // whatever its own folder is called).
        let work = try OrientdInstance.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: work) }
        try FileManager.default.createSymbolicLink(atPath: work + "/orientd", withDestinationPath: Self.root)
        let app = work + "/MyApp"
        try FileManager.default.createDirectory(atPath: app + "/Sources/MyApp", withIntermediateDirectories: true)
        try """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "MyApp",
            \(manifest)
            )

            """.write(toFile: app + "/Package.swift", atomically: true, encoding: .utf8)
        try (main + "\n").write(toFile: app + "/Sources/MyApp/main.swift", atomically: true, encoding: .utf8)
        // Private: main.swift (the five steps as a user pastes them) cannot lean on it.
        var snippets = """
            import OrientationClient

            // What the guide's other blocks leave to the app.
            private func log(_ message: String) {}

            """
        for (index, block) in others.enumerated() {
            snippets += "\nfunc snippet\(index)(client: OrientationClient, scene: OrientationScene) throws {\n\(block)\n}\n"
        }
        try snippets.write(toFile: app + "/Sources/MyApp/Snippets.swift", atomically: true, encoding: .utf8)

        let build = try runCommand(["swift", "build", "--package-path", app], timeout: .seconds(900))
        XCTAssertEqual(build.status, .exited(0), "the guide's Swift does not build:\n\(build)")
        XCTAssertFalse(build.stdout.contains("warning:") && build.stdout.contains("MyApp/"), "warnings in the guide's Swift:\n\(build.stdout)")
        guard build.status == .exited(0) else { return }

        // The five steps run against a real orientd.
        let orientd = try OrientdInstance()
        defer { orientd.stop() }
        let run = try runCommand([app + "/.build/debug/MyApp"], environment: orientd.environment, timeout: .seconds(60))
        XCTAssertEqual(run.status, .exited(0), "\(run)\norientd log:\n\(orientd.log)")
        XCTAssertEqual(run.stdout, printed + "\n", "what the guide says the five steps print")
    }

    /// The plain ``` block right after the Swift block `swift` (what it prints).
    static func blockAfter(_ swift: String) throws -> String? {
        let text = try String(contentsOfFile: root + "/docs/client-library.md", encoding: .utf8)
        guard let end = text.range(of: "```swift\n" + swift + "\n```\n")?.upperBound,
              let open = text.range(of: "\n```\n", range: end..<text.endIndex),
              let close = text.range(of: "\n```\n", range: open.upperBound..<text.endIndex) else { return nil }
        return String(text[open.upperBound..<close.lowerBound])
    }
}

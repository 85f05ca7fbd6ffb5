import Foundation
import XCTest

/// The docs stand alone in a clone: every relative link of every Markdown file resolves to
/// a file inside the repository, nothing points at the machine it was written on, and no
/// user-facing text speaks of material that is not in the repository.
final class DocLinkTests: XCTestCase {
    static let root = ExamplesTests.root

    /// Every Markdown file of the repository, outside build folders.
    static func markdownFiles() throws -> [String] {
        let skipped: Set = [".build", ".git", ".swiftpm", "build"]
        var files: [String] = []
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: root))
        while let path = enumerator.nextObject() as? String {
            if skipped.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) {
                enumerator.skipDescendants()
                continue
            }
            if path.hasSuffix(".md") { files.append(path) }
        }
        return files.sorted()
    }

    func testEveryLinkResolvesInsideTheRepository() throws {
        let files = try Self.markdownFiles()
        XCTAssertTrue(files.contains("docs/orientation-model.md") && files.contains("docs/dbus-api.md"), "\(files)")
        let link = try NSRegularExpression(pattern: #"\]\(([^)\s]+)(?:\s+"[^"]*")?\)"#)
        let rootURL = URL(fileURLWithPath: Self.root).standardizedFileURL
        var checked = 0
        for file in files {
            let text = try String(contentsOfFile: Self.root + "/" + file, encoding: .utf8)
            for match in link.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let target = String(text[Range(match.range(at: 1), in: text)!])
                if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("mailto:") || target.hasPrefix("#") {
                    continue
                }
                let path = String(target.prefix { $0 != "#" })
                let resolved = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: Self.root + "/" + file).deletingLastPathComponent())
                    .standardizedFileURL
                XCTAssertTrue(resolved.path.hasPrefix(rootURL.path + "/") || resolved.path == rootURL.path,
                              "\(file): \(target) leaves the repository")
                XCTAssertTrue(FileManager.default.fileExists(atPath: resolved.path), "\(file): \(target) does not exist")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 20, "the links were found")
        let readme = try String(contentsOfFile: Self.root + "/README.md", encoding: .utf8)
        for doc in ["docs/orientation-model.md", "docs/dbus-api.md", "docs/client-library.md", "LICENSE"] {
            XCTAssertTrue(readme.contains("](\(doc))"), "the README links \(doc)")
        }
    }

    /// Text a user reads: the docs, the XML, the man pages, the examples, orientctl's help.
    func testNoTextPointsOutsideTheRepository() throws {
        var texts = try Self.markdownFiles().map { ($0, try String(contentsOfFile: Self.root + "/" + $0, encoding: .utf8)) }
        for folder in ["dbus", "data", "examples/busctl", "examples/python", "examples/gtk", "examples/swift", "Sources/OrientctlKit",
                       "Sources/OrientctlKit/Verbs", "Sources/OrientationClient"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: Self.root + "/" + folder) where !name.hasSuffix(".png") {
                var isFolder: ObjCBool = false
                if !FileManager.default.fileExists(atPath: Self.root + "/\(folder)/\(name)", isDirectory: &isFolder)
                    || isFolder.boolValue { continue }
                texts.append(("\(folder)/\(name)", try String(contentsOfFile: Self.root + "/\(folder)/\(name)", encoding: .utf8)))
            }
        }
        for (file, text) in texts {
            for word in ["/work/", "../shared", "shared/design", "the seeds", "seeds'"] {
                XCTAssertFalse(text.lowercased().contains(word), "\(file) mentions \(word)")
            }
        }
    }
}

import Foundation
import XCTest

/// Every conformance subclass runs every check of its suite, or names the check in its
/// `exemptions` with why: XCTest on Linux runs only the test methods a class declares itself,
/// so a `test…` line left out of a subclass would skip its check without a word. The checks
/// and the lines are read from this target's sources, the exemptions from the classes.
final class ConformanceCoverageTests: XCTestCase {
    /// This target's Swift sources, by file name.
    private static func sources() throws -> [String: String] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return try Dictionary(uniqueKeysWithValues: files.map { ($0.lastPathComponent, try String(contentsOf: $0, encoding: .utf8)) })
    }

    /// The captures of `pattern`'s first group in `text`.
    private static func matches(_ pattern: String, in text: String) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// The `check…` methods of the suite `base`: those of the files that declare it or extend it.
    private static func checks(of base: String, in sources: [String: String]) throws -> Set<String> {
        let files = sources.values.filter { $0.contains("class \(base): ") || $0.contains("extension \(base) ") }
        return Set(try files.flatMap { try matches(#"\n    func (check\w+)\("#, in: $0) })
    }

    /// Each subclass of `base`, directly or through another subclass (which runs the suite
    /// again on another peer, and must list its lines again), with the checks its body calls
    /// (a class's body ends at the first line that is a lone `}`).
    private static func subclasses(of base: String, in sources: [String: String]) throws -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        var parents = [base]
        while let parent = parents.popLast() {
            for text in sources.values {
                for name in try matches(#"class (\w+): \#(parent) \{"#, in: text) where result[name] == nil {
                    let start = text.range(of: "class \(name): \(parent) {")!.upperBound
                    let body = text[start...]
                    let end = body.range(of: "\n}")?.lowerBound ?? body.endIndex
                    result[name] = Set(try matches(#"\{ try (check\w+)\(\) \}"#, in: String(body[..<end])))
                    parents.append(name)
                }
            }
        }
        return result
    }

    private func assertCovered(_ base: String, exemptions: (String) -> [String: String]?) throws {
        let sources = try Self.sources()
        let checks = try Self.checks(of: base, in: sources)
        let subclasses = try Self.subclasses(of: base, in: sources)
        XCTAssertFalse(checks.isEmpty, "no check… methods found for \(base)")
        XCTAssertGreaterThan(subclasses.count, 1, "no subclasses found for \(base)")
        for (name, called) in subclasses.sorted(by: { $0.key < $1.key }) {
            guard let exempt = exemptions(name) else {
                XCTFail("\(name) is not a \(base) at run time")
                continue
            }
            for check in checks.subtracting(called).subtracting(exempt.keys).sorted() {
                XCTFail("\(name) has no `func test…() throws { try \(check)() }` and does not name \(check) in its exemptions")
            }
            for (check, why) in exempt.sorted(by: { $0.key < $1.key }) {
                XCTAssertTrue(checks.contains(check), "\(name) exempts \(check), which \(base) does not have")
                XCTAssertFalse(called.contains(check), "\(name) runs \(check) and exempts it")
                XCTAssertFalse(why.trimmingCharacters(in: .whitespaces).isEmpty, "\(name) exempts \(check) without saying why")
            }
        }
    }

    /// The class `name` of this target.
    private func type(_ name: String) -> AnyClass? {
        let module = String(reflecting: Self.self).prefix { $0 != "." }
        return NSClassFromString("\(module).\(name)")
    }

    func testEveryOutputBackendRunsEveryCheckOrSaysWhyNot() throws {
        try assertCovered("OutputBackendConformance") { (self.type($0) as? OutputBackendConformance.Type)?.exemptions }
    }

    func testEveryWindowTrackerRunsEveryCheckOrSaysWhyNot() throws {
        try assertCovered("WindowTrackerConformance") { (self.type($0) as? WindowTrackerConformance.Type)?.exemptions }
    }
}

import Foundation
import XCTest

/// Whether every subclass of a conformance suite runs every `check…` of it, or names the check
/// in its `exemptions` with why: XCTest on Linux runs only the test methods a class declares
/// itself, so a `test…` line left out of a subclass would skip its check without a word. The
/// checks and the lines are read from a test target's sources, the exemptions from its classes.
/// Each test target with suites (`OrientdOutputTests`, `OrientdSensorTests`) asks it for its own.
public enum ConformanceCoverage {
    /// The Swift sources under `folder` (a test target's), by file name.
    public static func sources(in folder: URL) throws -> [String: String] {
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return try Dictionary(uniqueKeysWithValues: files.map { ($0.lastPathComponent, try String(contentsOf: $0, encoding: .utf8)) })
    }

    /// The captures of `pattern`'s first group in `text`.
    static func matches(_ pattern: String, in text: String) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// The `check…` methods of the suite `base`: those of the files that declare it or extend it.
    public static func checks(of base: String, in sources: [String: String]) throws -> Set<String> {
        let files = sources.values.filter { $0.contains("class \(base): ") || $0.contains("extension \(base) ") }
        return Set(try files.flatMap { try matches(#"\n    func (check\w+)\("#, in: $0) })
    }

    /// Each subclass of `base`, directly or through another subclass (which runs the suite
    /// again on another peer, and must list its lines again), with the checks its body calls
    /// (a class's body ends at the first line that is a lone `}`).
    public static func subclasses(of base: String, in sources: [String: String]) throws -> [String: Set<String>] {
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

    /// Fails for each subclass of `base` (in the sources under `folder`) that neither runs nor
    /// exempts a check, exempts a check the suite lacks or one it runs, or exempts without a
    /// reason. `exemptions` gives a subclass's `exemptions` by class name (nil: no such class of
    /// the suite at run time).
    public static func assertCovered(_ base: String, sourcesIn folder: URL, exemptions: (String) -> [String: String]?,
                                     file: StaticString = #filePath, line: UInt = #line) throws {
        let sources = try sources(in: folder)
        let checks = try checks(of: base, in: sources)
        let subclasses = try subclasses(of: base, in: sources)
        XCTAssertFalse(checks.isEmpty, "no check… methods found for \(base)", file: file, line: line)
        XCTAssertGreaterThan(subclasses.count, 1, "no subclasses found for \(base)", file: file, line: line)
        for (name, called) in subclasses.sorted(by: { $0.key < $1.key }) {
            guard let exempt = exemptions(name) else {
                XCTFail("\(name) is not a \(base) at run time", file: file, line: line)
                continue
            }
            for check in checks.subtracting(called).subtracting(exempt.keys).sorted() {
                XCTFail("\(name) has no `func test…() throws { try \(check)() }` and does not name \(check) in its exemptions",
                        file: file, line: line)
            }
            for (check, why) in exempt.sorted(by: { $0.key < $1.key }) {
                XCTAssertTrue(checks.contains(check), "\(name) exempts \(check), which \(base) does not have", file: file, line: line)
                XCTAssertFalse(called.contains(check), "\(name) runs \(check) and exempts it", file: file, line: line)
                XCTAssertFalse(why.trimmingCharacters(in: .whitespaces).isEmpty, "\(name) exempts \(check) without saying why",
                               file: file, line: line)
            }
        }
    }

    /// The class `name` of the module `neighbour` belongs to (a test target's class, by name).
    public static func type(_ name: String, besides neighbour: AnyClass) -> AnyClass? {
        let module = String(reflecting: neighbour).prefix { $0 != "." }
        return NSClassFromString("\(module).\(name)")
    }
}

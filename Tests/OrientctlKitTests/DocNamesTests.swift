import Foundation
import OrientctlKit
import TestSupport
import XCTest

/// Every page a user reads names only what exists: each `orientctl VERB --option` written in
/// the README, docs/, the man pages and the examples is a verb and option of orientctl's
/// table; each `orientd --option` is one `orientd --help` lists; each property a page calls
/// one, and each D-Bus-looking name in code, is a member of dbus/*.xml or a name the sources
/// declare. A page that kept a verb, an option or a property after it was renamed or removed
/// fails here, naming the page and the word.
final class DocNamesTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// The pages checked: Markdown, the man pages and the examples (their comments and commands).
    static func pages() throws -> [(name: String, text: String)] {
        var names = ["README.md", "RELIABILITY.md", "examples/README.md"]
        for folder in ["docs", "data", "examples/busctl", "examples/gtk", "examples/python", "examples/swift"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: root + "/" + folder).sorted()
            where [".md", ".1", ".5", ".8", ".py", ".sh", ".swift"].contains(where: name.hasSuffix) {
                names.append(folder + "/" + name)
            }
        }
        return try names.map { ($0, try String(contentsOfFile: root + "/" + $0, encoding: .utf8)) }
    }

    /// A page's text with roff's escapes undone (`\-` → `-`, fonts dropped), so that man pages
    /// are read like the others.
    static func plain(_ text: String) -> String {
        text.replacingOccurrences(of: "\\-", with: "-")
            .replacingOccurrences(of: #"\\f(\[[A-Z]*\]|[BIRP])"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: "\\(em", with: "—")
    }

    /// The pieces of a page that are code: Markdown spans and fenced blocks, roff's quoted
    /// words and example blocks, every line of a script (comments included).
    static func codePieces(_ name: String, _ text: String) -> [String] {
        let text = plain(text)
        var pieces: [String] = []
        if name.hasSuffix(".md") {
            var fenced: [String]?
            for line in text.components(separatedBy: "\n") {
                if line.hasPrefix("```") {
                    if let block = fenced { pieces += block; fenced = nil } else { fenced = [] }
                } else if fenced != nil {
                    fenced!.append(line)
                } else {
                    pieces += matches(#"`([^`\n]+)`"#, in: line)
                }
            }
        } else if [".1", ".5", ".8"].contains(where: name.hasSuffix) {
            var example = false
            for line in text.components(separatedBy: "\n") {
                if line.hasPrefix(".EX") || line.hasPrefix(".nf") { example = true; continue }
                if line.hasPrefix(".EE") || line.hasPrefix(".fi") { example = false; continue }
                if example { pieces.append(line) }
                if line.hasPrefix(".") { pieces += matches(#""([^"]+)""#, in: line) }
            }
        } else {
            pieces = text.components(separatedBy: "\n")
        }
        return pieces
    }

    static func matches(_ pattern: String, in text: String, group: Int = 1) -> [String] {
        let expression = try! NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: group), in: text).map { String(text[$0]) }
        }
    }

    /// The words after each `PROGRAM ` in a piece of code, up to the end of that command.
    static func commands(of program: String, in piece: String) -> [[String]] {
        matches(#"(?:^|[\s(;|&$=/"'])"# + program + #"\s+([^`;|&)\n]*)"#, in: piece).map {
            $0.split(whereSeparator: \.isWhitespace).map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: "\"',.:")) }
        }
    }

    /// orientd's options, as its `--help` lists them.
    static func orientdOptions() throws -> Set<String> {
        let help = try runCommand([OrientdInstance.product("orientd"), "--help"])
        XCTAssertEqual(help.status, .exited(0), "\(help)")
        return Set(help.stdout.split { " \n,[".contains($0) }.filter { $0.hasPrefix("--") && $0.count > 2 }
            .map { String($0.dropFirst(2).prefix { $0 != "=" }) })
    }

    /// The names dbus/*.xml declares: interfaces, methods, properties, signals, arguments.
    static func contractNames() throws -> (all: Set<String>, properties: Set<String>) {
        var all: Set<String> = [], properties: Set<String> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: root + "/dbus") where name.hasSuffix(".xml") {
            let xml = try String(contentsOfFile: root + "/dbus/" + name, encoding: .utf8)
            all.formUnion(matches(#"name="([^"]+)""#, in: xml))
            properties.formUnion(matches(#"<property[^>]*name="([^"]+)""#, in: xml))
        }
        return (all, properties)
    }

    /// Every identifier the sources, the test sources and the fixtures spell (types, cases,
    /// other services' members the adapters call), and the targets' names.
    static func sourceNames() throws -> Set<String> {
        var names: Set<String> = []
        for folder in ["Sources", "Tests", "data/gnome-shell", "lib", "examples"] {
            let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: root + "/" + folder))
            while let file = enumerator.nextObject() as? String {
                guard [".swift", ".c", ".h", ".py", ".js", ".xml", ".ini", ".sh", ".vala", ".build"].contains(where: file.hasSuffix),
                      let text = try? String(contentsOfFile: "\(root)/\(folder)/\(file)", encoding: .utf8) else { continue }
                names.formUnion(matches(#"\b([A-Za-z_][A-Za-z0-9_]*)\b"#, in: text))
            }
        }
        let manifest = try String(contentsOfFile: root + "/Package.swift", encoding: .utf8)
        return names.union(matches(#"name: "([A-Za-z-]+)""#, in: manifest))
    }

    /// Names a page may spell that are neither orientd's nor in its sources: systemd's keys,
    /// the Qt orientation names docs/app-manifest.md maps from, and the method
    /// docs/architecture.md's walk-through adds as its example.
    static let otherProgramsNames: Set = ["ExecStart", "ExecReload", "InvertedPortrait", "SetDimmed"]

    func testEveryOrientctlVerbAndOptionAPageNamesExists() throws {
        let verbs = Dictionary(uniqueKeysWithValues: VerbTable.all.map { ($0.name, $0) })
        let global = GlobalOptions.specs
        var checked = 0
        for (name, text) in try Self.pages() {
            for piece in Self.codePieces(name, text) {
                for words in Self.commands(of: "orientctl", in: piece) {
                    guard let first = words.first, first.first?.isLowercase == true || first.hasPrefix("-") else { continue }
                    var options = global
                    if !first.hasPrefix("-") {
                        guard let verb = verbs[first] else {
                            XCTFail("\(name): `orientctl \(words.joined(separator: " "))` names the verb \(first), which orientctl does not have (its verbs: \(verbs.keys.sorted().joined(separator: ", ")))")
                            continue
                        }
                        options += verb.options
                    }
                    checked += 1
                    for word in words where word.hasPrefix("-") && word.count > 1 && word != "--" {
                        let option = word.hasPrefix("--") ? String(word.dropFirst(2).prefix { $0 != "=" }) : nil
                        let known = option.map { option in options.contains { $0.name == option } }
                            ?? word.dropFirst().allSatisfy { short in options.contains { $0.short == short } }
                        XCTAssertTrue(known, "\(name): `orientctl \(words.joined(separator: " "))` names \(word), which \(first) does not take (it takes: \(options.map { "--" + $0.name }.joined(separator: ", ")))")
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 100, "the pages' orientctl commands were found")
    }

    func testEveryOrientdOptionAPageNamesExists() throws {
        let options = try Self.orientdOptions()
        XCTAssertTrue(options.contains("output-backend") && options.contains("window-tracking"), "\(options)")
        var checked = 0
        for (name, text) in try Self.pages() {
            for piece in Self.codePieces(name, text) {
                for words in Self.commands(of: "orientd", in: piece) {
                    for word in words.prefix(while: { $0.hasPrefix("-") || !$0.contains("/") }) where word.hasPrefix("--") && word.count > 2 {
                        let option = String(word.dropFirst(2).prefix { $0 != "=" })
                        checked += 1
                        XCTAssertTrue(options.contains(option), "\(name): `orientd \(words.joined(separator: " "))` names --\(option), which orientd does not have (it has: \(options.sorted().map { "--" + $0 }.joined(separator: ", ")))")
                    }
                }
            }
        }
        // orientd(8)'s option entries, each a real option.
        let page = Self.plain(try String(contentsOfFile: Self.root + "/data/orientd.8", encoding: .utf8)).components(separatedBy: "\n")
        for (tag, line) in zip(page, page.dropFirst()) where tag == ".TP" && line.hasPrefix(".B") {
            for word in line.split(whereSeparator: { " \",[".contains($0) }) where word.hasPrefix("--") {
                let option = String(word.dropFirst(2).prefix { $0 != "=" })
                checked += 1
                XCTAssertTrue(options.contains(option), "orientd.8 documents --\(option), which orientd does not have")
            }
        }
        XCTAssertGreaterThan(checked, 20, "the pages' orientd options were found")
    }

    func testEveryPropertyAndMemberAPageNamesExists() throws {
        let contract = try Self.contractNames()
        let sources = try Self.sourceNames().union(Self.otherProgramsNames)
        var checked = 0
        for (name, text) in try Self.pages() {
            let plain = Self.plain(text)
            // What a page calls a property: "`Name` property", "property `Name`", `orientctl show -P Name`.
            var properties = Self.matches(#"`([A-Z][A-Za-z0-9]+)`(?: \(\w+\))? propert"#, in: plain)
                + Self.matches(#"propert(?:y|ies) `([A-Z][A-Za-z0-9]+)`"#, in: plain)
            for piece in Self.codePieces(name, text) {
                for words in Self.commands(of: "orientctl", in: piece) where words.first == "show" || words.first == "get" {
                    for (flag, value) in zip(words, words.dropFirst()) where ["-p", "-P", "--property"].contains(flag) {
                        properties += value.split(separator: ",").map(String.init)
                    }
                }
            }
            for property in properties where property.first?.isUppercase == true {
                checked += 1
                XCTAssertTrue(contract.properties.contains(property), "\(name) speaks of the property \(property), which no interface of dbus/*.xml has")
            }
            // Every code piece that looks like a D-Bus member (`FrontApp`, `SetRotationLocked(b)`):
            // the contract's, or a name the sources spell.
            for piece in Self.codePieces(name, text) {
                guard let member = Self.matches(#"^([A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+)(?:\(.*\))?$"#, in: piece).first else { continue }
                checked += 1
                XCTAssertTrue(contract.all.contains(member) || sources.contains(member),
                              "\(name) names `\(member)`, which neither dbus/*.xml nor the sources have")
            }
        }
        XCTAssertGreaterThan(checked, 100, "the pages' members were found")
    }
}

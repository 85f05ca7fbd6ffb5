import Foundation
import GLibBridge
import TestSupport
import XCTest

/// Every method of the interface XML has its call in the client library, spelled through
/// OrientationWire's names: adding a method to the XML without a client call fails here
/// (docs/architecture.md, "Adding a part" → "A method").
final class ClientCoverageTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    private func methods(_ file: String, _ interface: String) throws -> [String] {
        let xml = try String(contentsOf: Self.root.appendingPathComponent("dbus/" + file), encoding: .utf8)
        return try InterfaceInfo(xml: xml, name: interface).methodNames
    }

    /// The client library's sources, joined.
    private func clientSources() throws -> String {
        let folder = Self.root.appendingPathComponent("Sources/OrientationClient")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        XCTAssertGreaterThan(names.count, 10, "found the client's sources at \(folder.path)")
        return try names.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
    }

    /// `RegisterScene` → `registerScene`: the case name OrientationWire gives the method.
    private func caseName(_ method: String) -> String { method.prefix(1).lowercased() + method.dropFirst() }

    private func contains(_ text: String, _ pattern: String) throws -> Bool {
        try NSRegularExpression(pattern: pattern).firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// Fails for each method of `file` the client never calls in the form of `pattern` (the
    /// method's case name substituted for NAME).
    private func assertEveryMethodCalled(_ file: String, _ interface: String, _ pattern: String, _ how: String) throws {
        let sources = try clientSources()
        let methods = try methods(file, interface)
        XCTAssertGreaterThan(methods.count, 10)
        for method in methods {
            let name = caseName(method)
            XCTAssertTrue(try contains(sources, pattern.replacingOccurrences(of: "NAME", with: name)),
                          "the client library has no call of \(method): add one through \(how.replacingOccurrences(of: "NAME", with: name))")
        }
    }

    func testEveryManagerMethodHasAClientCall() throws {
        try assertEveryMethodCalled("io.github.orientd.OrientationManager1.xml", Contract.managerInterface,
                                    #"callManager\(\.NAME\b|ManagerMethod\.NAME\b"#, "callManager(.NAME, …)")
    }

    func testEverySceneMethodHasAClientCall() throws {
        try assertEveryMethodCalled("io.github.orientd.OrientationManager1.Scene.xml", Contract.sceneInterface,
                                    #"\b(call|change)\(\.NAME\b"#, "call(.NAME, …) or change(.NAME, …)")
    }

    /// No method, signal or freedesktop member is spelled as a string literal: each comes
    /// from OrientationWire (`ManagerMethod`, `SceneMethod`, `ManagerSignal`, `SceneSignal`,
    /// `StandardMember`), the restart replay and the match rules included.
    func testTheClientSpellsNoMemberName() throws {
        let sources = try clientSources()
        var members = try methods("io.github.orientd.OrientationManager1.xml", Contract.managerInterface)
            + methods("io.github.orientd.OrientationManager1.Scene.xml", Contract.sceneInterface)
        members += ["OrientationChanged", "DeviceOrientationChanged", "RotationSuggested", "Get", "GetAll", "GetManagedObjects",
                    "PropertiesChanged", "InterfacesAdded", "InterfacesRemoved", "NameOwnerChanged"]
        for member in members {
            XCTAssertFalse(try contains(sources, #"["']\#(member)["']"#), "the client library spells \(member) itself")
        }
    }
}

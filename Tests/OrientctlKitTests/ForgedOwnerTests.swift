import Foundation
import TestSupport
import XCTest

/// orientctl against a hostile owner of orientd's name (`Tests/Fixtures/orientctl/forged-orientd.py`,
/// python3-gi) on a private bus: control characters in the app id, the sensor source, the
/// output's names and a refusal's message reach the terminal escaped, and `cat-config`
/// reads only the `ConfigFiles` paths that lie where orientd's search path puts its files.
final class ForgedOwnerTests: OrientdTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    static let dbusFolder = fixtures.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("dbus").path

    private var bus: PrivateBus!
    private var owner: ChildProcess!
    private var xdg: XDGFolders!
    private var dropIn: String { xdg.administrator + "/orientd.conf.d/10-real.conf" }

    /// The forger owns orientd's name instead.
    override var startsOrientdInSetUp: Bool { false }

    override func setUpWithError() throws {
        try super.setUpWithError()
        xdg = try makeXDGFolders()
        try xdg.write(dropIn, "[Manager]\nSettleTime=5\n")
        bus = try makeBus()
        try startForger()
    }

    /// Starts the forger (stopping the one before), with `more` paths in its `ConfigFiles`.
    private func startForger(more: [String] = [], environment: [String: String] = [:]) throws {
        if let owner { owner.stop() }
        owner = try start("forged orientd", ["/usr/bin/python3", Self.fixtures.appendingPathComponent("orientctl/forged-orientd.py").path,
                                             Self.dbusFolder, dropIn] + more,
                          environment: bus.sessionEnvironment.merging(environment) { _, new in new })
        let connection = try bus.connect()
        defer { connection.close() }
        try eventually("the forger owns orientd's name", timeout: .seconds(60)) {
            if let status = owner.exitStatus { throw TestSupportError("the forger exited (\(status)):\n\(owner.standardError)") }
            return try connection.nameOwner("io.github.orientd.OrientationManager1") != nil
        }
    }

    private func orientctl(_ arguments: String...) throws -> ProcessOutput {
        try runCommand([OrientdInstance.product("orientctl")] + arguments, environment: bus.sessionEnvironment
            .merging(xdg.configurationEnvironment) { _, new in new }.merging(["NO_COLOR": "1"]) { _, new in new }, timeout: .seconds(30))
    }

    /// No C0 control but the newline ending each line and the tab between columns, no DEL,
    /// no C1 control.
    private func assertNothingRaw(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        for row in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let raw = row.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\t") || (0x7F...0x9F).contains($0.value) }
            XCTAssertTrue(raw.isEmpty, "raw control characters in \(String(row).debugDescription)", file: file, line: line)
        }
    }

    func testStatusShowsTheForgedAppIdSourceAndNamesEscaped() throws {
        let status = try orientctl("status")
        XCTAssertEqual(status.status, .exited(0), "\(status)")
        assertNothingRaw(status.stdout)
        let forged = #"org.evil\e[2J\e]0;owned\a\r\nScenes: 9 forged\x9b31m"#
        let lines = status.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.hasPrefix("Device orientation") && $0.hasSuffix(#"portrait\e[8m (\#(forged))"#) }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("Kiosk mode") && $0.hasSuffix(#"on, landscape\rKiosk mode: off"#) }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("Output") && $0.hasSuffix(#"x11\e[2K turns \#(forged), showing portrait\n"#) }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("Front scene") && $0.hasSuffix("1 " + forged) }, "\(lines)")
        XCTAssertEqual(lines.filter { $0.hasPrefix("Scenes") }.count, 1, "no forged line: \(lines)")
        let list = try orientctl("list", "--no-legend")
        assertNothingRaw(list.stdout + list.stderr)
        XCTAssertTrue(list.stdout.contains(forged), "\(list)")
        let refused = try orientctl("kiosk", "off")
        XCTAssertEqual(refused.status, .exited(1), "\(refused)")
        assertNothingRaw(refused.stdout + refused.stderr)
        XCTAssertTrue(refused.stderr.contains(#"forged\e[2J refusal"#), refused.stderr)
    }

    func testCatConfigReadsOnlyFilesWhereTheSearchPathPutsThem() throws {
        let output = try orientctl("cat-config")
        XCTAssertEqual(output.status, .exited(0), "\(output)")
        assertNothingRaw(output.stdout)
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let traversal = dropIn + "/../../../../../etc/shadow.conf"
        XCTAssertEqual(lines[0], "# /etc/shadow")
        XCTAssertTrue(lines[1].hasPrefix("# (orientctl does not read this file: not where orientd's configuration search path puts its files ("),
                      lines[1])
        XCTAssertTrue(lines[1].contains(xdg.administrator + "/orientd.conf.d/*.conf"), lines[1])
        XCTAssertEqual(lines[3], "# " + traversal)
        XCTAssertTrue(lines[4].hasPrefix("# (orientctl does not read this file: "), lines[4])
        XCTAssertEqual(Array(lines[6...]), ["# " + dropIn, "[Manager]", "SettleTime=5", ""])
        XCTAssertFalse(output.stdout.contains("root:"), "no line of /etc/shadow: \(output.stdout)")

        let json = try orientctl("cat-config", "--json")
        let files = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(files.map { $0["path"] as? String }, ["/etc/shadow", traversal, dropIn])
        XCTAssertTrue(files[0]["text"] is NSNull)
        XCTAssertNotNil(files[0]["refused"] as? String)
        XCTAssertEqual(files[2]["text"] as? String, "[Manager]\nSettleTime=5\n")
    }

    func testCatConfigFollowsNoLinkOffTheSearchPath() throws {
        let folder = (dropIn as NSString).deletingLastPathComponent
        let links = ["20-shadow.conf": "/etc/shadow", "30-environ.conf": "/proc/self/environ", "40-alias.conf": dropIn]
        for (name, target) in links { try FileManager.default.createSymbolicLink(atPath: folder + "/" + name, withDestinationPath: target) }
        try startForger(more: links.keys.sorted().map { folder + "/" + $0 })
        let output = try orientctl("cat-config")
        XCTAssertEqual(output.status, .exited(0), "\(output)")
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func section(_ name: String) -> [String] {
            guard let start = lines.firstIndex(of: "# " + folder + "/" + name) else { return [] }
            return Array(lines[(start + 1)...].prefix { !$0.hasPrefix("# /") && !$0.isEmpty })
        }
        XCTAssertEqual(section("20-shadow.conf"), ["# (orientctl does not read this file: a symbolic link to /etc/shadow, which is not where orientd's configuration search path puts its files)"], "\(output)")
        XCTAssertEqual(section("30-environ.conf").count, 1, "\(output)")
        XCTAssertTrue(section("30-environ.conf").first?.hasPrefix("# (orientctl does not read this file: a symbolic link to /proc/") == true, "\(output)")
        XCTAssertEqual(section("40-alias.conf"), ["[Manager]", "SettleTime=5"], "a link to a file on the search path is read: \(output)")
        XCTAssertFalse(output.stdout.contains("root:"), "no line of /etc/shadow: \(output.stdout)")
        XCTAssertFalse(output.stdout.contains("DBUS_SESSION_BUS_ADDRESS"), "no environment: \(output.stdout)")
    }

    func testAFourMegabyteAppIdIsCut() throws {
        try startForger(environment: ["FORGED_LONG": "1"])
        let list = try orientctl("list", "--no-legend")
        XCTAssertEqual(list.status, .exited(0), "\(list.stderr)")
        XCTAssertLessThan(list.stdout.utf8.count, 20_000, "the app id is cut at 4,096 characters")
        let cut = try XCTUnwrap(list.stdout.range(of: "…["), "the cut is marked")
        XCTAssertTrue(list.stdout[cut.upperBound...].hasPrefix("\(4_000_000 + 44 - 4_096) more characters]"), list.stdout.suffix(200).description)
        assertNothingRaw(list.stdout)
        let json = try orientctl("list", "--json")
        XCTAssertLessThan(json.stdout.utf8.count, 20_000, "JSON output cuts it too")
        XCTAssertTrue(json.stdout.contains("\(4_000_000 + 44 - 4_096) more characters]"), json.stdout.suffix(300).description)
    }
}

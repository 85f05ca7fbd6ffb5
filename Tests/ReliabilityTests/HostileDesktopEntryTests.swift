import Foundation
import Glibc
import GLibBridge
import TestSupport
import XCTest

/// Desktop entries are read from the entry itself, as
/// untrusted input. A FIFO as the app's entry neither blocks orientd nor keeps SIGTERM from
/// ending it; a 200 MB entry is refused from its size (no 200 MB peak); an entry whose `Exec`
/// is not on orientd's PATH and a Lomiri entry both apply.
final class HostileDesktopEntryTests: ReliabilityTestCase {
    /// The bound for a bystander's call while a hostile entry is looked up.
    static let bystanderBound = Duration.seconds(1)

    private var applications: String { orientd.xdg.dataHome + "/applications" }

    private func write(_ name: String, _ keys: String) throws {
        try orientd.xdg.write(applications + "/" + name, "[Desktop Entry]\nType=Application\nName=App\n\(keys)\n", atomically: true)
    }

    /// The peak resident set (VmHWM in /proc/PID/status) in kB.
    private func peakKilobytes() throws -> Int {
        let text = try String(contentsOfFile: "/proc/\(orientd.process.pid)/status", encoding: .utf8)
        let line = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
        return try XCTUnwrap(Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? ""))
    }

    /// Registers `app` 20 times without supported-orientations while a bystander on another
    /// connection reads its scene's property again and again; returns the scenes' supported orientations
    /// and the bystander's slowest answer.
    private func registerWithBystander(_ app: String) throws -> (supported: [String], slowest: Duration) {
        let theirs = try clientConnection.register(app: "hostile.bystander", supported: ["all"])
        let watch = try Watch(orientd: orientd, path: theirs)
        var supported: [String] = []
        for _ in 0..<20 {
            let path = try clientConnection.register(app: app)
            supported = try clientConnection.sceneProperty(path, "SupportedOrientations").stringArray ?? []
        }
        let figures = watch.finish()
        XCTAssertEqual(figures.wrongAnswers, 0)
        return (supported, figures.slowest)
    }

    func testAFIFOAsTheEntryNeitherBlocksNorKeepsSIGTERMFromEndingOrientd() throws {
        try FileManager.default.createDirectory(atPath: applications, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(applications + "/org.example.Fifo.desktop", 0o644), 0)
        let (supported, slowest) = try registerWithBystander("org.example.Fifo")
        XCTAssertEqual(supported, ["portrait"], "no declared: the phone's default")
        XCTAssertLessThanOrEqual(slowest, Self.bystanderBound, "the bystander waited \(slowest)")
        let warnings = orientd.log.components(separatedBy: "org.example.Fifo.desktop is a FIFO").count - 1
        XCTAssertEqual(warnings, 1, "one warning for the FIFO, not one per registration:\n\(orientd.log)")
        XCTAssertEqual(orientd.stop(), .exited(0), "SIGTERM ends orientd")
        report("FIFO desktop entry", "20 registrations of an app whose entry is a FIFO: answered with the default supported orientations, one warning; the bystander's slowest Properties.Get \(slowest); SIGTERM ended orientd with status 0")
    }

    func testA200MBEntryIsRefusedFromItsSizeWithAWarning() throws {
        try FileManager.default.createDirectory(atPath: applications, withIntermediateDirectories: true)
        let path = applications + "/org.example.Huge.desktop"
        // Real bytes where a reader would start, then a hole: 200 MB as far as stat and read go.
        try "[Desktop Entry]\nType=Application\nName=Huge\nX-Orientd-SupportedOrientations=landscape\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(truncate(path, 200 << 20), 0)
        let before = try peakKilobytes()
        let (supported, slowest) = try registerWithBystander("org.example.Huge")
        let after = try peakKilobytes()
        XCTAssertEqual(supported, ["portrait"], "the entry is ignored")
        XCTAssertLessThan(after - before, 50_000, "the peak grew from \(before) kB to \(after) kB")
        XCTAssertLessThanOrEqual(slowest, Self.bystanderBound, "the bystander waited \(slowest)")
        XCTAssertTrue(orientd.log.contains("org.example.Huge.desktop is 209715200 bytes long, more than the 65536 bytes read; ignored"), orientd.log)
        report("200 MB desktop entry", "20 registrations: ignored with one warning; peak VmHWM \(before) → \(after) kB; the bystander's slowest Properties.Get \(slowest)")
    }

    func testAnEntryWhoseExecIsNotOnPathApplies() throws {
        try write("org.example.Installed.Elsewhere.desktop", "Exec=/opt/not-installed-here/bin/app --flag\nX-Orientd-SupportedOrientations=landscape;")
        let path = try clientConnection.register(app: "org.example.Installed.Elsewhere")
        XCTAssertEqual(try clientConnection.sceneProperty(path, "SupportedOrientations").stringArray, ["landscape-right", "landscape-left"])
    }

    func testALomiriEntryApplies() throws {
        try write("org.example.Lomiri.desktop", "Exec=lomiri-app\nX-Ubuntu-Supported-Orientations=landscape;invertedLandscape")
        try write("org.example.Primary.desktop", "Exec=lomiri-app\nX-Ubuntu-Supported-Orientations=primary")
        let landscape = try clientConnection.register(app: "org.example.Lomiri")
        XCTAssertEqual(try clientConnection.sceneProperty(landscape, "SupportedOrientations").stringArray, ["landscape-right", "landscape-left"])
        let primary = try clientConnection.register(app: "org.example.Primary", idiom: "pad")
        XCTAssertEqual(try clientConnection.sceneProperty(primary, "SupportedOrientations").stringArray, ["portrait"], "a portrait panel's own orientation")
    }

    func testAnEntryInASubfolderAndAnEditedEntryApply() throws {
        try write("games/org.example.Racer.desktop", "Exec=racer\nX-Orientd-SupportedOrientations=landscape-left")
        let first = try clientConnection.register(app: "games-org.example.Racer")
        XCTAssertEqual(try clientConnection.sceneProperty(first, "SupportedOrientations").stringArray, ["landscape-left"])
        try write("games/org.example.Racer.desktop", "Exec=racer\nX-Orientd-SupportedOrientations=portrait")
        let second = try clientConnection.register(app: "games-org.example.Racer")
        XCTAssertEqual(try clientConnection.sceneProperty(second, "SupportedOrientations").stringArray, ["portrait"], "the edit is seen at the next registration")
    }

    /// docs/app-manifest.md's example, saved where it says, works as a new user follows it
    /// (its `Exec` program is installed nowhere here).
    func testTheManualsExampleWorksAsWritten() throws {
        let manual = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/app-manifest.md")
        let text = try String(contentsOf: manual, encoding: .utf8)
        let block = try XCTUnwrap(text.components(separatedBy: "```ini\n").dropFirst().first?.components(separatedBy: "```").first)
        XCTAssertTrue(block.contains("# ~/.local/share/applications/org.example.Video.desktop"), block)
        try orientd.xdg.writeDesktopEntry("org.example.Video", block, in: applications)
        let phone = try clientConnection.register(app: "org.example.Video")
        XCTAssertEqual(try clientConnection.sceneProperty(phone, "SupportedOrientations").stringArray, ["portrait", "landscape-right", "landscape-left"])
        let pad = try clientConnection.register(app: "org.example.Video", idiom: "pad")
        XCTAssertEqual(try clientConnection.sceneProperty(pad, "SupportedOrientations").stringArray, ["portrait", "landscape-right", "landscape-left", "portrait-upside-down"])
    }
}

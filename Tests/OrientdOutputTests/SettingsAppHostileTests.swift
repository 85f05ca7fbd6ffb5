import Foundation
import Glibc
import TestSupport
import XCTest

/// The settings app reads desktop entries as untrusted and never waits on orientd (issue 47):
/// on real phoc with orientd, driven through AT-SPI, with the hostile entries the testers
/// used — `Icon=/dev/zero`, an icon that is a FIFO, a PNG declaring 20000 × 20000 pixels, a
/// 60 KB `Name`, 30 names of 1,000 letters — beside 1,000 ordinary entries, and with an
/// orientd that does not answer (stopped with SIGSTOP).
final class SettingsAppHostileTests: OutputTestCase {
    static let reader = "org.example.HostileReader"
    /// How long the looks at a tree of 1,000 apps' rows may take.
    static let treeWalks: Duration = .seconds(180)

    func startPhocOrientdAndAccessibility() throws {
        try writeDesktopEntry(Self.reader, orientations: "portrait")
        try startPhocAndOrientd(panel: "X11-1")
        try startAccessibilityBus()
    }

    func writeEntry(_ appID: String, name: String, icon: String? = nil) throws {
        var text = "[Desktop Entry]\nType=Application\nName=\(name)\nExec=/usr/bin/true\n"
        if let icon { text += "Icon=\(icon)\n" }
        try text.write(toFile: appDataHome + "/applications/\(appID).desktop", atomically: true, encoding: .utf8)
    }

    func writeHostileEntries() throws {
        try writeEntry("org.example.Zero", name: "Zero", icon: "/dev/zero")
        let fifo = scratch + "/fifo-icon.png"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        try writeEntry("org.example.Fifo", name: "Fifo", icon: fifo)
        // A PNG whose header declares 20000 × 20000 pixels (its data: 50 rows of zeros).
        let huge = scratch + "/huge.png"
        let made = try runCommand(["/usr/bin/python3", "-c", """
            import struct, sys, zlib
            def chunk(kind, data):
                return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
            header = struct.pack(">IIBBBBB", 20000, 20000, 8, 0, 0, 0, 0)
            data = zlib.compress(b"\\0" * 20001 * 50)
            open(sys.argv[1], "wb").write(b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b""))
            """, huge])
        XCTAssertTrue(made.succeeded, "\(made)")
        try writeEntry("org.example.Huge", name: "Huge", icon: huge)
        try writeEntry("org.example.LongName", name: String(repeating: "N", count: 60_000))
        for index in 0..<30 {
            let letter = Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(index % 26)))
            try writeEntry("org.example.Letters\(index)", name: String(repeating: letter, count: 1_000))
        }
        for index in 0..<1_000 { try writeEntry("org.example.Many\(index)", name: "Many \(index)") }
    }

    /// Resident memory of `pid`, in kB (VmRSS).
    func residentKilobytes(_ pid: pid_t) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
    }

    func testHostileEntriesAndAThousandAppsShowAWindowAtOnce() throws {
        try startPhocOrientdAndAccessibility()
        try writeHostileEntries()
        let started = ContinuousClock.now
        let app = try startSettingsApp()
        try eventually("the app's window is shown", timeout: deadline) { (try? drive("window"))?.contains("Orientation") == true }
        let shown = ContinuousClock.now - started
        // Was: no window within 45 s (the long name), 15.2 s (30 long names), never (the FIFO).
        XCTAssertLessThan(shown, .seconds(8), "the window came at once")
        // Each look at the controls walks the 1,000 apps' rows through AT-SPI, a round trip per
        // node: the test took 43 s on a quiet machine, nearly all of it here, and a loaded one
        // passed the usual 30 s. The window coming at once is the test's time limit (above);
        // these wait for the contents.
        try waitForControl("Rotation lock", { $0.contains("sensitive") }, "changeable", timeout: Self.treeWalks)
        try waitForControl(Self.reader, { _ in true }, "listed after the 1,000 others", timeout: Self.treeWalks)
        let labels = try drive("labels")
        XCTAssertTrue(labels.contains(String(repeating: "N", count: 80) + "…"), "the long name cut")
        XCTAssertFalse(labels.contains(String(repeating: "N", count: 81)), "and no longer")
        XCTAssertNil(app.exitStatus, "alive after the 20000 × 20000 PNG: \(app.standardError.suffix(2000))")
        let resident = try residentKilobytes(app.pid)
        XCTAssertLessThan(resident, 400_000, "memory bounded with Icon=/dev/zero (\(resident) kB)")
        print("settings app: window in \(shown), \(resident) kB resident with the hostile entries and 1,000 apps")
    }

    func testAHungOrientdIsSaidAsNotAnsweringAndTheWindowShowsAtOnce() throws {
        try startPhocOrientdAndAccessibility()
        let pid = orientd.process.pid
        XCTAssertEqual(kill(pid, SIGSTOP), 0)
        addTeardownBlock { kill(pid, SIGCONT) }
        let started = ContinuousClock.now
        try startSettingsApp()
        var labels = ""
        try eventually("the app says orientd does not answer (labels: \(labels))", timeout: deadline) {
            labels = (try? drive("labels")) ?? ""
            return labels.contains("orientd is not answering: waiting for it")
        }
        let said = ContinuousClock.now - started
        // Was: the window after 10.6 s. The app's start and AT-SPI's round trips are in the figure.
        XCTAssertLessThan(said, .seconds(8))
        try waitForControl("Rotation lock", { !$0.contains("sensitive") }, "disabled while orientd does not answer")
        print("settings app: 'not answering' read through AT-SPI \(said) after its start")

        XCTAssertEqual(kill(pid, SIGCONT), 0)
        try waitForControl("Rotation lock", { $0.contains("sensitive") }, "changeable once orientd answers")
        try waitForControl(Self.reader, { _ in true }, "listed")
        try eventually("the message gone", timeout: deadline) { !(try drive("labels")).contains("not answering") }
    }
}

import Foundation
import Glibc
import GLibBridge
import OrientationCore
import XCTest
@testable import OrientationDaemon

/// Telling a Snap app by its AppArmor label, and reading a Flatpak app's `.flatpak-info`
/// without trusting it.
final class CallerLookupTests: XCTestCase {
    func testSnapLabels() {
        let apps: [(String, String)] = [
            ("snap.firefox.firefox", "firefox"),
            ("snap.firefox.firefox (enforce)", "firefox"),
            ("snap.firefox.firefox (complain)\n", "firefox"),
            ("snap.firefox.firefox\0", "firefox"),
            ("snap.gnome-calculator.gnome-calculator", "gnome-calculator"),
            ("snap.firefox_beta.firefox", "firefox_beta"),
            ("snap.my-app2.daemon-1", "my-app2"),
            ("snap.lxd.hook.configure", "lxd"),
        ]
        for (label, appId) in apps { XCTAssertEqual(SnapLabel.appId(fromLabel: label), appId, label) }
        let others = [
            "", "unconfined", "snap", "snap.", "snap.firefox", "snap.firefox.", "snap..firefox",
            "snap-update-ns.firefox", "snap.Firefox.firefox", "snap.-x.app", "snap.x-.app", "snap.a--b.app",
            "snap.123.app", "snap.firefox.fire.fox", "snap.firefox.hook", "snap.firefox.hook.", "snap.firefox.-app",
            "snap.a_b_c.app", "snap.firefox_TOOLONGKEY1.app", "snap.firefox.app (enforce", "snap.firefox.app extra",
            "/usr/bin/evince", "libvirt-1234", "snap.\u{E9}t\u{E9}.app",
            "snap." + String(repeating: "a", count: 41) + ".app",
        ]
        for label in others { XCTAssertNil(SnapLabel.appId(fromLabel: label), label) }
    }

    func testFlatpakInfoParsing() {
        XCTAssertEqual(FlatpakInfo.parse(Array("[Application]\nname=org.example.App\nruntime=x\n".utf8), where: "f"),
                       .app("org.example.App"))
        for text in ["[Runtime]\nname=org.example.Platform\n", "", "not a key file\n[", "[Application]\nruntime=x\n"] {
            guard case .unusable = FlatpakInfo.parse(Array(text.utf8), where: "f") else {
                return XCTFail("accepted: \(text)")
            }
        }
    }

    /// The file is the sandboxed process's own: a FIFO, a symbolic link, a folder or a huge
    /// file there is refused at once, never waited on; no file means no Flatpak.
    func testFlatpakInfoIsReadWithoutTrustingIt() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(fd) }
        let file = root + "/" + FlatpakInfo.fileName
        XCTAssertEqual(FlatpakInfo.read(inRoot: fd, pid: 1), .absent)

        XCTAssertEqual(mkfifo(file, 0o600), 0)
        assertUnusable(FlatpakInfo.read(inRoot: fd, pid: 1), "is not a regular file")
        unlink(file)

        let real = root + "/real"
        try "[Application]\nname=org.example.App\n".write(toFile: real, atomically: true, encoding: .utf8)
        XCTAssertEqual(symlink(real, file), 0)
        assertUnusable(FlatpakInfo.read(inRoot: fd, pid: 1), "cannot be opened")
        unlink(file)

        try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
        assertUnusable(FlatpakInfo.read(inRoot: fd, pid: 1), "is not a regular file")
        try FileManager.default.removeItem(atPath: file)

        try Data(repeating: 0x41, count: FlatpakInfo.maxBytes + 1).write(to: URL(fileURLWithPath: file))
        assertUnusable(FlatpakInfo.read(inRoot: fd, pid: 1), "at most \(FlatpakInfo.maxBytes)")
        try FileManager.default.removeItem(atPath: file)

        try FileManager.default.copyItem(atPath: real, toPath: file)
        XCTAssertEqual(FlatpakInfo.read(inRoot: fd, pid: 1), .app("org.example.App"))
    }

    /// This test's own process is the user's: no /.flatpak-info, no snap label.
    func testTheUsersOwnProcess() {
        var credentials = ConnectionCredentials()
        credentials.processID = UInt32(getpid())
        guard case .success(.user) = CallerLookup.identify(credentials, limits: .default) else {
            return XCTFail("\(CallerLookup.identify(credentials, limits: .default))")
        }
        credentials.securityLabel = "snap.firefox.firefox (enforce)"
        guard case .success(.sandboxed(appId: "firefox", kind: .snap)) = CallerLookup.identify(credentials, limits: .default) else {
            return XCTFail("the label was not read")
        }
        guard case .failure = CallerLookup.identify(ConnectionCredentials(), limits: .default) else {
            return XCTFail("no pid, yet identified")
        }
    }

    private func assertUnusable(_ outcome: FlatpakInfo.Outcome, _ fragment: String, line: UInt = #line) {
        guard case .unusable(let why) = outcome, why.contains(fragment) else {
            return XCTFail("\(outcome), expected unusable: …\(fragment)…", line: line)
        }
    }

    private func temporaryFolder() throws -> String {
        var template = Array("/tmp/orientd-callers-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        return String(cString: made)
    }
}

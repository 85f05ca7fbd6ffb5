import Foundation
import Glibc
import ProcessSupport

/// orientd's bus name and object path, as busctl is given them.
enum Manager {
    static let name = "io.github.orientd.OrientationManager1"
    static let path = "/io/github/orientd/OrientationManager1"
}

/// The steps every scenario takes: a private session, the compositor, orientd, the captures.
extension ScreenshotRun {
    /// A private runtime folder (`XDG_RUNTIME_DIR`, mode 700) and state and configuration
    /// homes under `folder`, exported: nothing of the user's session is touched.
    func makePrivateSession(in folder: String, _ more: [String: String] = [:]) throws {
        try FileManager.default.createDirectory(atPath: folder + "/runtime", withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        export(["XDG_RUNTIME_DIR": folder + "/runtime", "XDG_STATE_HOME": folder + "/state",
                "XDG_CONFIG_HOME": folder + "/config"].merging(more) { $1 })
    }

    /// A private session bus (`PrivateBus`: no service folder of the machine's), exported as
    /// the session's and ended with the run.
    func startPrivateBus() throws {
        let bus = try PrivateBus()
        keep(bus)
        export(bus.sessionEnvironment)
    }

    /// phoc nested in an Xvfb of `screen` (WxHxD), so that it has a seat and a keyboard;
    /// software rendering; `config` its phoc.ini (or none, for phoc's own). Serves
    /// `wayland-0` in the run's runtime folder, exported for the apps (no DISPLAY);
    /// returns once wlr-randr lists its output.
    func startNestedPhoc(screen: String, config: String? = nil, in folder: String) throws -> PhocSession {
        guard let runtime = environment["XDG_RUNTIME_DIR"] else { throw ScreenshotFailure("no private runtime folder yet") }
        let phoc = try PhocSession.startNested(screen: screen, config: config, configPath: config.map { _ in folder + "/phoc.ini" },
                                               runtimeFolder: runtime, toolEnvironment: environment, timeout: timeout) {
            try self.start($0, $1, $2)
        }
        export(phoc.clientEnvironment)
        return phoc
    }

    /// orientd (`binary`) with `arguments` (and `environment`) on the private bus; waits until
    /// it owns its name, then sets its settle time to 0 (the pictures wait for the panel, not
    /// for a settle).
    func startOrientd(_ binary: String, _ arguments: [String], _ environment: [String: String] = [:]) throws {
        let orientd = try start("orientd", [binary] + arguments, environment)
        try wait(for: "orientd") {
            if let status = orientd.exitStatus { throw ScreenshotFailure("orientd exited (\(status))") }
            return try run(["busctl", "--user", "status", Manager.name]).succeeded
        }
        try busctl("call", "SetSettleTime", "u", "0")
    }

    /// `busctl --user VERB` on orientd's manager (`call METHOD …`, `get-property NAME`); its output.
    @discardableResult
    func busctl(_ verb: String, _ arguments: String...) throws -> String {
        try output(["busctl", "--user", verb, Manager.name, Manager.path, Manager.name] + arguments)
    }

    /// Captures the screen (grim) until two captures `settle` seconds apart are the same (the
    /// windows have finished drawing what the compositor's turn asked of them), then keeps it
    /// as `target` and says so, with its size.
    func captureSettled(_ target: String, settle: Double) throws {
        let (first, second) = (work + "/a.png", work + "/b.png")
        try output(["grim", first])
        let deadline = TestDeadline.from(now: timeout)
        while true {
            usleep(UInt32(settle * 1_000_000))
            try output(["grim", second])
            if FileManager.default.contentsEqual(atPath: first, andPath: second) { break }
            _ = rename(second, first)
            if ContinuousClock.now >= deadline { throw ScreenshotFailure("the screen never settled for \(target)") }
        }
        let folder = (target as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: target)
        try FileManager.default.moveItem(atPath: first, toPath: target)
        let (width, height) = try pngSize(target)
        print("\(script): wrote \(target) (\(width)x\(height))")
    }

    /// A PNG's width and height (its IHDR chunk).
    func pngSize(_ path: String) throws -> (Int, Int) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)).prefix(24))
        guard bytes.count == 24, bytes.starts(with: [0x89, 0x50, 0x4e, 0x47]) else { throw ScreenshotFailure("\(path) is not a PNG") }
        func card32(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (card32(16), card32(20))
    }

    /// Writes `text` to `path`, creating its folder.
    func write(_ text: String, to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}

import Foundation
import GLibBridge
import TestSupport
import XCTest

/// Real Phosh (Debian's phosh 0.24) for the phone tests: phoc nested in Xvfb (a seat, so GTK 4
/// maps windows) running `/usr/libexec/phosh --unlocked` on the test's session bus, where Phosh
/// owns `org.gnome.Mutter.DisplayConfig` and `org.gnome.ScreenSaver`. Its system bus is a
/// private one of the test's, with python-dbusmock's iio-sensors-proxy on it when asked (Phosh
/// then says `PanelOrientationManaged` and turns the panel from that sensor unless the
/// orientation-lock is on). PAM comes from pam_wrapper with a `pam_permit` service of the
/// test's own, so the lock screen unlocks with any PIN typed into the nested phoc's window.
extension OutputTestCase {
    /// Phosh's panel: the nested phoc's one output.
    static let phoshPanel = PhoshLaunch.panel

    /// A test's Phosh: ProcessSupport's `PhoshSession` and what the test started around it.
    struct RealPhosh {
        let phosh: PhoshSession
        /// The Xvfb phoc runs in.
        let host: String
        /// The private system bus's address, and the mock sensor on it (when asked for).
        let systemBus: PrivateBus
        let sensor: ChildProcess?
    }

    /// Starts Phosh (and, with `sensor`, a mock accelerometer reading `sensor` first) and waits
    /// until it owns DisplayConfig with its panel and the screen saver, unlocked. With
    /// `sharedSystemBus`, Phosh reads the harness's system bus (`systemBus`, where the test
    /// started the mock sensor orientd reads too) instead of a private one. With `root`, the
    /// phoc and Phosh of that root (`debian13Root()`). Phosh is the test's `compositor` from then on.
    func startRealPhosh(sensor orientation: String? = nil, sharedSystemBus: Bool = false, root: String? = nil) throws -> RealPhosh {
        let systemBus: PrivateBus = sharedSystemBus ? self.systemBus : try PrivateBus()
        if !sharedSystemBus { addTeardownBlock { systemBus.stop() } }
        var sensor: ChildProcess?
        if let orientation, !sharedSystemBus {
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures/sensor/mock-sensor.sh").path
            let mock = try start("mock sensor", [script, scratch + "/sensor", systemBus.address, orientation])
            let connection = try systemBus.connect()
            defer { connection.close() }
            try eventually("net.hadess.SensorProxy on the system bus", timeout: deadline) {
                if let status = mock.exitStatus { throw TestSupportError("the mock sensor exited (\(status))") }
                return try connection.nameOwner("net.hadess.SensorProxy") != nil
            }
            sensor = mock
        }
        let pam = scratch + "/pam.d"
        try FileManager.default.createDirectory(atPath: pam, withIntermediateDirectories: true)
        let permit = "auth required pam_permit.so\naccount required pam_permit.so\n"
        for service in ["phosh", "other"] { try permit.write(toFile: "\(pam)/\(service)", atomically: true, encoding: .utf8) }

        let host = try startXvfb(size: "800x1280x24")
        var launch = PhoshLaunch.phoc(in: host)
        (launch.configPath, launch.root) = ("/usr/share/phosh/phoc.ini", root)
        let phosh = try PhoshSession.start(launch, runtimeFolder: scratch, toolEnvironment: childEnvironment, bus: bus) { _, command, phocEnvironment in
            try start("phoc and phosh", command, environment: systemBus.systemEnvironment.merging(phocEnvironment) { $1 }.merging([
                "LD_PRELOAD": "libpam_wrapper.so", "PAM_WRAPPER": "1", "PAM_WRAPPER_SERVICE_DIR": pam,
            ]) { $1 })
        }
        try phosh.waitUntilUp(timeout: .seconds(60))
        compositor = phosh
        XCTAssertFalse(try phoshLocked(), "--unlocked")
        return RealPhosh(phosh: phosh, host: host, systemBus: systemBus, sensor: sensor)
    }

    /// The panel's transform as Phosh's DisplayConfig reports it (`GetCurrentState`): 0 normal,
    /// 1 90°, 2 180°, 3 270°; nil when no logical monitor holds the panel.
    func phoshTransform() throws -> UInt32? {
        try PhoshSession.displayConfigTransform(on: client.connection)
    }

    /// Whether Phosh's screen is locked (`org.gnome.ScreenSaver.GetActive`).
    func phoshLocked() throws -> Bool {
        try XCTUnwrap(client.connection.call(destination: "org.gnome.ScreenSaver", path: "/org/gnome/ScreenSaver",
                                             interface: "org.gnome.ScreenSaver", method: "GetActive",
                                             timeoutMilliseconds: 10_000).child(at: 0).bool)
    }

    /// Locks Phosh's screen as its power button and idle timeout do (`org.gnome.ScreenSaver.Lock`).
    func lockPhosh() throws {
        try client.connection.call(destination: "org.gnome.ScreenSaver", path: "/org/gnome/ScreenSaver",
                                   interface: "org.gnome.ScreenSaver", method: "Lock", timeoutMilliseconds: 10_000)
        try eventually("Phosh locked", timeout: deadline) { try phoshLocked() }
    }

    /// Unlocks Phosh as a user does: a PIN typed on its lock screen (keys into the nested
    /// phoc's window), checked by PAM (the test's `pam_permit`).
    func unlockPhosh(_ session: RealPhosh) throws {
        let x = childEnvironment.merging(["DISPLAY": session.host]) { $1 }
        let tree = try runCommand(["xwininfo", "-root", "-children"], environment: x)
        let window = try XCTUnwrap(tree.stdout.split(separator: "\n").lazy
            .map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix("0x") }?
            .split(separator: " ").first.map(String.init), "phoc's window in \(tree)")
        try eventually("Phosh unlocked", timeout: deadline) {
            for command in [["xdotool", "windowfocus", window], ["xdotool", "type", "--delay", "50", "1234"],
                            ["xdotool", "key", "Return"]] {
                let result = try runCommand(command, environment: x)
                guard result.succeeded else { throw TestSupportError("\(command.joined(separator: " ")): \(result)") }
            }
            return try becomesTrue(within: .seconds(5)) { try !phoshLocked() }
        }
    }

    /// Sets the orientation-lock key as the user's Auto Rotate switch does (true: off).
    func switchAutoRotate(locked: Bool) throws {
        let output = try runCommand(["gsettings", "set", "org.gnome.settings-daemon.peripherals.touchscreen", "orientation-lock",
                                     locked ? "true" : "false"], environment: childEnvironment)
        guard output.succeeded else { throw TestSupportError("gsettings set failed: \(output)") }
    }

    /// The orientation-lock key's value in the test's GSettings (Phosh and orientd share it).
    func orientationLockKey() throws -> String {
        let output = try runCommand(["gsettings", "get", "org.gnome.settings-daemon.peripherals.touchscreen", "orientation-lock"],
                                    environment: childEnvironment)
        guard output.succeeded else { throw TestSupportError("gsettings get failed: \(output)") }
        return output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

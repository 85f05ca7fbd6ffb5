import Foundation
import GLibBridge
import TestSupport

/// The fixture folders of `Tests/Fixtures` these tests use.
enum Fixtures {
    static let floodDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/flood").path
    static let outputDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/output").path
}

/// A client in another process (Debian's python3-dbus) that registers scenes and then sleeps
/// until it is killed. Its first line of output is its unique name, the second its scene paths.
enum PythonClient {
    static let script = """
        import signal, sys, dbus
        bus = dbus.bus.BusConnection(sys.argv[1])
        manager = dbus.Interface(bus.get_object('io.github.orientd.OrientationManager1',
            '/io/github/orientd/OrientationManager1'), 'io.github.orientd.OrientationManager1')
        paths = [str(manager.RegisterScene({'app-id': sys.argv[3]}, signature='a{sv}')) for _ in range(int(sys.argv[2]))]
        print(bus.get_unique_name(), flush=True)
        print(' '.join(paths), flush=True)
        signal.pthread_sigmask(signal.SIG_SETMASK, [])
        while True:
            signal.pause()
        """

    /// Starts it and waits until its scenes are registered.
    static func start(address: String, scenes: Int, appId: String) throws -> (process: ChildProcess, name: String, paths: [String]) {
        let process = try ChildProcess(["/usr/bin/python3", "-c", script, address, String(scenes), appId])
        try eventually("the python client registered \(scenes) scenes; its stderr:\n\(process.standardError)", timeout: .seconds(20)) {
            if let status = process.exitStatus { throw TestSupportError("the python client ended (\(status)): \(process.standardError)") }
            return process.standardOutput.split(separator: "\n").count >= 2
        }
        let lines = process.standardOutput.split(separator: "\n").map(String.init)
        return (process, lines[0], lines[1].split(separator: " ").map(String.init))
    }
}

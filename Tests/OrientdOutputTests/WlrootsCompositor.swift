import Foundation
import TestSupport
import XCTest

/// A real wlroots compositor (phoc) for the wlroots backend's tests, and wlr-randr reading
/// its outputs back (the test's own reading, not orientd's).
extension OutputTestCase {
    /// The Wayland socket the test's compositor binds in the scratch runtime folder.
    static let waylandSocket = "wayland-0"

    /// What a client of the test's Wayland compositor needs (besides `childEnvironment`).
    var waylandEnvironment: [String: String] { ["WAYLAND_DISPLAY": Self.waylandSocket] }

    /// Starts phoc as root on the scratch runtime folder, with wlroots' headless backend (or
    /// `backends`, such as `x11` inside an X server given by `environment`), and waits until
    /// wlr-randr lists `output`. `config`: a phoc.ini's text (its outputs' modes and scales).
    /// `root`: the phoc of that cached root (`cachedRoot`), not the host's. The session is the
    /// test's `compositor` from then on.
    @discardableResult
    func startPhoc(backends: String = "headless", output: String = "HEADLESS-1",
                   environment: [String: String] = [:], config: String? = nil, root: String? = nil) throws -> PhocSession {
        var launch = PhocLaunch()
        (launch.backends, launch.config, launch.root) = (backends, config, root)
        launch.configPath = config.map { _ in scratch + "/phoc.ini" }
        let phoc = try PhocSession.start(launch, output: output, runtimeFolder: scratch, socket: Self.waylandSocket,
                                         toolEnvironment: childEnvironment) { name, command, phocEnvironment in
            try start(name, command, environment: phocEnvironment.merging(environment) { _, new in new })
        }
        try phoc.waitUntilListed(timeout: deadline)
        compositor = phoc
        return phoc
    }

    /// Runs wlr-randr on the test's compositor (`PhocSession.wlrRandr`); returns its listing
    /// (throws when it fails).
    @discardableResult
    func wlrRandr(_ arguments: [String] = []) throws -> String {
        try PhocSession.wlrRandr(arguments, environment: childEnvironment.merging(waylandEnvironment) { _, new in new })
    }

    /// The `Transform:` wlr-randr lists for `output` (wl_output's names: normal, 90, 180, 270).
    func wlrTransform(_ output: String) throws -> String? {
        PhocSession.transformName(of: output, in: try wlrRandr())
    }

    /// Turns the "device" (orientd runs with `--sensor none`).
    func turnDevice(_ orientation: String) throws {
        try callManager("SetDeviceOrientation", [.s(orientation)])
    }
}

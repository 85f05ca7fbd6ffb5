import TestSupport
import XCTest

/// A test of configuration files on the real service: setUp starts no orientd, so a test
/// first writes its files into `xdg` (`admin`, `vendor`), then `start`s orientd on them.
class ConfigurationTestCase: OrientdTestCase {
    override var startsOrientdInSetUp: Bool { false }

    /// The test's XDG folders; their root is orientd's state home.
    var xdg: XDGFolders!
    /// The administrator's configuration folder.
    var admin: String { xdg.administrator }
    /// The vendor's configuration folder.
    var vendor: String { xdg.vendor }

    override func setUpWithError() throws {
        try super.setUpWithError()
        xdg = try makeXDGFolders()
    }

    /// Writes `text` to `path` (under `xdg.root` unless absolute), making its folders.
    func write(_ path: String, _ text: String) throws { try xdg.write(path, text) }

    /// Starts orientd (no sensor) on `xdg`, with `environment` added, as the test's
    /// `orientd`, and connects `client`.
    func start(environment: [String: String] = [:]) throws {
        orientd = try launch(arguments: ["--sensor", "none"], environment: environment, stateHome: xdg.root)
        client = try connect()
    }
}

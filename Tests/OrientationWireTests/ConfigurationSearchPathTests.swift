import OrientationWire
import XCTest

/// The documented places of the configuration files, which `cat-config` keeps to.
final class ConfigurationSearchPathTests: XCTestCase {
    private let path = ConfigurationSearchPath(environment: ["XDG_DATA_DIRS": "/vendor:relative", "XDG_CONFIG_DIRS": "/admin:/site"])

    func testTheXDGFoldersAndTheirDefaults() {
        XCTAssertEqual(path.dataDirectories, ["/vendor"])
        XCTAssertEqual(path.configDirectories, ["/admin", "/site"])
        XCTAssertEqual(path.folders, ["/vendor/orientd", "/site/orientd", "/admin/orientd"])
        let defaults = ConfigurationSearchPath(environment: [:])
        XCTAssertEqual(defaults.dataDirectories, ["/usr/local/share", "/usr/share"])
        XCTAssertEqual(defaults.configDirectories, ["/etc/xdg"])
    }

    func testOnlyTheMainFilesAndDropInsOfTheFoldersAreAccepted() {
        for accepted in ["/vendor/orientd/orientd.conf", "/admin/orientd/orientd.conf", "/site/orientd/orientd.conf.d/50-kiosk.conf"] {
            XCTAssertNil(path.refusal(of: accepted), accepted)
        }
        for refused in ["/etc/shadow", "/vendor/orientd/other.conf", "/admin/orientd/orientd.conf.d/.hidden.conf",
                        "/admin/orientd/orientd.conf.d/50-kiosk.txt", "/admin/orientd/orientd.conf.d/a/b.conf",
                        "/admin/orientd/orientd.conf.d/../../../etc/shadow.conf", "relative/orientd/orientd.conf",
                        "/usr/share/orientd/orientd.conf", "/admin//orientd/orientd.conf", "/admin/orientd/orientd.conf.d/"] {
            let why = path.refusal(of: refused)
            XCTAssertNotNil(why, refused)
            XCTAssertTrue(why?.contains("/admin/orientd/orientd.conf.d/*.conf") ?? false, why ?? "")
        }
    }
}

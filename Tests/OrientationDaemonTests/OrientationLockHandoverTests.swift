import CGio
import Foundation
import XCTest
@testable import OrientationDaemon

/// The GSettings hand-over with mutter and Phosh: orientation-lock held true while orientd
/// drives the panel, the user's value put back after, even after a crash. Run against the
/// installed schema (gnome-settings-daemon-common) in GLib's memory GSettings backend (this
/// test process's default backend: nothing of the machine's settings is touched).
final class OrientationLockHandoverTests: XCTestCase {
    var directory = ""
    /// The user's own view of the key, through the same backend.
    var user: UnsafeMutablePointer<GSettings>!

    override class func setUp() {
        // Before the first GSettings of the process: GLib picks its default backend once.
        setenv("GSETTINGS_BACKEND", "memory", 1)
    }

    /// GSettings delivers its change notifications on the thread-default context it was
    /// created under: a context of the test's own, drained and dropped after each test, so
    /// that nothing is left queued on the default context other tests run.
    var context: OpaquePointer!

    override func setUpWithError() throws {
        XCTAssertEqual(String(cString: getenv("GSETTINGS_BACKEND")), "memory")
        context = g_main_context_new()
        g_main_context_push_thread_default(context)
        directory = NSTemporaryDirectory() + "orientd-handover-\(UUID().uuidString)"
        let source = try XCTUnwrap(g_settings_schema_source_get_default())
        let schema = try XCTUnwrap(g_settings_schema_source_lookup(source, OrientationLockHandover.schema, 1),
                                   "the schema \(OrientationLockHandover.schema) is installed (gnome-settings-daemon-common)")
        user = g_settings_new_full(schema, nil, nil)
        g_settings_schema_unref(schema)
    }

    override func tearDownWithError() throws {
        g_object_unref(user)
        while g_main_context_iteration(context, 0) != 0 {}
        g_main_context_pop_thread_default(context)
        g_main_context_unref(context)
        try? FileManager.default.removeItem(atPath: directory)
    }

    var userValue: Bool { g_settings_get_boolean(user, OrientationLockHandover.key) != 0 }

    func setUserValue(_ value: Bool) { g_settings_set_boolean(user, OrientationLockHandover.key, value ? 1 : 0) }

    func makeHandover() -> OrientationLockHandover {
        OrientationLockHandover(stateDirectory: directory, log: Log(verbose: false))
    }

    var savedFile: String { directory + "/" + OrientationLockHandover.savedFileName }

    func testHeldTrueWhileDrivingAndTheUsersFalsePutBack() {
        setUserValue(false)
        let handover = makeHandover()
        XCTAssertTrue(handover.isAvailable)
        handover.hold()
        XCTAssertTrue(userValue, "mutter must not turn the panel from the sensor while orientd drives it")
        XCTAssertTrue(FileManager.default.fileExists(atPath: savedFile))
        handover.hold()
        handover.release()
        XCTAssertFalse(userValue, "the user's value is back")
        XCTAssertFalse(FileManager.default.fileExists(atPath: savedFile))
        handover.release()
        XCTAssertFalse(userValue)
    }

    func testAUserWhoLockedKeepsTheLock() {
        setUserValue(true)
        let handover = makeHandover()
        handover.hold()
        XCTAssertTrue(userValue)
        handover.release()
        XCTAssertTrue(userValue)
    }

    func testAValueKeptByACrashedOrientdIsPutBackAtTheNextStart() {
        setUserValue(false)
        var crashed: OrientationLockHandover? = makeHandover()
        crashed?.hold()
        XCTAssertTrue(userValue)
        crashed = nil  // never released: as if orientd had been killed
        XCTAssertTrue(userValue)
        _ = makeHandover()
        XCTAssertFalse(userValue, "the next start restores the user's value from the state folder")
        XCTAssertFalse(FileManager.default.fileExists(atPath: savedFile))
    }
}

import CGio
import Foundation
import TestSupport
import XCTest
@testable import OrientationDaemon

/// The GSettings hand-over with mutter and Phosh: Auto Rotate (orientation-lock) and
/// RotationLocked are one setting, the key held true only while the core asks for the hold,
/// the user's value put back as soon as it ends, even after a crash. Run against the
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

    /// Delivers GSettings' change notifications (the user's switch reaching orientd).
    func drain() { while g_main_context_iteration(context, 0) != 0 {} }

    var savedValue: String? { try? String(contentsOfFile: savedFile, encoding: .utf8) }

    /// A handover linked to a panel mutter manages, with `RotationLocked` `locked`; what it
    /// reports as the user's choices goes to `choices`.
    func linkedHandover(locked: Bool, managed: Bool = true, choices: @escaping (Bool) -> Void = { _ in }) -> OrientationLockHandover {
        let handover = makeHandover()
        handover.userChose = choices
        handover.rotationLockChanged(locked)
        handover.link(true, managed: managed)
        return handover
    }

    /// A program that writes the key false whenever it reads true, against orientd's hold: each
    /// undo is answered later than the one before, and after the last orientd stops holding,
    /// says so once, and holds again only at the next hold.
    func testAProgramUndoingTheHoldIsAnsweredLessAndLessThenLetGo() throws {
        setUserValue(false)
        var notes: [String] = []
        let handover = linkedHandover(locked: false)
        handover.fightDelays = [0, 20, 40, 80]
        handover.noted = { notes.append($0) }
        handover.holdCompositorRotation(true)
        XCTAssertTrue(userValue)
        XCTAssertNotNil(modificationTime(savedFile))
        var undos = 0
        var undoTimes: [ContinuousClock.Instant] = []
        let deadline = TestDeadline.from(now: .seconds(10))
        while !handover.gaveUp, ContinuousClock.now < deadline {
            if userValue {
                setUserValue(false)
                undos += 1
                undoTimes.append(.now)
            }
            _ = g_main_context_iteration(context, 0)
            usleep(1_000)
        }
        drain()
        XCTAssertTrue(handover.gaveUp, "orientd stopped holding after \(undos) undos")
        XCTAssertEqual(undos, 5, "held again after each of the 4 delays, then let go")
        // The later re-holds came after their delays (the first at once).
        let gaps = zip(undoTimes.dropFirst(), undoTimes).map { $0 - $1 }
        XCTAssertGreaterThanOrEqual(gaps.last ?? .zero, .milliseconds(80), "\(gaps)")
        XCTAssertFalse(userValue, "the key is left as the other program set it")
        XCTAssertEqual(notes.count, 1, "said once: \(notes)")
        XCTAssertTrue(notes.first?.contains("stopped holding") == true, notes.first ?? "")
        XCTAssertNil(savedValue, "nothing held: no value kept for a crash")
        XCTAssertEqual(modificationTime(savedFile), nil)
        // The hold ends: the note goes; the next hold holds again.
        handover.holdCompositorRotation(false)
        XCTAssertEqual(notes.last, "")
        handover.holdCompositorRotation(true)
        XCTAssertTrue(userValue)
        XCTAssertFalse(handover.gaveUp)
    }

    /// The user's value kept for a crash is written when it changes, not at every undo.
    func testTheSavedValueIsWrittenOnlyWhenItChanges() throws {
        setUserValue(true)
        let handover = linkedHandover(locked: true)
        handover.holdCompositorRotation(true)
        XCTAssertEqual(savedValue, "true\n")
        var first = stat()
        XCTAssertEqual(stat(savedFile, &first), 0)
        // The user switches Auto Rotate on: the new value is kept (one write).
        setUserValue(false)
        drain()
        XCTAssertEqual(savedValue, "false\n")
        var second = stat()
        XCTAssertEqual(stat(savedFile, &second), 0)
        // Undone again with the same value: the file is not rewritten (same inode, g_file_set_contents replaces it).
        setUserValue(false)
        drain()
        handover.rotationLockChanged(false)
        var third = stat()
        XCTAssertEqual(stat(savedFile, &third), 0)
        XCTAssertEqual(third.st_ino, second.st_ino, "not rewritten")
        XCTAssertNotEqual(first.st_ino, second.st_ino, "rewritten once on a change")
    }

    func modificationTime(_ path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mtim.tv_sec : nil
    }

    func testHeldOnlyWhileTheCoreAsksAndTheUsersValueBackAtOnce() {
        setUserValue(false)
        let handover = linkedHandover(locked: false)
        XCTAssertTrue(handover.isAvailable)
        XCTAssertFalse(userValue, "nothing to hold: Auto Rotate stays on")
        handover.holdCompositorRotation(true)
        XCTAssertTrue(userValue, "mutter must not turn the panel from the sensor while the app in front needs another orientation")
        XCTAssertEqual(savedValue, "false\n")
        handover.holdCompositorRotation(false)
        XCTAssertFalse(userValue, "the user's value is back as soon as the hold ends")
        XCTAssertFalse(FileManager.default.fileExists(atPath: savedFile))
    }

    func testNothingIsHeldWhereMutterDoesNotTurnThePanel() {
        setUserValue(false)
        let handover = linkedHandover(locked: false, managed: false)
        handover.holdCompositorRotation(true)
        XCTAssertFalse(userValue)
        handover.link(true, managed: true)
        XCTAssertTrue(userValue, "PanelOrientationManaged: held")
        handover.link(false, managed: true)
        XCTAssertFalse(userValue, "the panel let go: the user's value")
    }

    func testTheSwitchAndRotationLockedAreOneSetting() {
        setUserValue(false)
        var choices: [Bool] = []
        let handover = linkedHandover(locked: false) { choices.append($0) }
        setUserValue(true)
        drain()
        XCTAssertEqual(choices, [true], "Auto Rotate switched off: the rotation lock")
        handover.rotationLockChanged(true)
        setUserValue(false)
        drain()
        XCTAssertEqual(choices, [true, false], "switched on: unlocked")
        handover.rotationLockChanged(false)
        handover.rotationLockChanged(true)
        XCTAssertTrue(userValue, "orientctl lock sets the key")
        handover.rotationLockChanged(false)
        XCTAssertFalse(userValue, "orientctl unlock too")
        drain()
        XCTAssertEqual(choices, [true, false], "orientd's own writes are not the user's choices")
    }

    func testTheSwitchIsTheUsersLatestChoiceWhenTheLinkStarts() {
        setUserValue(true)
        var choices: [Bool] = []
        _ = linkedHandover(locked: false) { choices.append($0) }
        XCTAssertEqual(choices, [true], "switched off while orientd did not drive the panel")
        XCTAssertTrue(userValue)
    }

    func testASwitchDuringAHoldIsTheUsersNewChoiceShownWhenTheHoldEnds() {
        setUserValue(true)
        var choices: [Bool] = []
        let handover = linkedHandover(locked: true) { choices.append($0) }
        handover.holdCompositorRotation(true)
        XCTAssertEqual(savedValue, "true\n")
        setUserValue(false)
        drain()
        XCTAssertEqual(choices, [false], "applied as the lock at once")
        XCTAssertTrue(userValue, "still held while the app in front needs it")
        XCTAssertEqual(savedValue, "false\n", "a crash now still gives the new choice back")
        handover.rotationLockChanged(false)
        handover.holdCompositorRotation(false)
        XCTAssertFalse(userValue, "the user's new choice once the hold ends")
    }

    func testACleanStopGivesTheUsersValueBack() {
        setUserValue(false)
        let handover = linkedHandover(locked: false)
        handover.holdCompositorRotation(true)
        handover.release(flush: true)
        XCTAssertFalse(userValue)
        XCTAssertFalse(FileManager.default.fileExists(atPath: savedFile))
    }

    func testAValueKeptByACrashedOrientdIsPutBackAtTheNextStart() {
        setUserValue(false)
        var crashed: OrientationLockHandover? = linkedHandover(locked: false)
        crashed?.holdCompositorRotation(true)
        XCTAssertTrue(userValue)
        crashed = nil  // never released: as if orientd had been killed
        XCTAssertTrue(userValue)
        _ = makeHandover()
        XCTAssertFalse(userValue, "the next start restores the user's value from the state folder")
        XCTAssertFalse(FileManager.default.fileExists(atPath: savedFile))
    }
}

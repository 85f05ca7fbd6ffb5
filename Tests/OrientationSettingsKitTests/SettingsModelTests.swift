import GLibBridge
import OrientationClient
import OrientationSettingsKit
import XCTest

/// What the app shows, from a snapshot: the lock, app locks and kiosk with the administrator's
/// locks, the screen, the app in front and why, and every app with its declaration and choice.
final class SettingsModelTests: XCTestCase {
    static let notes = InstalledApp(appID: "org.example.Notes", name: "Notes", icon: "notes",
                                    declared: [.portrait, .landscapeLeft, .landscapeRight], path: "/a/org.example.Notes.desktop")
    static let game = InstalledApp(appID: "org.example.Game", name: "Game", declared: .landscape, path: "/a/org.example.Game.desktop")
    static let plain = InstalledApp(appID: "org.example.Plain", name: "Plain", path: "/a/org.example.Plain.desktop")

    func snapshot(_ manager: [String: Variant] = [:], policies: [AppPolicyEntry] = [],
                  explanation: [ExplainStep] = []) -> SettingsSnapshot {
        SettingsSnapshot(manager: ManagerProperties(manager), policies: policies,
                         apps: [Self.game, Self.notes, Self.plain], explanation: explanation)
    }

    func testTheLockAndKioskAreChangeableUnlessTheAdministratorLocksThem() {
        var model = SettingsModel(snapshot(["RotationLocked": Variant(bool: true)]))
        XCTAssertTrue(model.rotationLock.isOn)
        XCTAssertTrue(model.rotationLock.isChangeable)
        XCTAssertTrue(model.kiosk.isChangeable)
        XCTAssertFalse(model.kiosk.isOn)
        model = SettingsModel(snapshot(["LockedSettings": Variant(strings: ["RotationLocked", "KioskMode"]),
                                        "KioskMode": Variant(bool: true), "KioskOrientation": Variant(string: "landscape-left")]))
        XCTAssertFalse(model.rotationLock.isChangeable)
        XCTAssertEqual(model.rotationLock.subtitle, "Set by the administrator")
        XCTAssertFalse(model.kiosk.isChangeable)
        XCTAssertTrue(model.kiosk.isOn)
        XCTAssertEqual(model.kiosk.subtitle, "Every app in landscape left (set by the administrator)")
    }

    /// Each setting says who set it: the person, the default, or the administrator's file.
    func testEachSettingSaysWhoSetIt() {
        func sources(_ lock: String, _ kiosk: String) -> Variant {
            Variant(dictionary: ["RotationLocked": Variant(string: lock), "KioskMode": Variant(string: kiosk)], valueType: "s")
        }
        var model = SettingsModel(snapshot(["SettingSources": sources("user", "default")]))
        XCTAssertEqual(model.rotationLock.subtitle, "Keeps the screen as it is when the device turns (your choice)")
        XCTAssertEqual(model.kiosk.subtitle, "Every app in portrait (the default)")
        model = SettingsModel(snapshot(["SettingSources": sources("/etc/xdg/orientd/orientd.conf", "user")]))
        XCTAssertEqual(model.rotationLock.subtitle,
                       "Keeps the screen as it is when the device turns (the administrator's default, which you may change)")
        XCTAssertTrue(model.rotationLock.isChangeable)
        XCTAssertEqual(model.kiosk.subtitle, "Every app in portrait (your choice)")
        XCTAssertEqual(SettingsModel(snapshot()).rotationLock.subtitle, "Keeps the screen as it is when the device turns",
                       "an orientd before version 5 does not say")
    }

    /// "Apps may lock the orientation" (`AppLocksAllowed`): on by default, changeable unless the
    /// administrator locks it, saying who set it; absent from an orientd before version 6.
    func testTheAppLocksSwitchIsTheUsersUnlessTheAdministratorLocksIt() throws {
        let sources = Variant(dictionary: ["AppLocksAllowed": Variant(string: "user")], valueType: "s")
        var row = try XCTUnwrap(SettingsModel(snapshot(["AppLocksAllowed": Variant(bool: false), "SettingSources": sources])).appLocks)
        XCTAssertEqual(row.title, "Apps may lock the orientation")
        XCTAssertFalse(row.isOn)
        XCTAssertTrue(row.isChangeable)
        XCTAssertEqual(row.subtitle, "Off: every app follows how you hold the device; your choices per app still apply (your choice)")
        row = try XCTUnwrap(SettingsModel(snapshot(["AppLocksAllowed": Variant(bool: true),
                                                    "LockedSettings": Variant(strings: ["AppLocksAllowed"])])).appLocks)
        XCTAssertTrue(row.isOn)
        XCTAssertFalse(row.isChangeable)
        XCTAssertEqual(row.subtitle, "Set by the administrator")
        let otherLocked = SettingsModel(snapshot(["AppLocksAllowed": Variant(bool: true), "LockedSettings": Variant(strings: ["RotationLocked"])]))
        XCTAssertEqual(otherLocked.appLocks?.isChangeable, true, "only its own name locks it")
        XCTAssertNil(SettingsModel(snapshot()).appLocks, "an orientd before version 6 has no such switch")
    }

    /// How orientd treats this screen, in one plain line from `ScreenClass` and `Posture`.
    func testTheScreenIsSaidInOnePlainLine() {
        func line(_ screenClass: String, _ posture: String, appLocks: Bool = true) -> String {
            SettingsModel(snapshot(["ScreenClass": Variant(string: screenClass), "Posture": Variant(string: posture),
                                    "AppLocksAllowed": Variant(bool: appLocks)])).screen
        }
        XCTAssertEqual(line("phone", "held"), "This screen: a phone — apps turn it to the orientations they declare")
        XCTAssertEqual(line("large", "held"),
                       "This screen: a tablet held in the hand — apps that only declare for phones follow the device")
        XCTAssertEqual(line("large", "desk"), "This screen: a laptop or desk screen — apps do not turn it; your choices per app do")
        XCTAssertEqual(line("phone", "held", appLocks: false), "This screen: a phone — every app follows how you hold it, as you chose")
        XCTAssertEqual(line("large", "held", appLocks: false),
                       "This screen: a tablet held in the hand — every app follows how you hold it, as you chose")
        XCTAssertEqual(line("large", "desk", appLocks: false), line("large", "desk"), "on a desk apps turn nothing either way")
        XCTAssertEqual(SettingsModel(snapshot()).screen, "", "an orientd before version 6 does not say")
        XCTAssertEqual(line("foldable", "held"), "", "a class this app does not know is not guessed at")
        XCTAssertEqual(line("large", "floating"), "")
    }

    func testTheAppInFrontIsNamedByItsEntryAndExplainedInSentences() {
        let steps = [ExplainStep(name: "supported-orientations", orientations: ["landscape-right"], sentence: "The app declares landscape."),
                     ExplainStep(name: "decision", orientations: ["landscape-right"], sentence: "Shown in landscape-right.")]
        let model = SettingsModel(snapshot(["FrontApp": Variant(string: "org.example.Game")], explanation: steps))
        XCTAssertEqual(model.frontApp, "Game")
        XCTAssertEqual(model.explanation, "The app declares landscape.\nShown in landscape-right.")
        let unknown = SettingsModel(snapshot(["FrontApp": Variant(string: "org.example.Unlisted")]))
        XCTAssertEqual(unknown.frontApp, "org.example.Unlisted")
        let none = SettingsModel(snapshot())
        XCTAssertEqual(none.frontApp, "No app is in front")
        XCTAssertEqual(none.explanation, "The screen follows the device.")
    }

    /// The settings app in front: "In front" is the app the person came from, in one line
    /// saying how it turns and whose choice that is.
    func testInFrontIsTheAppThePersonCameFromInOneLine() {
        func model(_ cameFrom: String?, policies: [AppPolicyEntry] = []) -> SettingsModel {
            SettingsModel(SettingsSnapshot(manager: ManagerProperties(["FrontApp": Variant(string: SettingsSnapshot.ownAppID)]),
                                           policies: policies, apps: [Self.game, Self.notes, Self.plain], cameFrom: .some(cameFrom)))
        }
        XCTAssertEqual(model("org.example.Game").frontApp, "Game")
        XCTAssertEqual(model("org.example.Game").frontSummary, "Game: landscape — the app's own choice")
        XCTAssertEqual(model("org.example.Plain").frontSummary, "Plain: turns with the device (it says nothing)")
        XCTAssertEqual(model("org.example.Notes", policies: [AppPolicyEntry(appID: "org.example.Notes", allowed: ["portrait"],
                                                                             followSensor: true)]).frontSummary,
                       "Notes: Portrait only — your choice")
        XCTAssertEqual(model("org.example.Notes", policies: [AppPolicyEntry(appID: "org.example.Notes", allowed: ["portrait"], followSensor: true,
                                                                             source: "/etc/xdg/orientd/orientd.conf")]).frontSummary,
                       "Notes: Portrait only — the administrator's default")
        XCTAssertEqual(model("org.example.Game", policies: [AppPolicyEntry(appID: "org.example.Game", allowed: ["landscape-left"], followSensor: true,
                                                                           source: "/etc/o.conf", lockedBy: "/etc/o.conf")]).frontSummary,
                       "Game: Only landscape left — set by the administrator")
        XCTAssertEqual(model(nil).frontApp, "No app is in front")
        XCTAssertEqual(model(nil).frontSummary, "")
        // Without a cameFrom said, the front app unless it is the settings app itself.
        let own = SettingsSnapshot(manager: ManagerProperties(["FrontApp": Variant(string: SettingsSnapshot.ownAppID)]), policies: [], apps: [])
        XCTAssertNil(own.cameFrom)
    }

    func testEveryAppShowsWhatItDeclaresAndTheChoice() {
        let model = SettingsModel(snapshot(policies: [AppPolicyEntry(appID: "org.example.Notes", allowed: ["portrait"], followSensor: true)]))
        XCTAssertEqual(model.apps.map(\.appID), ["org.example.Game", "org.example.Notes", "org.example.Plain"])
        let game = model.apps[0], notes = model.apps[1], plain = model.apps[2]
        XCTAssertEqual(game.declared, "Declares landscape")
        XCTAssertEqual(game.choice, .followApp)
        XCTAssertEqual(notes.declared, "Declares every orientation but upside down")
        XCTAssertEqual(notes.choice, .portraitOnly)
        XCTAssertEqual(notes.subtitle, "Portrait only")
        XCTAssertEqual(plain.declared, "Declares nothing")
        XCTAssertFalse(notes.isLocked)
    }

    func testAnAdministratorsLockedPolicyIsShownAsLocked() {
        let locked = AppPolicyEntry(appID: "org.example.Game", allowed: ["landscape-left", "landscape-right"], followSensor: true,
                                    source: "/etc/xdg/orientd/orientd.conf", lockedBy: "/etc/xdg/orientd/orientd.conf")
        let game = SettingsModel(snapshot(policies: [locked])).apps[0]
        XCTAssertTrue(game.isLocked)
        XCTAssertEqual(game.choice, .landscapeOnly)
        XCTAssertEqual(game.subtitle, "Landscape only (set by the administrator)")
    }

    func testAPolicyNoChoiceGivesIsShownInWords() {
        let odd = AppPolicyEntry(appID: "org.example.Plain", allowed: ["portrait", "portrait-upside-down"], followSensor: true)
        let still = AppPolicyEntry(appID: "org.example.Notes", allowed: nil, followSensor: false)
        let model = SettingsModel(snapshot(policies: [odd, still]))
        XCTAssertNil(model.apps[2].choice)
        XCTAssertEqual(model.apps[2].choiceText, "Only portrait, either way up")
        XCTAssertNil(model.apps[1].choice)
        XCTAssertEqual(model.apps[1].choiceText, "Does not follow the device")
    }

    func testAPolicyForAnAppWithoutAnEntryIsListedToo() {
        let model = SettingsModel(snapshot(policies: [AppPolicyEntry(appID: "org.example.Gone", allowed: ["portrait"], followSensor: true)]))
        let gone = try? XCTUnwrap(model.apps.last)
        XCTAssertEqual(gone?.appID, "org.example.Gone")
        XCTAssertEqual(gone?.name, "org.example.Gone")
        XCTAssertEqual(gone?.declared, "No desktop entry")
    }
}

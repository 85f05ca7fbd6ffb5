import Foundation
import GLibBridge
import OrientationClient
import TestSupport
import XCTest

/// The settings app (orientd-settings) used as a person uses it: on real phoc nested in Xvfb
/// with orientd on the test's bus, driven through its accessibility tree (AT-SPI, with the
/// at-spi bus launched for the test), while orientd turns phoc's panel for the app in front.
final class SettingsAppFlowTests: OutputTestCase {
    static let reader = "org.example.SettingsReader"
    static let game = "org.example.SettingsGame"
    static let panel = "X11-1"
    static let teaName = "Tea & <b>Biscuits</b>"
    static let appLocks = "Apps may lock the orientation"

    var settings: OrientationClient!
    var settingsApp: ChildProcess?

    /// The policy orientd holds for `appID`, through the client library.
    func policy(_ appID: String) throws -> AppPolicyEntry? {
        try settings.appPolicies().first { $0.appID == appID }
    }

    /// phoc in Xvfb, orientd with an administrator's locked policy for the game (after
    /// `managerConfig`, a `[Manager]` section), the at-spi bus, and the settings app on phoc
    /// (with `environment` added, such as a language).
    /// `beforeTheApp` runs once orientd serves, before the settings app starts (an app the
    /// person comes from).
    func startEverything(environment extra: [String: String] = [:], phocConfig: String? = nil, managerConfig: String = "",
                         beforeTheApp: () throws -> Void = {}) throws {
        try writeDesktopEntry(Self.reader, orientations: "portrait;landscape")
        try writeDesktopEntry(Self.game, orientations: "all")
        // A name that is not markup, as desktop entries are untrusted text.
        try "[Desktop Entry]\nType=Application\nName=\(Self.teaName)\nExec=/usr/bin/true\n"
            .write(toFile: appDataHome + "/applications/org.example.Tea.desktop", atomically: true, encoding: .utf8)
        // In the administrator's folder of the orientd launchOrientd starts (its state home).
        try XDGFolders(root: scratch + "/state").writeConfiguration("\(managerConfig)[App \(Self.game)]\nAllowedOrientations=landscape\nLocked=true\n")

        try startPhocAndOrientd(panel: Self.panel, phocConfig: phocConfig)
        settings = try OrientationClient(address: bus.address, timeout: .seconds(25))
        addTeardownBlock { [unowned self] in self.settings?.close() }

        try startAccessibilityBus()
        try beforeTheApp()
        settingsApp = try startSettingsApp(environment: extra)
        try waitForControl(Self.reader, { _ in true }, "listed")
    }

    /// The app's words go through gettext: with a catalog of the person's language, the
    /// controls are named in it (and a screen reader says them so).
    func testTheAppSpeaksThePersonsLanguage() throws {
        let folder = scratch + "/locale/de/LC_MESSAGES"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let catalog = """
            msgid ""
            msgstr "Content-Type: text/plain; charset=UTF-8\\n"

            msgid "Rotation lock"
            msgstr "Drehsperre"

            msgid "Portrait only"
            msgstr "Nur Hochformat"
            """
        try catalog.write(toFile: scratch + "/de.po", atomically: true, encoding: .utf8)
        let compiled = try runCommand(["msgfmt", "-o", folder + "/orientd.mo", scratch + "/de.po"])
        XCTAssertTrue(compiled.succeeded, "\(compiled)")
        try startEverything(environment: ["TEXTDOMAINDIR": scratch + "/locale", "LANGUAGE": "de", "LC_ALL": "C.UTF-8"])
        try waitForControl("Drehsperre", { _ in true }, "named in German")
        try drive("press", Self.reader)
        try waitForControl("Nur Hochformat", { _ in true }, "named in German")
        XCTAssertNotNil(try controlStates("Follow the app"), "an untranslated word stays as written")
    }

    func testAChoiceMadeInTheAppReachesOrientdAndThePanel() throws {
        try startEverything()
        XCTAssertNotNil(try controlStates(Self.game), "the app lists every desktop entry")
        let reader = try startWaylandAppInFront(Self.reader)
        // The device held landscape-left: the reader, which allows landscape, is shown
        // landscape-right, which phoc shows as a 270° transform.
        try turnDevice("landscape-left")
        try compositor.waitForPanel(.threeQuarters)

        try drive("press", Self.reader)
        try waitForControl("Follow the app", { $0.contains("pressed") && $0.contains("sensitive") }, "chosen")
        try drive("press", "Portrait only")
        var last: AppPolicyEntry?
        try eventually("orientd holds portrait only for the reader (last: \(String(describing: last)))", timeout: deadline) {
            last = try policy(Self.reader)
            return last?.allowed == ["portrait"] && last?.source == "user"
        }
        try compositor.waitForPanel(.normal)
        try waitForControl("Portrait only", { $0.contains("pressed") }, "shown as chosen")

        try drive("press", "Follow the app")
        try eventually("the reader's policy is gone", timeout: deadline) { try policy(Self.reader) == nil }
        try compositor.waitForPanel(.threeQuarters)
        try closeApp(reader)
    }

    /// Why the screen is as it is, in orientd's words (`ExplainPanel`, as `orientctl explain`
    /// says it), and who set the rotation lock.
    func testTheAppInFrontIsExplainedInOrientdsWords() throws {
        try startEverything()
        _ = try startWaylandAppInFront(Self.reader)
        try drive("press", "Why?")
        var labels = ""
        try eventually("the settings app explains the reader in front (labels: \(labels))", timeout: deadline) {
            labels = try drive("labels")
            return labels.contains("\(Self.reader) is in front: the compositor's window list (wlroots) shows its window activated")
                && labels.contains("for \(Self.reader) (its desktop entry allows")
        }
        XCTAssertTrue(labels.contains("The rotation lock is off (the built-in default)."), labels)
        XCTAssertTrue(labels.contains("Keeps the screen as it is when the device turns (the default)"), labels)
    }

    /// A phone turned sideways (720 × 320: a 360-pixel-high screen less Phosh's top bar and home
    /// bar): an app's four choices are all in the window, none below the fold.
    func testInLandscapeAnAppsPageShowsItsFourChoices() throws {
        try startEverything(phocConfig: "[output:\(Self.panel)]\nmode = 320x720\n")
        try turnDevice("landscape-left")
        try compositor.waitForPanel(.threeQuarters)
        try drive("press", Self.reader)
        try waitForControl("Landscape only", { $0.contains("sensitive") }, "shown")
        var last = ""
        try eventually("Landscape only inside the window turned sideways (x y w h, window w h: \(last))", timeout: deadline) {
            last = try drive("extents", "Landscape only").trimmingCharacters(in: .whitespacesAndNewlines)
            let numbers = last.split(separator: " ").compactMap { Int($0) }
            guard numbers.count == 6, numbers[4] > numbers[5], numbers[3] > 0 else { return false }
            return numbers[1] + numbers[3] <= numbers[5]
        }
        // The reader's choice is its own: no administrator's row on its page.
        XCTAssertFalse(try drive("labels").contains("This app's choice cannot be changed here"))
    }

    /// On a phone the app in front is the settings app while it is looked at: "In front" speaks
    /// of the app the person came from, in one plain line, and orientd's whole explanation of
    /// it is one press away.
    func testInFrontIsTheAppThePersonCameFrom() throws {
        try startEverything(beforeTheApp: {
            _ = try startWaylandAppInFront(Self.reader)
        })
        try waitForFrontApp("io.github.orientd.Settings", trackedWindows: 2)
        var labels = ""
        let ownChoice = "\(Self.reader): every orientation but upside down — the app's own choice"
        try eventually("In front names the reader (labels: \(labels))", timeout: deadline) {
            labels = try drive("labels")
            return labels.contains(ownChoice)
        }
        XCTAssertFalse(labels.contains("is in front: the compositor's window list"), "the explanation waits behind its button")
        try drive("press", Self.reader)
        // The reader's page is up before its choice is pressed (on a busy machine a press
        // could come while the page was still being built, and went nowhere).
        try waitForControl("Follow the app", { $0.contains("pressed") && $0.contains("sensitive") }, "chosen")
        try drive("press", "Portrait only")
        try eventually("the line says the person's choice (labels: \(labels))", timeout: deadline) {
            labels = try drive("labels")
            return labels.contains("\(Self.reader): Portrait only — your choice")
        }
        try drive("press", "Why?")
        try eventually("the whole explanation, of the reader (labels: \(labels))", timeout: deadline) {
            labels = try drive("labels")
            return labels.contains("\(Self.reader) is not in front")
        }
    }

    func testAnAppsNameIsShownAsWrittenOnItsPage() throws {
        try startEverything()
        try drive("press", Self.teaName)
        var shown = 0
        try eventually("the name in the row and the page's header (last: \(shown) times)", timeout: deadline) {
            shown = try drive("labels").split(separator: "\n").filter { $0 == Self.teaName }.count
            return shown >= 2
        }
        let log = settingsApp?.standardError ?? ""
        XCTAssertFalse(log.contains("markup"), "the name was never read as markup:\n\(log)")
    }

    func testTheLockIsOneSettingInTheAppAndInOrientd() throws {
        try startEverything()
        try waitForControl("Rotation lock", { !$0.contains("checked") }, "off")
        try drive("press", "Rotation lock")
        try eventually("RotationLocked is true", timeout: deadline) { try managerProperty("RotationLocked").bool == true }
        try settings.setRotationLocked(false)
        try waitForControl("Rotation lock", { !$0.contains("checked") }, "off again")
        try settings.setRotationLocked(true)
        try waitForControl("Rotation lock", { $0.contains("checked") }, "on")
    }

    /// "Apps may lock the orientation" switched off in the app is orientd's `AppLocksAllowed`,
    /// kept in its state file (an orientd started again still has it off), and the screen's line
    /// says every app follows the device.
    func testTheAppLocksSwitchIsOrientdsAndIsKept() throws {
        try startEverything()
        try waitForControl(Self.appLocks, { $0.contains("checked") && $0.contains("sensitive") }, "on and changeable")
        try drive("press", Self.appLocks)
        try eventually("AppLocksAllowed is false", timeout: deadline) { try managerProperty("AppLocksAllowed").bool == false }
        try waitForControl(Self.appLocks, { !$0.contains("checked") }, "off")
        let state = try String(contentsOfFile: scratch + "/state/orientd/settings.ini", encoding: .utf8)
        XCTAssertTrue(state.split(separator: "\n").contains("AppLocksAllowed=false"), state)
        var labels = ""
        try eventually("the screen's line says every app follows the device (labels: \(labels))", timeout: deadline) {
            labels = try drive("labels")
            return labels.contains("This screen: a phone — every app follows how you hold it, as you chose")
        }

        let arguments = orientd.process.argv.dropFirst()
        XCTAssertEqual(orientd.stop(), .exited(0))
        try launchOrientd(Array(arguments), environment: appDataEnvironment.merging(waylandEnvironment) { $1 }, verbose: false)
        XCTAssertEqual(try managerProperty("AppLocksAllowed").bool, false, "kept across orientd's restart")
        try waitForControl(Self.appLocks, { $0.contains("sensitive") && !$0.contains("checked") }, "off and changeable again")
        try drive("press", Self.appLocks)
        try eventually("AppLocksAllowed is true", timeout: deadline) { try managerProperty("AppLocksAllowed").bool == true }
        try waitForControl(Self.appLocks, { $0.contains("checked") }, "on again")
    }

    /// An administrator who locks `AppLocksAllowed` decides it: the switch shows the value,
    /// disabled, saying so, and a press on it changes nothing.
    func testALockedAppLocksSwitchIsShownDisabled() throws {
        try startEverything(managerConfig: "[Manager]\nAppLocksAllowed=false\nLocked=AppLocksAllowed\n\n")
        try waitForControl(Self.appLocks, { !$0.contains("checked") && !$0.contains("sensitive") }, "off and locked")
        XCTAssertTrue(try drive("text", Self.appLocks).contains("Set by the administrator"))
        // The lock pressed after it shows that the app has handled the press.
        try drive("press", Self.appLocks)
        try drive("press", "Rotation lock")
        try eventually("RotationLocked is true", timeout: deadline) { try managerProperty("RotationLocked").bool == true }
        XCTAssertEqual(try managerProperty("AppLocksAllowed").bool, false)
        try waitForControl(Self.appLocks, { !$0.contains("checked") && !$0.contains("sensitive") }, "still off and locked")
    }

    /// orientd goes (stopped, or its package purged: this bus cannot start it again): the app
    /// says it is not running and disables what cannot apply, a press on the lock changes
    /// nothing; orientd back, everything is changeable again and the lock applies.
    func testTheAppNoticesOrientdGoingAndComingBack() throws {
        try startEverything()
        try drive("press", Self.reader)
        try waitForControl("Portrait only", { $0.contains("sensitive") }, "changeable")
        try waitForControl("Rotation lock", { $0.contains("sensitive") && !$0.contains("checked") }, "off and changeable")
        let arguments = orientd.process.argv.dropFirst()
        XCTAssertEqual(orientd.stop(), .exited(0))

        try waitForControl("Rotation lock", { !$0.contains("sensitive") && !$0.contains("checked") }, "off and disabled")
        try waitForControl("Portrait only", { !$0.contains("sensitive") }, "disabled")
        try waitForControl(Self.appLocks, { !$0.contains("sensitive") && $0.contains("checked") }, "on and disabled")
        XCTAssertTrue(try drive("labels").contains("orientd is not running: nothing here can change until it is back"))
        try drive("press", "Rotation lock")
        try drive("press", "Portrait only")
        try drive("press", Self.appLocks)
        try waitForControl("Rotation lock", { !$0.contains("checked") }, "still off")

        try launchOrientd(Array(arguments), environment: appDataEnvironment.merging(waylandEnvironment) { $1 }, verbose: false)
        try waitForControl("Rotation lock", { $0.contains("sensitive") && !$0.contains("checked") }, "changeable again")
        try waitForControl("Portrait only", { $0.contains("sensitive") }, "changeable again")
        XCTAssertEqual(try managerProperty("RotationLocked").bool, false, "nothing was applied meanwhile")
        XCTAssertEqual(try managerProperty("AppLocksAllowed").bool, true, "nothing was applied meanwhile")
        try waitForControl(Self.appLocks, { $0.contains("sensitive") && $0.contains("checked") }, "on and changeable again")
        XCTAssertNil(try policy(Self.reader), "nothing was applied meanwhile")
        try drive("press", "Rotation lock")
        try eventually("RotationLocked is true", timeout: deadline) { try managerProperty("RotationLocked").bool == true }
    }

    func testAnAdministratorsLockedPolicyIsShownLockedAndCannotBeChanged() throws {
        try startEverything()
        try drive("press", Self.game)
        try waitForControl("Landscape only", { $0.contains("pressed") && !$0.contains("sensitive") }, "chosen and locked")
        try waitForControl("Portrait only", { !$0.contains("sensitive") }, "locked")
        XCTAssertTrue(try drive("text", Self.game).contains("set by the administrator"))
        XCTAssertTrue(try drive("labels").contains("This app's choice cannot be changed here"), "the page says why")
        // A press on the locked choice changes nothing; the lock pressed after it shows that the
        // app has handled it.
        try drive("press", "Portrait only")
        try drive("press", "Rotation lock")
        try eventually("RotationLocked is true", timeout: deadline) { try managerProperty("RotationLocked").bool == true }
        let game = try XCTUnwrap(try policy(Self.game))
        XCTAssertEqual(game.policy?.allowed, .landscape)
        XCTAssertTrue(game.locked)
        try waitForControl("Landscape only", { $0.contains("pressed") }, "still chosen")
    }
}

/// The app list's search and the About window, as GNOME apps have them.
extension SettingsAppFlowTests {
    /// A row the search hides leaves the accessibility tree (GTK presents no hidden widget).
    func testTypingInTheSearchNarrowsTheAppList() throws {
        try startEverything()
        try waitForControl(Self.game, { _ in true }, "listed")
        try drive("type", "Search apps", "READER")
        try eventually("the game's row hidden by the search", timeout: deadline) { try controlStates(Self.game) == nil }
        XCTAssertNotNil(try controlStates(Self.reader), "the reader matches")
        try drive("type", "Search apps", "")
        try waitForControl(Self.game, { _ in true }, "listed again")
    }

    func testTheMenuOpensTheAboutWindow() throws {
        try startEverything()
        let activated = try runCommand(["gdbus", "call", "--session", "--dest", "io.github.orientd.Settings",
                                        "--object-path", "/io/github/orientd/Settings", "--method", "org.gtk.Actions.Activate",
                                        "about", "[]", "{}"], environment: childEnvironment)
        XCTAssertTrue(activated.succeeded, "\(activated)")
        var windows = ""
        try eventually("the About window shown (windows: \(windows))", timeout: deadline) {
            windows = try drive("windows")
            return windows.split(separator: "\n").count >= 2
        }
    }
}

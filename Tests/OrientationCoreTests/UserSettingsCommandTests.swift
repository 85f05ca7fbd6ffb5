import OrientationCore
import XCTest

/// `Command.changesUserSettings` tells the shell to save the user's settings before it
/// answers; a setting command left out of it would be saved only after the reply, and
/// nothing else would notice. Each command runs once through the core: it reports
/// `settingsChanged` exactly when `changesUserSettings` says it may.
final class UserSettingsCommandTests: XCTestCase {
    /// One command of each case, run after its preparation on a manager with one scene.
    private static let samples: [(prepare: [Command], command: Command)] = [
        ([], .registerScene(SceneRegistration(appId: "org.example.Other", idiom: .phone))),
        ([], .unregisterScene(1)),
        ([], .deviceReading(.landscapeLeft, source: .manual)),
        ([], .setRotationLocked(true)),
        ([], .setKioskMode(true, .landscapeLeft)),
        ([], .setSplitViewThreshold(10)),
        ([], .setSettleTime(900)),
        ([], .setAppPolicy(appId: "org.example.App", AppPolicy(allowed: .portrait, followSensor: false))),
        ([], .setAppLocksAllowed(false)),
        ([], .setSensorAvailable(true)),
        ([.setSettleTime(900)], .resetSetting("all")),
        ([.setSettleTime(900)], .reloadConfiguration(Configuration())),
        ([], .adoptUserSettings(SettingLayer())),
        ([.deviceReading(.landscapeLeft, source: .manual)], .tick),
        ([], .clientVanished(Caller.app)),
        ([], .callerIdentified(Caller.other, .user)),
        ([], .scene(1, .update)),
        ([], .output(.note("a note"))),
        ([], .window(.detached(reason: "gone"))),
    ]

    /// The case's place in `samples`. The switch has no default: a new Command case does not
    /// compile here until it has a place, and the test fails until it has a sample.
    private static func place(of command: Command) -> Int {
        switch command {
        case .registerScene: 0
        case .unregisterScene: 1
        case .deviceReading: 2
        case .setRotationLocked: 3
        case .setKioskMode: 4
        case .setSplitViewThreshold: 5
        case .setSettleTime: 6
        case .setAppPolicy: 7
        case .setAppLocksAllowed: 8
        case .setSensorAvailable: 9
        case .resetSetting: 10
        case .reloadConfiguration: 11
        case .adoptUserSettings: 12
        case .tick: 13
        case .clientVanished: 14
        case .callerIdentified: 15
        case .scene: 16
        case .output: 17
        case .window: 18
        }
    }

    func testEveryCommandCaseHasASample() {
        XCTAssertEqual(Self.samples.map { Self.place(of: $0.command) }, Array(0..<Self.samples.count))
    }

    func testACommandChangesTheUsersSettingsExactlyWhenItSaysItMay() throws {
        for (prepare, command) in Self.samples {
            var subject = ManagerUnderTest()
            let scene = try subject.register { $0.supported = .all }
            XCTAssertEqual(scene, 1)
            for step in prepare { try subject.run(step) }
            try subject.run(command)
            XCTAssertEqual(subject.events.contains(.settingsChanged), command.changesUserSettings,
                           "\(command): changesUserSettings is \(command.changesUserSettings)")
        }
    }
}

import OrientationCore
import XCTest

/// The bus names used as callers.
enum Caller {
    static let app = ":1.10"
    static let other = ":1.20"
    static let shell = ":1.30"
}

/// A manager driven by commands at explicit moments: time is a value, nothing sleeps.
struct ManagerUnderTest {
    var manager: OrientationManager
    /// Monotonic microseconds.
    var clock: Int64 = 1_000_000
    /// The outcome of the last successful command.
    var last: Outcome?
    /// The events of the last successful command.
    var events: [Event] { last?.events ?? [] }

    init(settleTime: UInt32 = 0, limits: Limits = .default, configure: (inout Settings) -> Void = { _ in }) {
        var settings = Settings()
        settings.settleTimeMilliseconds = settleTime
        configure(&settings)
        manager = OrientationManager(settings: settings, limits: limits)
    }

    var now: Moment { Moment(monotonic: clock, wall: 1_700_000_000_000_000 + clock) }

    mutating func advance(milliseconds: Int64) { clock += milliseconds * 1000 }

    /// Runs a command; the outcome is also kept in `last`.
    @discardableResult
    mutating func run(_ command: Command, as caller: String = Caller.app) throws(OrientationError) -> Outcome {
        let outcome = try manager.apply(command, caller: caller, at: now)
        last = outcome
        return outcome
    }

    @discardableResult
    mutating func on(_ scene: SceneID, _ command: SceneCommand, as caller: String = Caller.app) throws(OrientationError) -> Outcome {
        try run(.scene(scene, command), as: caller)
    }

    /// Registers a scene and returns its id.
    mutating func register(_ appId: String = "org.example.App", idiom: Idiom = .phone, as caller: String = Caller.app,
                           _ configure: (inout SceneRegistration) -> Void = { _ in }) throws(OrientationError) -> SceneID {
        var registration = SceneRegistration(appId: appId, idiom: idiom)
        configure(&registration)
        guard case .scene(let id) = try run(.registerScene(registration), as: caller).reply else {
            XCTFail("RegisterScene answered \(String(describing: last?.reply))")
            return 0
        }
        return id
    }

    /// A device reading, as SetDeviceOrientation sends it (settled at once when the settle time is 0).
    @discardableResult
    mutating func device(_ orientation: DeviceOrientation, source: SensorSource = .manual) throws(OrientationError) -> Outcome {
        try run(.deviceReading(orientation, source: source), as: Caller.shell)
    }

    @discardableResult
    mutating func tick() throws(OrientationError) -> Outcome { try run(.tick, as: Caller.shell) }

    func snapshot(_ id: SceneID, file: StaticString = #filePath, line: UInt = #line) -> SceneSnapshot {
        guard let snapshot = manager.snapshot(of: id) else {
            XCTFail("no scene \(id)", file: file, line: line)
            return OrientationManager.placeholderSnapshot
        }
        return snapshot
    }

    func orientation(_ id: SceneID) -> InterfaceOrientation { snapshot(id).orientation }

    /// The OrientationChanged events of the last command.
    var changes: [OrientationChangedEvent] { events.orientationChanges }

    /// The PropertiesChanged lists of the last command, by scene.
    var propertiesChanged: [SceneID: [SceneProperty]] { events.scenePropertyChanges }

    /// Runs a command that must fail with `kind`, and checks that it changed nothing at all.
    @discardableResult
    mutating func expectFailure(_ kind: OrientationError.Kind, _ command: Command, as caller: String = Caller.app,
                                file: StaticString = #filePath, line: UInt = #line) -> OrientationError? {
        let before = StateProjection(manager)
        do {
            let outcome = try manager.apply(command, caller: caller, at: now)
            XCTFail("expected \(kind.rawValue), got \(outcome)", file: file, line: line)
            return nil
        } catch {
            XCTAssertEqual(error.kind, kind, error.message, file: file, line: line)
            XCTAssertEqual(StateProjection(manager), before, "a failed command changed the state", file: file, line: line)
            return error
        }
    }

    @discardableResult
    mutating func expectFailure(_ kind: OrientationError.Kind, on scene: SceneID, _ command: SceneCommand,
                                as caller: String = Caller.app,
                                file: StaticString = #filePath, line: UInt = #line) -> OrientationError? {
        expectFailure(kind, .scene(scene, command), as: caller, file: file, line: line)
    }
}

/// An OrientationChanged event, unpacked.
struct OrientationChangedEvent: Equatable, CustomStringConvertible {
    var scene: SceneID
    var from: InterfaceOrientation
    var to: InterfaceOrientation
    var reason: ChangeReason

    init(_ scene: SceneID, _ from: InterfaceOrientation, _ to: InterfaceOrientation, _ reason: ChangeReason) {
        (self.scene, self.from, self.to, self.reason) = (scene, from, to, reason)
    }

    var description: String { "\(scene): \(from.rawValue) → \(to.rawValue) (\(reason.rawValue))" }
}

extension [Event] {
    var orientationChanges: [OrientationChangedEvent] {
        compactMap {
            if case .orientationChanged(let id, let from, let to, let reason) = $0 {
                return OrientationChangedEvent(id, from, to, reason)
            }
            return nil
        }
    }

    var scenePropertyChanges: [SceneID: [SceneProperty]] {
        var result: [SceneID: [SceneProperty]] = [:]
        for case .scenePropertiesChanged(let id, let properties) in self {
            XCTAssertNil(result[id], "two PropertiesChanged for scene \(id) in one command")
            result[id] = properties
        }
        return result
    }

    var managerPropertyChanges: [ManagerProperty] {
        var result: [ManagerProperty] = []
        for case .managerPropertiesChanged(let properties) in self { result += properties }
        return result
    }

    var deviceChanges: [DeviceOrientation] {
        compactMap {
            if case .deviceOrientationChanged(let o) = $0 { return o }
            return nil
        }
    }

    /// The `sensorWanted` events: claim (true) or release (false).
    var sensorClaims: [Bool] {
        compactMap {
            if case .sensorWanted(let wanted) = $0 { return wanted }
            return nil
        }
    }

    /// The `holdCompositorRotation` events: hold (true) or give back (false).
    var compositorHolds: [Bool] {
        compactMap {
            if case .holdCompositorRotation(let held) = $0 { return held }
            return nil
        }
    }

    var suggestions: [(SceneID, InterfaceOrientation)] {
        compactMap {
            if case .rotationSuggested(let id, let o) = $0 { return (id, o) }
            return nil
        }
    }
}

extension OrientationManager {
    /// A snapshot for the error path of `ManagerUnderTest.snapshot`.
    static let placeholderSnapshot: SceneSnapshot = {
        var manager = OrientationManager()
        let outcome = try! manager.apply(.registerScene(SceneRegistration(appId: "placeholder")), caller: ":0",
                                         at: Moment(monotonic: 0, wall: 0))
        guard case .scene(let id) = outcome.reply else { fatalError("placeholder registration") }
        return manager.snapshot(of: id)!
    }()
}

import OrientationCore
import XCTest

/// Random commands over random trees and scenes, checking the model's invariants after each.
final class RandomisedTests: XCTestCase {
    static let seeds: [UInt64] = [0x5EED_0001, 0x5EED_0002, 0xC0FF_EE00, 0xBAD_CAFE]
    static let commandsPerSeed = 25_000

    func testRandomCommandsKeepEveryInvariant() {
        var limits = Limits()
        limits.scenesPerConnection = 4
        limits.scenesInAll = 9
        limits.controllersPerScene = 12
        limits.appPolicies = 3
        limits.historyEntries = 16
        limits.trackedWindows = 5

        let started = ContinuousClock.now
        var total = 0
        var failures: [OrientationError.Kind: Int] = [:]
        var changes = 0
        for seed in Self.seeds {
            var checker = InvariantChecker(seed: seed, limits: limits)
            for index in 0..<Self.commandsPerSeed {
                checker.step()
                if checker.failureCount > 0 {
                    XCTFail("seed \(String(seed, radix: 16)), command \(index): \(checker.lastCommand)")
                    return
                }
            }
            total += Self.commandsPerSeed
            failures.merge(checker.errorKinds, uniquingKeysWith: +)
            changes += checker.orientationChanges
        }
        let elapsed = ContinuousClock.now - started
        print("RandomisedTests: \(total) commands, \(changes) orientation changes, errors \(failures.map { "\($0.key.rawValue) \($0.value)" }.sorted().joined(separator: ", ")) in \(elapsed)")
        XCTAssertGreaterThanOrEqual(total, 100_000)
        // The run must reach the interesting places: many changes and every error a scene can get.
        XCTAssertGreaterThan(changes, total / 50)
        // SaveFailed is the adapter's (a failed write); the core never raises it.
        for kind in OrientationError.Kind.allCases where kind != .saveFailed {
            XCTAssertGreaterThan(failures[kind, default: 0], 0, "no command failed with \(kind.rawValue)")
        }
    }
}

/// Runs generated commands against a manager and checks each outcome.
struct InvariantChecker {
    var generator: CommandGenerator
    var manager: OrientationManager
    var clock: Int64 = 1_000_000
    var lastCommand = ""
    var failureCount = 0
    var errorKinds: [OrientationError.Kind: Int] = [:]
    var orientationChanges = 0
    /// The scenes' published properties after the last command.
    var snapshots: [SceneID: SceneSnapshot] = [:]

    init(seed: UInt64, limits: Limits) {
        generator = CommandGenerator(seed: seed)
        var settings = Settings()
        settings.settleTimeMilliseconds = 0
        manager = OrientationManager(settings: settings, limits: limits)
    }

    mutating func fail(_ message: String, file: StaticString = #filePath, line: UInt = #line) {
        failureCount += 1
        XCTFail("\(lastCommand): \(message)", file: file, line: line)
    }

    mutating func check(_ condition: Bool, _ message: @autoclosure () -> String,
                        file: StaticString = #filePath, line: UInt = #line) {
        if !condition { fail(message(), file: file, line: line) }
    }

    mutating func step() {
        clock += Int64(generator.random.below(300_000))
        let (command, caller) = generator.next(for: manager)
        lastCommand = "\(command) from \(caller)"
        let saved = manager
        let before = snapshots
        let now = Moment(monotonic: clock, wall: clock)
        do {
            let outcome = try manager.apply(command, caller: caller, at: now)
            snapshots = Dictionary(uniqueKeysWithValues: manager.scenes.keys.map { ($0, manager.snapshot(of: $0)!) })
            checkSuccess(command, outcome, saved: saved, before: before)
        } catch {
            errorKinds[error.kind, default: 0] += 1
            check(error.name.hasSuffix(error.kind.rawValue), "error name \(error.name)")
            check(!error.message.isEmpty, "an error without a message")
            let projection = StateProjection(manager)
            if projection != StateProjection(saved) { fail("the failed command (\(error)) changed the state") }
        }
        checkInvariants()
    }

    mutating func checkSuccess(_ command: Command, _ outcome: Outcome, saved: OrientationManager,
                               before: [SceneID: SceneSnapshot]) {
        let after = snapshots
        let events = outcome.events
        let added = Set(after.keys).subtracting(before.keys)
        let removed = Set(before.keys).subtracting(after.keys)
        check(events.compactMap { if case .sceneAdded(let id) = $0 { return id }; return nil } == added.sorted(), "sceneAdded")
        check(Set(events.compactMap { if case .sceneRemoved(let id) = $0 { return id }; return nil }) == removed
              && events.filter { if case .sceneRemoved = $0 { return true }; return false }.count == removed.count, "sceneRemoved")

        // Exactly one OrientationChanged per real change, matching the snapshots.
        let changed = events.orientationChanges
        orientationChanges += changed.count
        var expectedChanges = 0
        for (id, old) in before {
            guard let new = after[id] else { continue }
            let mine = changed.filter { $0.scene == id }
            if old.orientation != new.orientation {
                expectedChanges += 1
                check(mine.count == 1 && mine[0].from == old.orientation && mine[0].to == new.orientation,
                      "scene \(id) \(old.orientation) → \(new.orientation) emitted \(mine)")
            } else {
                check(mine.isEmpty, "scene \(id) did not change but emitted \(mine)")
            }
            // PropertiesChanged lists exactly the changed properties, in the contract's order.
            let expected = Self.propertyDiff(old, new)
            let listed = events.compactMap { event -> [SceneProperty]? in
                if case .scenePropertiesChanged(id, let properties) = event { return properties }
                return nil
            }
            check(listed == (expected.isEmpty ? [] : [expected]), "scene \(id): expected \(expected), listed \(listed)")
            checkGeometry(command, id, old, new)
        }
        check(changed.count == expectedChanges, "\(changed.count) OrientationChanged for \(expectedChanges) changes")
        for id in added {
            check(!events.contains { if case .scenePropertiesChanged(id, _) = $0 { return true }; return false },
                  "PropertiesChanged for a new scene")
        }
        // The history took every change, newest first.
        let capacity = manager.history.capacity
        check(manager.history.count == min(capacity, saved.history.count + changed.count), "history count")
        if !changed.isEmpty {
            let newest = manager.history.newest(min(changed.count, capacity))
            let recorded = newest.reversed().map { OrientationChangedEvent($0.scene, $0.previous, $0.current, $0.reason) }
            check(recorded == Array(changed.suffix(capacity)), "history \(recorded) vs events \(changed)")
        }
        // The manager's published properties.
        let oldManager = saved.managerSnapshot, newManager = manager.managerSnapshot
        let managerExpected = Self.managerDiff(oldManager, newManager)
        check(events.managerPropertyChanges == managerExpected, "manager properties \(events.managerPropertyChanges) vs \(managerExpected)")
        let deviceEvents = events.deviceChanges
        if oldManager.deviceOrientation != newManager.deviceOrientation {
            check(deviceEvents == [newManager.deviceOrientation], "DeviceOrientationChanged")
        } else {
            check(deviceEvents.isEmpty, "DeviceOrientationChanged without a change")
        }
        if oldManager.rotationLocked && newManager.rotationLocked {
            check(oldManager.deviceOrientation == newManager.deviceOrientation, "device orientation moved under the lock")
        }
        if !events.suggestions.isEmpty { check(newManager.rotationLocked, "RotationSuggested without the lock") }
        check(events.contains(.settingsChanged) == (saved.settings != manager.settings), "settingsChanged")
        // The sensor is claimed while it is there and a built-in scene or the panel itself would
        // follow it; on a desk nothing follows it (PostureTests).
        let wants = manager.wantsSensor, wantedBefore = saved.wantsSensor
        let builtinScene = manager.scenes.values.contains { $0.isBuiltin }
        let panelFollows = manager.output.backend != nil && manager.frontScene == nil && !manager.settings.kioskMode
        check(wants == (manager.sensorAvailable && manager.regime != .desk && (builtinScene || panelFollows)), "wantsSensor")
        check(events.sensorClaims == (wantedBefore == wants ? [] : [wants]),
              "sensorWanted \(events.sensorClaims) for \(wantedBefore) → \(wants)")
        // The compositor's rotation is held exactly while kiosk mode is on or the scene in
        // front does not show what the compositor would; each change is said once.
        let holds = manager.holdsCompositorRotation, heldBefore = saved.holdsCompositorRotation
        check(events.compositorHolds == (heldBefore == holds ? [] : [holds]), "holdCompositorRotation \(events.compositorHolds)")
        let front = manager.frontScene.flatMap { manager.scenes[$0] }
        if manager.settings.kioskMode { check(holds, "kiosk mode without a hold") }
        if !manager.settings.kioskMode, front == nil { check(!holds, "a hold with nothing in front") }
        // On a desk only the user's (or the administrator's) choice holds it: no app turns the panel.
        let turnsOnDesk = front.map { manager.settings.appPolicies[$0.appId]?.allowed != nil
            || ($0.isObserved && $0.supportedGiven == nil && manager.settings.undeclaredAppOrientations != .all) } ?? false
        if let front, !manager.settings.kioskMode, let device = manager.deviceOrientation.interfaceOrientation,
           front.orientation != device, manager.regime != .desk || turnsOnDesk {
            check(holds, "no hold for a front scene in \(front.orientation.rawValue), device \(device.rawValue)")
        }
        if manager.regime == .desk, !manager.settings.kioskMode, !turnsOnDesk { check(!holds, "a hold on a desk for an app") }
        // The shell's timer hears of every new deadline, and again after a tick before it.
        var tickedEarly = false
        if case .tick = command { tickedEarly = manager.nextDeadline != nil }
        let dues = events.compactMap { event -> Int64?? in
            if case .tickDue(let at) = event { return at }
            return nil
        }
        let deadlineBefore = saved.nextDeadline, deadline = manager.nextDeadline
        check(dues == (deadlineBefore != deadline || tickedEarly ? [deadline] : []),
              "tickDue \(dues) for \(String(describing: deadlineBefore)) → \(String(describing: deadline))")
        // Replies.
        switch (command, outcome.reply) {
        case (.registerScene, .scene(let id)):
            check(added == [id] && id == manager.lastSceneID, "registered \(id)")
        case (.scene(let id, .update), .orientation(let o)), (.scene(let id, .request), .orientation(let o)):
            check(after[id]?.orientation == o, "reply \(o)")
        case (.scene(let id, .request(let wanted)), _):
            check(false, "request \(wanted) on \(id) replied \(outcome.reply)")
        case (.scene(let id, .pop), .controller(let popped)):
            check(saved.scenes[id]!.tree.handle(of: popped) != nil && manager.scenes[id]!.tree.handle(of: popped) == nil,
                  "popped \(popped)")
        case (.registerScene, _), (.scene(_, .update), _), (.scene(_, .pop), _):
            check(false, "reply \(outcome.reply)")
        default:
            check(outcome.reply == .none, "reply \(outcome.reply)")
        }
    }

    /// Width and height: swapped with a family change, else kept, except that SetGeometry sets them.
    mutating func checkGeometry(_ command: Command, _ id: SceneID, _ old: SceneSnapshot, _ new: SceneSnapshot) {
        var base = (old.width, old.height)
        if case .scene(id, .setGeometry(let width, let height)) = command { base = (width, height) }
        if old.orientation.family != new.orientation.family { base = (base.1, base.0) }
        check(new.width == base.0 && new.height == base.1, "scene \(id) size \(new.width)×\(new.height), expected \(base)")
    }

    mutating func checkInvariants() {
        let settings = manager.settings
        for (id, scene) in manager.scenes {
            let snapshot = snapshots[id]!
            check(!snapshot.supported.isEmpty, "scene \(id) has an empty mask")
            check(snapshot.supported.contains(snapshot.orientation), "scene \(id): \(snapshot.orientation) outside \(snapshot.supported)")
            check(snapshot.statusBarHidden == settings.kioskMode, "StatusBarHidden")
            if settings.kioskMode { check(snapshot.orientation == settings.kioskOrientation, "kiosk not applied to \(id)") }
            let inSplit = scene.idiom == .pad
                && (scene.width < settings.splitViewThreshold || scene.height < settings.splitViewThreshold)
            check(snapshot.splitView == inSplit, "scene \(id) split view \(snapshot.splitView)")
            check(scene.tree.count <= manager.limits.controllersPerScene, "controllers over the limit")
            if let allowed = settings.appPolicies[scene.appId]?.allowed, !settings.kioskMode {
                check(allowed.contains(snapshot.orientation), "scene \(id) outside its app policy")
            }
        }
        let detached = manager.scenes.values.filter { $0.isDetached && !$0.isObserved }.count
        let observed = manager.scenes.values.filter(\.isObserved).count
        check(manager.scenes.count - detached - observed <= manager.limits.scenesInAll, "live apps' scenes over the limit")
        check(detached <= manager.limits.detachedScenesInAll && detached == manager.detachedSceneCount, "detached scenes over the limit")
        check(manager.controllerCount == manager.scenes.values.reduce(0) { $0 + $1.tree.count }, "controller count out of step")
        // The front scene: the foreground order holds exactly the foreground-active scenes on
        // builtin, each once, and the last of them is in front.
        let order = manager.output.foregroundOrder
        let eligible = manager.scenes.values.filter { $0.isBuiltin && $0.activation == .foregroundActive }.map(\.id)
        check(order.count == Set(order).count && Set(order) == Set(eligible), "foreground order \(order), eligible \(eligible.sorted())")
        let front = manager.frontScene, expectedFront = Self.expectedFront(manager)
        check(front == expectedFront, "front scene \(String(describing: front)), expected \(String(describing: expectedFront))")
        if manager.windows.windows.isEmpty { check(front == order.last, "front scene without windows") }
        let frontApp = front.flatMap { manager.scenes[$0]?.appId } ?? ""
        check(manager.managerSnapshot.frontApp == frontApp, "FrontApp")
        checkObservedScenes()
        // Explain now and then: the layers in order and the decision as published.
        if generator.random.chance(2), let id = manager.scenes.keys.min() {
            let steps = (try? manager.explain(id)) ?? []
            let layers = manager.scenes[id]!.isObserved ? 2...4 : 8...8
            check(layers.contains(steps.count) && steps.last?.mask == OrientationMask(snapshots[id]!.orientation),
                  "explain \(steps.map(\.name))")
        }
    }

    /// Exactly one observed scene per tracked window of a (valid) app with no registered
    /// scene, with the window's app and activation; no other observed scene.
    mutating func checkObservedScenes() {
        let windows = manager.windows
        let registeredApps = Set(manager.scenes.values.filter { !$0.isObserved }.map(\.appId))
        var expected: Set<UInt64> = []
        for (handle, window) in windows.windows where !window.appId.isEmpty && !registeredApps.contains(window.appId) {
            expected.insert(handle)
            guard let id = windows.observedScenes[handle], let scene = manager.scenes[id] else {
                fail("window \(handle) of \(window.appId) has no observed scene")
                continue
            }
            check(scene.isObserved && scene.observedWindow == handle && scene.appId == window.appId
                  && scene.activation == window.activation && scene.owner == nil,
                  "observed scene \(id) out of step with window \(window)")
        }
        check(Set(windows.observedScenes.keys) == expected, "observed windows \(windows.observedScenes.keys.sorted()), expected \(expected.sorted())")
        let observed = manager.scenes.values.filter(\.isObserved).map(\.id)
        check(Set(observed) == Set(windows.observedScenes.values) && observed.count == windows.observedScenes.count,
              "observed scenes \(observed.sorted())")
        check(windows.tracker != nil || windows.windows.isEmpty, "windows without a tracker")
        check(manager.windows.windows.count <= manager.limits.trackedWindows, "windows over the limit")
    }

    /// The front rule, written out again from the scenes and the windows alone.
    static func expectedFront(_ m: OrientationManager) -> SceneID? {
        let order = m.output.foregroundOrder
        let windows = m.windows.windows
        guard !windows.isEmpty else { return order.last }
        let active = windows.values.filter { $0.activated && !$0.minimized }
        if !active.isEmpty {
            guard let window = m.windows.activeWindow, active.contains(window) else { return nil }
            if !window.appId.isEmpty,
               let id = order.last(where: { m.scenes[$0]!.appId == window.appId && !m.scenes[$0]!.isObserved }) {
                return id
            }
            return m.scenes.values.first { $0.observedWindow == window.handle }?.id
        }
        let backed = Set(windows.values.map(\.appId))
        if let id = order.last(where: { !m.scenes[$0]!.isObserved && !backed.contains(m.scenes[$0]!.appId) }) { return id }
        // The window last activated is kept in front through moments with none activated.
        guard let kept = m.windows.keptWindow else { return nil }
        let live = m.scenes.values.filter { $0.isBuiltin && $0.activation != .background }
        if !kept.appId.isEmpty, let scene = live.filter({ $0.appId == kept.appId && !$0.isObserved }).max(by: { $0.id < $1.id }) {
            return scene.id
        }
        return live.first { $0.observedWindow == kept.handle }?.id
    }
}

import OrientationCore
@testable import OrientationDaemon

/// A real core (`OrientationManager`) with the service's parts wired to it as
/// `OrientationService` wires them (`wireParts`, and `perform` handing the core's events on),
/// but no bus and no service: the part under test runs as in orientd, and the test reads the
/// commands it ran and the core's state, as swift-nio's `EmbeddedChannel` runs one handler.
final class EmbeddedCore {
    var manager: OrientationManager
    /// Every command a part ran, in order (refused ones too).
    private(set) var commands: [Command] = []
    /// The parts whose core events this core hands on (as `OrientationService.perform` does).
    weak var output: OutputPart?
    weak var sensor: SensorPart?
    /// Monotonic time in microseconds, moved on by each command.
    private var now: Int64 = 1_000_000

    init(_ manager: OrientationManager = OrientationManager()) {
        self.manager = manager
        // No settle time: a reading is applied at once.
        try! run(.setSettleTime(0))
        commands = []
    }

    /// Runs `command` from `caller` ("": the shell, as the parts' commands are).
    func run(_ command: Command, caller: String = "") throws(OrientationError) {
        commands.append(command)
        now += 1_000
        let outcome = try manager.apply(command, caller: caller, at: Moment(monotonic: now, wall: now))
        for event in outcome.events {
            switch event {
            case .applyOutput(let row): output?.apply(row)
            case .sensorWanted(let wanted): sensor?.claim(wanted)
            case .holdCompositorRotation(let held): output?.holdCompositorRotation(held)
            case .managerPropertiesChanged(let properties) where properties.contains(.rotationLocked):
                output?.rotationLockChanged(manager.settings.rotationLocked)
            default: break
            }
        }
    }

    /// Wires `part` as `wireParts` does.
    func wire(_ part: OutputPart) {
        output = part
        part.manager = { [unowned self] in self.manager }
        part.perform = { [unowned self] in try? self.run($0) }
    }

    func wire(_ part: WindowPart) {
        part.manager = { [unowned self] in self.manager }
        part.perform = { [unowned self] command throws(OrientationError) in try self.run(command) }
    }

    func wire(_ part: SensorPart) {
        sensor = part
        part.perform = { [unowned self] in try? self.run($0) }
    }
}

import GLibBridge
import OrientationCore
import XCTest
@testable import OrientationDaemon
import OrientationWire

/// Each row read alone, through its own `MethodContext` (no service, no bus): every command
/// row decodes a call, and its `persists` says what the core's `Command.changesUserSettings`
/// says of the command; a persisting method left unmarked would be saved only after its reply,
/// and nothing else would notice (docs/architecture.md, "Adding a part" → "A method").
final class MethodRowTests: XCTestCase {
    /// What a row may reach, with one scene (1) registered by `caller`.
    final class Context: MethodContext {
        var manager = OrientationManager()
        var reloads: [String] = []

        func declared(_ registration: SceneRegistration) -> SceneRegistration { registration }
        func reloadConfiguration(because why: String) { reloads.append(why) }
        func controllersReply(of id: SceneID) throws(OrientationError) -> Variant {
            Variant(tuple: [Encode.controllers(try manager.scene(id))])
        }
    }

    static let caller = ":1.7"

    struct MissingSample: Error, CustomStringConvertible {
        let description: String
    }

    /// The calls whose arguments cannot be each type's empty value (`false`, 0, "", an empty
    /// array or dictionary), in GVariant text; every other method is called with those.
    static let samples: [String: String] = [
        ManagerMethod.registerScene.rawValue: "({'app-id': <'org.example.App'>},)",
        ManagerMethod.unregisterScene.rawValue: "(objectpath '\(BusNames.managerPath)/scene/1',)",
        ManagerMethod.setDeviceOrientation.rawValue: "('landscape-left',)",
        ManagerMethod.resetSetting.rawValue: "('all',)",
        SceneMethod.setRootController.rawValue: "('root', 'view', @a{sv} {})",
        SceneMethod.pushController.rawValue: "('root', 'child', 'view', @a{sv} {})",
        SceneMethod.addTab.rawValue: "('root', 'child', 'view', @a{sv} {})",
        SceneMethod.presentController.rawValue: "('root', 'child', 'view', @a{sv} {})",
        SceneMethod.setOrientationMode.rawValue: "('root', 'none')",
        SceneMethod.requestOrientation.rawValue: "('portrait',)",
        SceneMethod.setActivationState.rawValue: "('foreground-active',)",
    ]

    private func context() throws -> Context {
        let context = Context()
        let moment = Moment(monotonic: 0, wall: 0)
        _ = try context.manager.apply(.registerScene(SceneRegistration(appId: "org.example.App")), caller: Self.caller, at: moment)
        return context
    }

    /// The arguments of a call of `method`: its sample, or each argument's empty value.
    private func arguments(_ method: String, _ interface: InterfaceInfo) throws -> Variant {
        if let sample = Self.samples[method] { return try Variant(parsing: sample) }
        let signatures = try XCTUnwrap(interface.inArgumentSignatures(method), method)
        return Variant(tuple: try signatures.map { signature in
            switch signature {
            case "b": Variant(bool: false)
            case "u": Variant(uint32: 0)
            case "s": Variant(string: "")
            case "o": Variant(objectPath: "/")
            case "as": Variant(strings: [])
            case "a{sv}": Variant(vardict: [:])
            default: throw MissingSample(description: "\(method) has an argument of type \(signature): give it a sample in MethodRowTests.samples")
            }
        })
    }

    /// The command `row` decodes from a call of it; nil for a row answered without one.
    private func command(of row: MethodRow, _ interface: InterfaceInfo, scene: SceneID) throws -> Command? {
        guard case .command(let decode, _) = row.action else { return nil }
        let context = try context()
        let call = MethodCall(caller: Self.caller, arguments: try arguments(row.name, interface), scene: scene, context: context)
        do throws(OrientationError) {
            return try decode(call)
        } catch {
            XCTFail("\(row.name) refused its call (\(error.message)): give it a sample in MethodRowTests.samples")
            return nil
        }
    }

    func testEveryCommandRowPersistsExactlyWhenTheCoreSaysItsCommandChangesTheUsersSettings() throws {
        let contract = try ContractXML.load()
        var persisting: [String] = []
        for (interface, rows, scene) in [(contract.manager, MethodRow.manager, SceneID(0)), (contract.scene, MethodRow.scene, 1)] {
            for row in rows {
                guard let command = try command(of: row, interface, scene: scene) else {
                    XCTAssertFalse(row.persists, "\(row.name) runs no command of its own, so nothing is saved before its reply")
                    continue
                }
                XCTAssertEqual(row.persists, command.changesUserSettings,
                               "\(row.name)'s row says persists: \(row.persists), the core's changesUserSettings of \(command) says \(command.changesUserSettings)")
                if row.persists { persisting.append(row.name) }
            }
        }
        XCTAssertGreaterThan(persisting.count, 5, "the setting methods were found: \(persisting)")
    }

    /// A row reaches the service only through its context: Reload asks it, naming the caller.
    func testARowAnswersThroughItsContext() throws {
        let context = try context()
        let reload = try XCTUnwrap(MethodRow.manager.first { $0.name == ManagerMethod.reload.rawValue })
        guard case .direct(let answer) = reload.action else { return XCTFail("Reload is a direct row") }
        XCTAssertNil(try answer(MethodCall(caller: Self.caller, arguments: Variant(tuple: []), scene: 0, context: context)))
        XCTAssertEqual(context.reloads, ["Reload() from \(Self.caller)"])

        let controllers = try XCTUnwrap(MethodRow.scene.first { $0.name == SceneMethod.getControllers.rawValue })
        guard case .direct(let read) = controllers.action else { return XCTFail("GetControllers is a direct row") }
        let reply = try read(MethodCall(caller: Self.caller, arguments: Variant(tuple: []), scene: 1, context: context))
        XCTAssertEqual(reply?.typeString, "(a(sssa{sv}))")
    }
}

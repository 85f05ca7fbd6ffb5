import Foundation
import GLibBridge
import TestSupport
import XCTest

/// A Flatpak app reaching orientd through xdg-dbus-proxy, built from the real parts
/// (FlatpakSandbox): it speaks only for itself, and the user's own processes are unaffected.
final class SandboxTests: OrientdTestCase {
    static let appId = "org.example.Sandboxed"
    var sandbox: FlatpakSandbox!

    override func setUpWithError() throws {
        try super.setUpWithError()
        sandbox = try FlatpakSandbox(appId: Self.appId, busAddress: orientd.bus.address)
        addTeardownBlock { [unowned self] in self.sandbox = nil }
    }

    /// The manager's persisted properties and the policies, as the user's client reads them.
    private func settingsState() throws -> [String] {
        let names = ["RotationLocked", "KioskMode", "KioskOrientation", "SplitViewThreshold", "SettleTime", "DeviceOrientation"]
        return try names.map { "\($0)=\(try property($0).description)" }
            + [try callManager("GetAppPolicies").description, try callManager("GetHistory", [.u(100)]).description]
    }

    func testASandboxedAppRegistersOnlyUnderItsOwnAppId() throws {
        let replies = try sandbox.run([.register("org.example.Other"), .register(nil), .register(Self.appId)])
        XCTAssertEqual(replies[0].error, Contract.accessDenied, "\(replies[0])")
        XCTAssertTrue(replies[0].message.contains(Self.appId) && replies[0].message.contains("org.example.Other"), replies[0].message)
        for reply in replies[1...] { XCTAssertNil(reply.error, "\(reply)") }
        XCTAssertTrue(orientd.log.contains("is the Flatpak app \(Self.appId)"), orientd.log)
    }

    func testEveryAdministratorMethodIsRefusedAndChangesNothing() throws {
        let scene = try registerRotatingPhone("org.example.Other")
        try callManager("SetAppPolicy", [.s("org.example.Other"), .vardict(["follow-sensor": .b(false)])])
        let before = try settingsState()
        let settingsFile = orientd.stateHome + "/orientd/settings.ini"
        let fileBefore = FileManager.default.contents(atPath: settingsFile)
        // Every method the XML marks administrator, called with arguments that would change
        // something were it allowed (or, for a method not named here, its signature's zero values).
        let arguments = [
            "SetKioskMode": "(true, 'landscape-left')", "SetRotationLocked": "(true,)",
            "SetDeviceOrientation": "('landscape-left',)", "SetSettleTime": "(uint32 900,)",
            "SetSplitViewThreshold": "(uint32 10,)", "SetAppLocksAllowed": "(false,)",
            "SetAppPolicy": "('org.example.Other', {'follow-sensor': <true>})", "ResetSetting": "('all',)",
            "GetHistory": "(uint32 10,)", "ExplainPanel": "('',)",
        ]
        let members = try InterfaceDescription.members(
            of: Contract.managerInterface, in: InterfaceDescription.contractXML(Contract.managerInterface + ".xml"))
        let calls = try ContractXML.administratorMethods.map { method in
            let signature = members.first { $0.kind == .method && $0.name == method }?.signature ?? ""
            return FlatpakSandbox.Call.manager(method, "(\(signature))", try arguments[method] ?? Self.zeroValues(signature))
        }
        XCTAssertGreaterThan(calls.count, 10)
        let replies = try sandbox.run(calls)
        for (call, reply) in zip(calls, replies) {
            XCTAssertEqual(reply.error, Contract.accessDenied, "\(call.method): \(reply)")
            XCTAssertTrue(reply.message.hasPrefix("\(call.method) is an administrator method"), reply.message)
            XCTAssertTrue(reply.message.contains(Self.appId), reply.message)
        }
        XCTAssertEqual(try settingsState(), before)
        XCTAssertEqual(FileManager.default.contents(atPath: settingsFile), fileBefore)
        XCTAssertEqual(try orientation(of: scene), "portrait")
        XCTAssertFalse(orientd.log.contains("reloading the configuration"), orientd.log)
    }

    func testASandboxedAppSeesAndUsesOnlyItsOwnScenes() throws {
        let users = try registerRotatingPhone("org.example.Other")
        let detached = try registerRotatingPhone("org.example.Other", extra: ["detached": .b(true)])
        let held = try sandbox.hold([.register(Self.appId)])
        defer { held.stop() }
        let own = try XCTUnwrap(try FlatpakSandbox.Reply(json: String(held.standardOutput.split(separator: "\n")[0])).string)
        var calls: [FlatpakSandbox.Call] = [.managedObjects, .property(own, Contract.sceneInterface, "AppId"),
                                            .scene(own, "RequestOrientation", "(s)", "('portrait',)")]
        for path in [users, detached] {
            calls += [.scene(path, "RequestOrientation", "(s)", "('landscape-left',)"), .scene(path, "Explain"),
                      .scene(path, "GetControllers"), .property(path, Contract.sceneInterface, "AppId"),
                      .manager("UnregisterScene", "(o)", "(objectpath '\(path)',)")]
        }
        // A path with no scene: the error lists the app's own scenes only.
        calls.append(.scene(Contract.scenePathPrefix + "999999", "UpdateOrientation"))
        var replies = try sandbox.run(calls)
        let unknown = replies.removeLast()
        XCTAssertEqual(unknown.error, Contract.errorPrefix + "UnknownScene", "\(unknown)")
        XCTAssertTrue(unknown.message.hasSuffix("registered scenes: \(own)"), unknown.message)
        let listed = try XCTUnwrap((replies[0].ok as? [Any])?.first as? [String: Any], "\(replies[0])")
        XCTAssertEqual(Array(listed.keys), [own])
        XCTAssertEqual(replies[1].string, Self.appId, "\(replies[1])")
        XCTAssertNil(replies[2].error, "\(replies[2])")
        for reply in replies[3...] {
            XCTAssertEqual(reply.error, Contract.accessDenied, "\(reply)")
            XCTAssertTrue(reply.message.contains("is not one of \(Self.appId)'s scenes"), reply.message)
        }
        // The user's client still lists and reaches all three, unaffected.
        let all = try callManager("GetManagedObjects", interface: Contract.objectManager).child(at: 0)
        XCTAssertEqual(all.childCount, 3)
        XCTAssertEqual(try orientation(of: users), "portrait")
        XCTAssertEqual(try property("AppId", of: own).string, Self.appId)
        try callScene(detached, "UpdateOrientation")
    }

    func testMayAdministerTrustsTheAppButLocksStillWin() throws {
        try orientd.xdg.writeConfiguration("[Manager]\nKioskMode=false\nLocked=KioskMode\n\n[App \(Self.appId)]\nMayAdminister=true\n")
        try callManager("Reload")
        let replies = try sandbox.run([.manager("SetRotationLocked", "(b)", "(true,)"),
                                       .manager("SetKioskMode", "(bs)", "(true, '')"), .manager("GetAppPolicies")])
        XCTAssertNil(replies[0].error, "\(replies[0])")
        XCTAssertEqual(try property("RotationLocked").bool, true)
        XCTAssertEqual(replies[1].error, Contract.errorPrefix + "NotPermitted", "\(replies[1])")
        XCTAssertEqual(try property("KioskMode").bool, false)
        // The group trusts the app; it sets no policy.
        XCTAssertEqual(replies[2].ok.map { "\($0)" }, "[[:]]")
        // Another app in the same shape of sandbox is not trusted by that line.
        let other = try FlatpakSandbox(appId: "org.example.Untrusted", busAddress: orientd.bus.address)
        XCTAssertEqual(try other.run([.manager("SetRotationLocked", "(b)", "(false,)")])[0].error, Contract.accessDenied)
    }

    func testScenesCountPerAppAcrossItsConnections() throws {
        // 1,000 scenes per connection, per app for a sandboxed app: 600 on one connection
        // and 400 on another fill it.
        let first = try sandbox.hold([.register(Self.appId, repeating: 600)])
        defer { first.stop() }
        let replies = try sandbox.run([.register(nil, repeating: 401)], timeout: .seconds(300))
        XCTAssertEqual(replies[0].done, 400, "\(replies[0])")
        XCTAssertEqual(replies[0].error, Contract.errorPrefix + "LimitExceeded", "\(replies[0])")
        XCTAssertTrue(replies[0].message.contains("App \(Self.appId) (all its sandboxed connections together) has registered 1000 scenes"),
                      replies[0].message)
        // The user's own connection is not counted with it.
        _ = try registerRotatingPhone("org.example.Other")
    }

    /// GVariant text of a tuple of zero values for the D-Bus `signature` (the types the
    /// administrator methods take).
    private static func zeroValues(_ signature: String) throws -> String {
        var values: [String] = []
        var rest = Substring(signature)
        let zeros = ["s": "''", "b": "false", "u": "uint32 0", "i": "int32 0", "as": "@as []", "a{sv}": "@a{sv} {}"]
        while !rest.isEmpty {
            guard let type = zeros.keys.sorted(by: { $0.count > $1.count }).first(where: rest.hasPrefix) else {
                throw TestSupportError("no zero value for \(rest) in the signature \(signature): add the method's arguments")
            }
            values.append(zeros[type]!)
            rest = rest.dropFirst(type.count)
        }
        return values.isEmpty ? "" : "(" + values.joined(separator: ", ") + ",)"
    }
}

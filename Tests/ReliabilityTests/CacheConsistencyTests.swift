import Foundation
import GLibBridge
import TestSupport
import XCTest

/// The cached replies (GetManagedObjects, GetControllers) are rebuilt after
/// every kind of change. After each change, GetManagedObjects must agree with every scene's
/// own Properties.GetAll (which is never cached), and GetControllers with the tree.
final class CacheConsistencyTests: ReliabilityTestCase {
    func testCachedRepliesFollowEveryKindOfChange() throws {
        let phone = try clientConnection.register(app: "cache.phone", supported: ["all"])
        let pad = try clientConnection.register(app: "cache.pad", idiom: "pad", supported: ["all"])
        let other = try orientd.bus.connect()
        defer { other.close() }
        let changes: [(String, () throws -> Void)] = [
            ("device", { try self.clientConnection.manager("SetDeviceOrientation", [.s("landscape-left")]) }),
            ("kiosk on", { try self.clientConnection.manager("SetKioskMode", [.b(true), .s("portrait-upside-down")]) }),
            ("kiosk off", { try self.clientConnection.manager("SetKioskMode", [.b(false), .s("")]) }),
            ("policy", { try self.clientConnection.manager("SetAppPolicy", [.s("cache.phone"), .vardict(["allowed-orientations": .strings(["portrait"])])]) }),
            ("policy removed", { try self.clientConnection.manager("SetAppPolicy", [.s("cache.phone"), .emptyVardict]) }),
            ("split view", { try self.clientConnection.manager("SetSplitViewThreshold", [.u(5_000)]) }),
            ("geometry", { try self.clientConnection.scene(pad, "SetGeometry", [.u(700), .u(900)]) }),
            ("split view off", { try self.clientConnection.manager("SetSplitViewThreshold", [.u(0)]) }),
            ("activation", { try self.clientConnection.scene(phone, "SetActivationState", [.s("background")]) }),
            ("root", { try self.clientConnection.scene(phone, "SetRootController", [.s("nav"), .s("navigation"), .emptyVardict]) }),
            ("push", { try self.clientConnection.scene(phone, "PushController", [.s("nav"), .s("list"), .s("view"), .vardict(["supported-orientations": .strings(["portrait"])])]) }),
            ("push again", { try self.clientConnection.scene(phone, "PushController", [.s("nav"), .s("detail"), .s("view"), .emptyVardict]) }),
            ("mode", { try self.clientConnection.scene(phone, "SetOrientationMode", [.s("list"), .s("landscape")]) }),
            ("present", { try self.clientConnection.scene(phone, "PresentController", [.s("detail"), .s("player"), .s("view"), .emptyVardict]) }),
            ("dismiss", { try self.clientConnection.scene(phone, "DismissController", [.s("player")]) }),
            ("pop", { _ = try self.clientConnection.scene(phone, "PopController", [.s("nav")]) }),
            ("request", { _ = try other.scene(pad, "RequestOrientation", [.s("portrait")]) }),
            ("register", { _ = try other.register(app: "cache.other") }),
            ("unregister", { try self.clientConnection.manager("UnregisterScene", [.o(pad)]) }),
            ("client left", { other.close() }),
        ]
        var expectedTrees: [String] = []
        for (name, change) in changes {
            // Read first, so that the change has a cached reply to make stale.
            _ = try clientConnection.managedObjects()
            _ = try clientConnection.scene(phone, "GetControllers")
            try change()
            try eventually("GetManagedObjects agrees with GetAll after '\(name)'", timeout: .seconds(20)) {
                let listed = try clientConnection.managedObjects()
                for (path, scene) in listed {
                    let own = try clientConnection.orientd(path, Contract.properties, "GetAll", [.s(Contract.sceneInterface)]).get().child(at: 0).vardict ?? [:]
                    guard own == scene.values else { return false }
                }
                return true
            }
            let ids = try clientConnection.scene(phone, "GetControllers").child(at: 0).children.map { $0.child(at: 0).string ?? "?" }
            expectedTrees.append("\(name): \(ids.joined(separator: ","))")
        }
        XCTAssertEqual(Array(expectedTrees[9...16]),
                       ["root: nav", "push: nav,list", "push again: nav,list,detail", "mode: nav,list,detail",
                        "present: nav,list,detail,player", "dismiss: nav,list,detail", "pop: nav,list", "request: nav,list"])
        XCTAssertEqual(try clientConnection.managedObjects().count, 1, "only the phone scene is left")
    }
}

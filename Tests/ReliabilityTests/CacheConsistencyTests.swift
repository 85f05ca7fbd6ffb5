import Foundation
import GLibBridge
import TestSupport
import XCTest

/// Issue 13, item 2: the cached replies (GetManagedObjects, GetControllers) are rebuilt after
/// every kind of change. After each change, GetManagedObjects must agree with every scene's
/// own Properties.GetAll (which is never cached), and GetControllers with the tree.
final class CacheConsistencyTests: OrientdTestCase {
    func testCachedRepliesFollowEveryKindOfChange() throws {
        let phone = try client.register(app: "cache.phone", supported: ["all"])
        let pad = try client.register(app: "cache.pad", idiom: "pad", supported: ["all"])
        let other = try orientd.bus.connect()
        defer { other.close() }
        let changes: [(String, () throws -> Void)] = [
            ("device", { try self.client.manager("SetDeviceOrientation", [.s("landscape-left")]) }),
            ("kiosk on", { try self.client.manager("SetKioskMode", [.b(true), .s("portrait-upside-down")]) }),
            ("kiosk off", { try self.client.manager("SetKioskMode", [.b(false), .s("")]) }),
            ("policy", { try self.client.manager("SetAppPolicy", [.s("cache.phone"), .vardict(["allowed-orientations": .strings(["portrait"])])]) }),
            ("policy removed", { try self.client.manager("SetAppPolicy", [.s("cache.phone"), .emptyVardict]) }),
            ("split view", { try self.client.manager("SetSplitViewThreshold", [.u(5_000)]) }),
            ("geometry", { try self.client.scene(pad, "SetGeometry", [.u(700), .u(900)]) }),
            ("split view off", { try self.client.manager("SetSplitViewThreshold", [.u(0)]) }),
            ("activation", { try self.client.scene(phone, "SetActivationState", [.s("background")]) }),
            ("root", { try self.client.scene(phone, "SetRootController", [.s("nav"), .s("navigation"), .emptyVardict]) }),
            ("push", { try self.client.scene(phone, "PushController", [.s("nav"), .s("list"), .s("view"), .vardict(["supported-orientations": .strings(["portrait"])])]) }),
            ("push again", { try self.client.scene(phone, "PushController", [.s("nav"), .s("detail"), .s("view"), .emptyVardict]) }),
            ("mode", { try self.client.scene(phone, "SetOrientationMode", [.s("list"), .s("landscape")]) }),
            ("present", { try self.client.scene(phone, "PresentController", [.s("detail"), .s("player"), .s("view"), .emptyVardict]) }),
            ("dismiss", { try self.client.scene(phone, "DismissController", [.s("player")]) }),
            ("pop", { _ = try self.client.scene(phone, "PopController", [.s("nav")]) }),
            ("request", { _ = try other.scene(pad, "RequestOrientation", [.s("portrait")]) }),
            ("register", { _ = try other.register(app: "cache.other") }),
            ("unregister", { try self.client.manager("UnregisterScene", [.o(pad)]) }),
            ("client left", { other.close() }),
        ]
        var expectedTrees: [String] = []
        for (name, change) in changes {
            // Read first, so that the change has a cached reply to make stale.
            _ = try client.managedObjects()
            _ = try client.scene(phone, "GetControllers")
            try change()
            try eventually("GetManagedObjects agrees with GetAll after '\(name)'", timeout: .seconds(20)) {
                let listed = try client.managedObjects()
                for (path, scene) in listed {
                    let own = try client.orientd(path, Contract.properties, "GetAll", [.s(Contract.scene)]).get().child(at: 0).vardict ?? [:]
                    guard own == scene.values else { return false }
                }
                return true
            }
            let ids = try client.scene(phone, "GetControllers").child(at: 0).children.map { $0.child(at: 0).string ?? "?" }
            expectedTrees.append("\(name): \(ids.joined(separator: ","))")
        }
        XCTAssertEqual(Array(expectedTrees[9...16]),
                       ["root: nav", "push: nav,list", "push again: nav,list,detail", "mode: nav,list,detail",
                        "present: nav,list,detail,player", "dismiss: nav,list,detail", "pop: nav,list", "request: nav,list"])
        XCTAssertEqual(try client.managedObjects().count, 1, "only the phone scene is left")
    }
}

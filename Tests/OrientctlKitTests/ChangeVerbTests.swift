import Foundation
import OrientctlKit
import XCTest

/// The verbs that change settings, policies and scenes, checked through what orientd then reports.
final class ChangeVerbTests: OrientctlTestCase {
    func testSettings() throws {
        XCTAssertEqual(try ok("device", "landscape-left"), "")
        XCTAssertEqual(try ok("lock"), "")
        try ok("kiosk", "on", "portrait-upside-down")
        try ok("set-settle", "120")
        try ok("set-threshold", "700")
        var manager = try jsonObject("show")
        XCTAssertEqual(manager["deviceOrientation"] as? String, "landscape-left")
        XCTAssertEqual(manager["rotationLocked"] as? Bool, true)
        XCTAssertEqual(manager["kioskMode"] as? Bool, true)
        XCTAssertEqual(manager["kioskOrientation"] as? String, "portrait-upside-down")
        XCTAssertEqual(manager["settleTime"] as? Int, 120)
        XCTAssertEqual(manager["splitViewThreshold"] as? Int, 700)
        XCTAssertTrue(lines(try ok("status")).contains("Kiosk mode: on, portrait-upside-down [set by the user]"))

        try ok("unlock")
        try ok("kiosk", "off")
        manager = try jsonObject("show")
        XCTAssertEqual(manager["rotationLocked"] as? Bool, false)
        XCTAssertEqual(manager["kioskMode"] as? Bool, false)
        XCTAssertEqual(manager["kioskOrientation"] as? String, "portrait-upside-down", "kiosk off keeps the orientation")
    }

    func testPolicies() throws {
        // None yet: said in words, not a bare header; nothing for scripts.
        XCTAssertEqual(try ok("policies"), PolicyView.noPolicies + "\n")
        XCTAssertEqual(try ok("policies", "--no-legend"), "")
        XCTAssertEqual((try json("policies") as? [Any])?.count, 0)
        let scene = try register("org.example.Reader", "--supported", "all")
        try ok("device", "landscape-left")
        XCTAssertEqual(try value(scene, "InterfaceOrientation"), "landscape-right")

        try ok("policy", "org.example.Reader", "--allow", "portrait", "portrait-upside-down", "--no-sensor")
        XCTAssertEqual(try value(scene, "InterfaceOrientation"), "portrait")
        try ok("policy", "org.example.Game", "--allow", "landscape")
        XCTAssertEqual(lines(try ok("policies")), [
            "APP-ID\tALLOWED\tFOLLOW-SENSOR\tSOURCE\tLOCKED",
            "org.example.Game\tlandscape\tyes\tuser\tno",
            "org.example.Reader\tportrait,portrait-upside-down\tno\tuser\tno",
        ])
        let policies = try XCTUnwrap(try json("policies") as? [[String: Any]])
        XCTAssertEqual(policies.map { $0["appId"] as? String }, ["org.example.Game", "org.example.Reader"])
        XCTAssertTrue(policies[0]["allowedOrientations"] is [String])
        let reader = policies[1]
        XCTAssertEqual(reader["allowedOrientations"] as? [String], ["portrait", "portrait-upside-down"])
        XCTAssertEqual(reader["followSensor"] as? Bool, false)
        XCTAssertEqual(reader["source"] as? String, "user")
        XCTAssertEqual(reader["locked"] as? Bool, false)
        XCTAssertEqual(try ok("policy", "org.example.Reader"),
                       "org.example.Reader: allowed portrait, portrait-upside-down; does not follow the sensor\n")
        XCTAssertTrue(try json("policy", "org.example.Nobody") is NSNull, "null for no policy")

        try ok("policy", "org.example.Reader", "--clear")
        XCTAssertEqual(try value(scene, "InterfaceOrientation"), "landscape-right", "follows the device again")
        XCTAssertEqual((try json("policies") as? [[String: Any]])?.map { $0["appId"] as? String }, ["org.example.Game"])
        XCTAssertEqual(try ok("policy", "org.example.Reader"),
                       "org.example.Reader: no policy (all orientations its windows allow; follows the sensor)\n")
    }

    func testSceneVerbs() throws {
        let scene = try register("org.example.Pad", "--idiom", "pad", "--size", "820x1180")
        try ok("root", scene, "nav", "--kind", "navigation")
        try ok("push", scene, "nav", "a")
        try ok("push", scene, "nav", "b", "--supported", "landscape")
        XCTAssertEqual(try value(scene, "InterfaceOrientation"), "landscape-right")
        XCTAssertEqual(try ok("pop", scene, "nav"), "b\n")
        XCTAssertEqual(try ok("request", scene, "portrait"), "portrait\n")
        XCTAssertEqual(try jsonObject("request", scene, "landscape-left")["orientation"] as? String, "landscape-left")

        try ok("set-props", scene, "a", "--supported", "portrait", "--no-autorotate")
        XCTAssertEqual(try value(scene, "InterfaceOrientation"), "landscape-left", "recorded, not yet applied")
        XCTAssertEqual(try ok("update", scene), "portrait\n")
        try ok("mode", scene, "a", "dynamic")
        XCTAssertEqual(try jsonObject("update", scene)["orientation"] as? String, "portrait")
        try ok("set-props", scene, "a", "--autorotate", "--preferred", "none")

        try ok("geometry", scene, "500x1180")
        XCTAssertEqual(try value(scene, "SplitView"), "yes")
        XCTAssertEqual(try value(scene, "Width"), "500")
        try ok("activate", scene, "background")
        XCTAssertEqual(try value(scene, "ActivationState"), "background")
        try ok("activate", scene)
        XCTAssertEqual(try value(scene, "ActivationState"), "foreground-active")

        let registered = try jsonObject("register", "org.example.Tabs")
        let number = try XCTUnwrap(registered["number"] as? Int)
        let path = try XCTUnwrap(registered["path"] as? String)
        XCTAssertTrue(path.hasPrefix(Self.scenePrefix) && path.hasSuffix("/\(number)"), path)
        try ok("root", String(number), "tabs", "--kind", "tab")
        try ok("tab-add", String(number), "tabs", "one")
        try ok("tab-add", String(number), "tabs", "two", "--supported", "portrait")
        XCTAssertEqual(try value(String(number), "DecidingController"), "one")
        try ok("tab-select", String(number), "tabs", "two")
        XCTAssertEqual(try value(String(number), "DecidingController"), "two")

        try ok("unregister", scene, String(number))
        XCTAssertEqual(lines(try ok("list")).count, 1, "only the header is left")
    }
}

import Foundation
import TestSupport
import XCTest

/// status, list, show, tree, explain and history: text and JSON from a real orientd.
final class StateVerbTests: OrientctlTestCase {
    /// A phone scene showing nav → list (portrait) with a full-screen player (landscape,
    /// preferring landscape-right) presented over the list.
    private func videoScene() throws -> String {
        let scene = try register("org.example.Video", "--supported", "portrait", "landscape")
        try ok("root", scene, "nav", "--kind", "navigation")
        try ok("push", scene, "nav", "list", "--supported", "portrait")
        try ok("present", scene, "list", "player", "--supported", "landscape", "--preferred", "landscape-right")
        return scene
    }

    func testStatus() throws {
        try ok("device", "portrait")
        let scene = try videoScene()
        // No compositor on the test bus: status says why, as the service does (once it has looked).
        var why = ""
        try eventually("orientd has looked for a compositor (last: \(why))", timeout: .seconds(30)) {
            why = try ok("show", "-p", "OutputStatus", "--value").trimmingCharacters(in: .newlines)
            return why.hasPrefix("--output-backend auto found no compositor")
        }
        let windowsWhy = try ok("show", "-p", "WindowTrackingStatus", "--value").trimmingCharacters(in: .newlines)
        XCTAssertTrue(windowsWhy.hasPrefix("--window-tracking auto found no compositor window list"), windowsWhy)
        let text = lines(try ok("status"))
        XCTAssertEqual(text, [
            "Device orientation: portrait (manual)",
            "Sensor available: no",
            "Rotation lock: off [default]",
            "Apps may lock: yes [default]",
            "Kiosk mode: off (kiosk orientation portrait) [default]",
            "Settle time: 0 ms [set by the user]",
            "Split-view threshold: 768 points [default]",
            "Output: none: \(why)",
            "Screen: phone, held: --screen-class phone says so; a phone-sized screen is always held",
            "Window tracking: none: \(windowsWhy)",
            "Front scene: \(scene) org.example.Video",
            "Scenes: \(scene) org.example.Video: landscape-right (phone, deciding player, detached)",
        ])
        XCTAssertEqual(try ok(), try ok("status"), "no verb is status")

        let status = try jsonObject("status")
        XCTAssertEqual(status["deviceOrientation"] as? String, "portrait")
        XCTAssertEqual(status["sensorSource"] as? String, "manual")
        XCTAssertEqual(status["settleTime"] as? Int, 0)
        XCTAssertEqual(status["version"] as? Int, Int(try Contract.interfaceVersion))
        XCTAssertEqual(status["settingSources"] as? [String: String], [
            "rotationLocked": "default", "kioskMode": "default", "kioskOrientation": "default", "splitViewThreshold": "default",
            "settleTime": "user", "undeclaredAppOrientations": "default", "appLocksAllowed": "default", "screenClass": "default",
            "largeScreenRule": "default",
        ])
        XCTAssertTrue(status["outputBackend"] is NSNull, "null: no backend on the test bus")
        XCTAssertTrue(status["outputName"] is NSNull)
        XCTAssertTrue(status["outputOrientation"] is NSNull)
        XCTAssertEqual(status["outputStatus"] as? String, why)
        XCTAssertEqual(status["frontScene"] as? Int, Int(scene))
        let scenes = try XCTUnwrap(status["scenes"] as? [[String: Any]])
        XCTAssertEqual(scenes.count, 1)
        XCTAssertEqual(scenes[0]["appId"] as? String, "org.example.Video")
        XCTAssertEqual(scenes[0]["number"] as? Int, Int(scene))
        XCTAssertEqual(scenes[0]["interfaceOrientation"] as? String, "landscape-right")
    }

    func testList() throws {
        let phone = try videoScene()
        let pad = try register("org.example.Notes", "--idiom", "pad", "--size", "500x1180", "--display", "hdmi-1")
        try ok("activate", pad, "background")
        let rows = lines(try ok("list")).map { $0.components(separatedBy: "\t") }
        XCTAssertEqual(rows, [
            ["SCENE", "APP-ID", "IDIOM", "DISPLAY", "ORIENTATION", "MASK", "DECIDING", "FLAGS"],
            [phone, "org.example.Video", "phone", "builtin", "landscape-right", "landscape", "player", "detached"],
            // Split view keeps the pad scene to the portrait family it entered in.
            [pad, "org.example.Notes", "pad", "hdmi-1", "portrait", "portrait", "-", "detached,split-view,background"],
        ])
        let scenes = try XCTUnwrap(try json("list") as? [[String: Any]])
        XCTAssertEqual(scenes.map { $0["appId"] as? String }, ["org.example.Video", "org.example.Notes"])
        XCTAssertEqual(scenes[1]["splitView"] as? Bool, true)
        XCTAssertEqual(scenes[1]["activationState"] as? String, "background")
        XCTAssertEqual(scenes[0]["supportedOrientations"] as? [String], ["landscape-right", "landscape-left"])
        XCTAssertEqual(scenes[0]["supportedOrientationsMask"] as? Int, 24)
        XCTAssertEqual(scenes[0]["path"] as? String, scenePath(phone))
    }

    func testShow() throws {
        let scene = try videoScene()
        let text = lines(try ok("show", scene, "-a"))
        XCTAssertEqual(text.map { String($0.prefix { $0 != "=" }) }, try ContractXML.sceneProperties, "all, in the XML's order")
        XCTAssertTrue(text.contains("SupportedOrientations=landscape-right landscape-left"), "\(text)")
        XCTAssertTrue(text.contains("Detached=yes"), "\(text)")
        XCTAssertTrue(text.contains("Width=844"), "\(text)")
        XCTAssertEqual(try ok("show", scenePath(scene), "-p", "InterfaceOrientation,DecidingController"),
                       "InterfaceOrientation=landscape-right\nDecidingController=player\n")
        XCTAssertEqual(try ok("show", scene, "-p", "Height", "--value"), "390\n")

        let manager = lines(try ok("show"))
        XCTAssertEqual(manager.first, "Version=\(try Contract.interfaceVersion)")
        XCTAssertTrue(manager.contains("SettleTime=0"), "\(manager)")
        XCTAssertEqual(try ok("show", "-p", "RotationLocked", "--value"), "no\n")

        let object = try jsonObject("show", scene)
        XCTAssertEqual(object["decidingController"] as? String, "player")
        XCTAssertEqual(object["detached"] as? Bool, true)
        XCTAssertEqual(object.count, try ContractXML.sceneProperties.count)
        XCTAssertEqual(try jsonObject("show", scene, "-p", "Width").count, 1)

        let unknown = try fails(1, "show", scene, "-p", "Colour")
        XCTAssertTrue(unknown.stderr.hasPrefix("Failed to read the properties: "), unknown.stderr)
    }

    func testTree() throws {
        let scene = try videoScene()
        XCTAssertEqual(lines(try ok("tree", scene)), [
            "Scene \(scene) (org.example.Video): landscape-right",
            "* nav (navigation): mask default, autorotates",
            "* └─ list (view): mask portrait, autorotates",
            "*    └─ player (view, presented full-screen): mask landscape, prefers landscape-right, autorotates  ← decides",
        ])
        let object = try jsonObject("tree", scene)
        // The path the scene was named by (a number: its short path, which orientd accepts).
        XCTAssertEqual(object["path"] as? String, Self.scenePrefix + scene)
        let controllers = try XCTUnwrap(object["controllers"] as? [[String: Any]])
        XCTAssertEqual(controllers.map { $0["id"] as? String }, ["nav", "list", "player"])
        XCTAssertEqual(controllers.map { $0["relation"] as? String }, ["root", "child", "presented"])
        XCTAssertEqual(controllers.map { $0["parent"] as? String }, [nil, "nav", "list"])
        XCTAssertTrue(controllers[0]["parent"] is NSNull, "null for none")
        XCTAssertEqual(controllers.map { $0["deciding"] as? Bool }, [true, true, true])
        XCTAssertEqual(controllers[0]["supportedOrientations"] as? [String], [])
        XCTAssertEqual(controllers[2]["supportedOrientations"] as? [String], ["landscape-right", "landscape-left"])
        XCTAssertEqual(controllers[2]["preferredOrientation"] as? String, "landscape-right")

        // A sheet does not take over; a tab's selected child is marked; a mode shows.
        try ok("dismiss", scene, "player")
        try ok("present", scene, "list", "prefs", "--sheet", "--no-autorotate")
        try ok("push", scene, "nav", "tabs", "--kind", "tab", "--no-forward")
        try ok("tab-add", scene, "tabs", "maps")
        try ok("mode", scene, "maps", "locked")
        XCTAssertEqual(lines(try ok("tree", scene)).dropFirst(), [
            "* nav (navigation): mask default, autorotates",
            "  ├─ list (view): mask portrait, autorotates",
            "  │  └─ prefs (view, presented as a sheet): mask default, no autorotation",
            "* └─ tabs (tab): mask default, autorotates, decides itself (no forwarding)  ← decides",
            "     └─ maps (view, selected tab): mask default, mode locked, no autorotation",
        ])
        let later = try XCTUnwrap(try jsonObject("tree", scene)["controllers"] as? [[String: Any]])
        XCTAssertEqual(later.map { $0["selected"] as? Bool }, [false, false, false, false, true])
        XCTAssertEqual(later.map { $0["fillsWindow"] as? Bool }, [true, true, false, true, true])
        XCTAssertEqual(later[4]["mode"] as? String, "locked")
        XCTAssertEqual(later[3]["forwardsOrientation"] as? Bool, false)

        let empty = try register("org.example.Empty")
        XCTAssertEqual(lines(try ok("tree", empty)).last, "No controllers: the scene behaves as one view controller with the defaults.")
        XCTAssertEqual((try jsonObject("tree", empty)["controllers"] as? [Any])?.count, 0)
    }

    func testExplain() throws {
        let scene = try videoScene()
        let text = lines(try ok("explain", scene))
        XCTAssertEqual(Array(text.prefix(2)), ["Scene \(scene) (org.example.Video, phone) is landscape-right.",
                                               "Checklist: supported orientations → delegate → controller → container"])
        let heads = text.filter { !$0.hasPrefix("   ") || $0.hasPrefix("   container") }.dropFirst(3)
        XCTAssertEqual(Array(heads), [
            " 1 supported   portrait, landscape", " 2 delegate    unchanged", " 3 kiosk mode  unchanged",
            " 4 app policy  unchanged", " 5 split view  unchanged", " 6 controller  landscape (narrowed)",
            "   container   nav → list → player", " → decision    landscape-right",
        ])
        XCTAssertTrue(text.contains { $0.contains("Deciding controller 'player'") }, "\(text)")

        let object = try jsonObject("explain", scene)
        XCTAssertEqual(object["orientation"] as? String, "landscape-right")
        let steps = try XCTUnwrap(object["steps"] as? [[String: Any]])
        XCTAssertEqual(steps.map { $0["name"] as? String },
                       ["supported-orientations", "window-policy", "kiosk", "app-policy", "split-view", "controller", "path", "decision"])
        XCTAssertEqual(steps.last?["mask"] as? [String], ["landscape-right"])
        XCTAssertFalse((steps[0]["sentence"] as? String ?? "").isEmpty)
    }

    func testHistory() throws {
        let scene = try videoScene()
        try ok("device", "landscape-right")
        try ok("dismiss", scene, "player")
        let rows = lines(try ok("history")).map { $0.components(separatedBy: "\t") }
        XCTAssertEqual(rows.first, ["TIME", "SCENE", "APP-ID", "FROM", "TO", "REASON"])
        XCTAssertEqual(rows.dropFirst().map { Array($0.dropFirst()) }, [
            [scene, "org.example.Video", "landscape-left", "portrait", "dismissal"],
            [scene, "org.example.Video", "landscape-right", "landscape-left", "device"],
            [scene, "org.example.Video", "portrait", "landscape-right", "presentation"],
        ])
        let entries = try XCTUnwrap(try json("history", "-n", "2") as? [[String: Any]])
        XCTAssertEqual(entries.map { $0["reason"] as? String }, ["dismissal", "device"])
        XCTAssertEqual(entries[0]["path"] as? String, scenePath(scene))
        XCTAssertEqual(entries[0]["appId"] as? String, "org.example.Video")
        let micros = try XCTUnwrap(entries[0]["timeUsec"] as? Int)
        XCTAssertLessThan(abs(Double(micros) / 1e6 - Date().timeIntervalSince1970), 600)
    }
}

import OrientationCore
import XCTest

/// Width and height: swapped across families, and the registration size-shape rule.
final class GeometryTests: XCTestCase {
    func testDefaultSizesByIdiom() throws {
        var rig = Rig()
        let phone = try rig.register()
        let pad = try rig.register(idiom: .pad)
        XCTAssertEqual([rig.snapshot(phone).width, rig.snapshot(phone).height], [390, 844])
        XCTAssertEqual([rig.snapshot(pad).width, rig.snapshot(pad).height], [820, 1180])
    }

    func testAChangeBetweenFamiliesSwapsWidthAndHeight() throws {
        var rig = Rig()
        let id = try rig.register { $0.supported = .all }
        try rig.on(id, .setRoot(view("root", .all)))
        try rig.on(id, .request(.landscapeLeft))
        XCTAssertEqual([rig.snapshot(id).width, rig.snapshot(id).height], [844, 390])
        XCTAssertEqual(rig.propertiesChanged[id], [.interfaceOrientation, .width, .height])
        // Within a family the size stays.
        try rig.on(id, .request(.landscapeRight))
        XCTAssertEqual([rig.snapshot(id).width, rig.snapshot(id).height], [844, 390])
        XCTAssertEqual(rig.propertiesChanged[id], [.interfaceOrientation])
        try rig.on(id, .request(.portraitUpsideDown))
        XCTAssertEqual([rig.snapshot(id).width, rig.snapshot(id).height], [390, 844])
    }

    func testRegistrationSizeShapeFollowsTheResolvedFamily() throws {
        var rig = Rig()
        // Portrait size, landscape-only app: swapped.
        let landscape = try rig.register { $0.supported = .landscape; $0.width = 400; $0.height = 800 }
        XCTAssertEqual([rig.snapshot(landscape).width, rig.snapshot(landscape).height], [800, 400])
        // Landscape size, portrait app: swapped.
        let portrait = try rig.register { $0.width = 800; $0.height = 400 }
        XCTAssertEqual([rig.snapshot(portrait).width, rig.snapshot(portrait).height], [400, 800])
        // Landscape size, landscape result following the device: kept as given.
        try rig.device(.landscapeLeft)
        let follows = try rig.register { $0.supported = .all; $0.width = 800; $0.height = 400 }
        XCTAssertEqual(rig.orientation(follows), .landscapeRight)
        XCTAssertEqual([rig.snapshot(follows).width, rig.snapshot(follows).height], [800, 400])
        // Portrait size, landscape result following the device: swapped once.
        let turned = try rig.register { $0.supported = .all; $0.width = 400; $0.height = 800 }
        XCTAssertEqual([rig.snapshot(turned).width, rig.snapshot(turned).height], [800, 400])
        // Only one dimension given: the other takes its default.
        let half = try rig.register { $0.supported = .portrait; $0.width = 300 }
        XCTAssertEqual([rig.snapshot(half).width, rig.snapshot(half).height], [300, 844])
    }

    func testSetGeometryIsTakenAsGivenAndNeverSwapped() throws {
        var rig = Rig()
        let id = try rig.register()
        try rig.on(id, .setGeometry(width: 900, height: 300))
        XCTAssertEqual([rig.snapshot(id).width, rig.snapshot(id).height], [900, 300])
        XCTAssertEqual(rig.orientation(id), .portrait)
        XCTAssertEqual(rig.propertiesChanged[id], [.width, .height])
        try rig.on(id, .setGeometry(width: 900, height: 300))
        XCTAssertEqual(rig.events, [], "the same size again changes nothing")
        rig.expectFailure(.invalidArgs, on: id, .setGeometry(width: 0, height: 300))
        rig.expectFailure(.invalidArgs, on: id, .setGeometry(width: 300, height: 100_001))
        rig.expectFailure(.invalidArgs, .registerScene(registration(width: 0)))
        rig.expectFailure(.invalidArgs, .registerScene(registration(height: 200_000)))
    }
}

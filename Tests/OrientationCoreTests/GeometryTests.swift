import OrientationCore
import XCTest

/// Width and height: swapped across families, and the registration size-shape rule.
final class GeometryTests: XCTestCase {
    func testDefaultSizesByIdiom() throws {
        var subject = ManagerUnderTest()
        let phone = try subject.register()
        let pad = try subject.register(idiom: .pad)
        XCTAssertEqual([subject.snapshot(phone).width, subject.snapshot(phone).height], [390, 844])
        XCTAssertEqual([subject.snapshot(pad).width, subject.snapshot(pad).height], [820, 1180])
    }

    func testAChangeBetweenFamiliesSwapsWidthAndHeight() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register { $0.supported = .all }
        try subject.on(id, .setRoot(view("root", .all)))
        try subject.on(id, .request(.landscapeLeft))
        XCTAssertEqual([subject.snapshot(id).width, subject.snapshot(id).height], [844, 390])
        XCTAssertEqual(subject.propertiesChanged[id], [.interfaceOrientation, .width, .height])
        // Within a family the size stays.
        try subject.on(id, .request(.landscapeRight))
        XCTAssertEqual([subject.snapshot(id).width, subject.snapshot(id).height], [844, 390])
        XCTAssertEqual(subject.propertiesChanged[id], [.interfaceOrientation])
        try subject.on(id, .request(.portraitUpsideDown))
        XCTAssertEqual([subject.snapshot(id).width, subject.snapshot(id).height], [390, 844])
    }

    func testRegistrationSizeShapeFollowsTheResolvedFamily() throws {
        var subject = ManagerUnderTest()
        // Portrait size, landscape-only app: swapped.
        let landscape = try subject.register { $0.supported = .landscape; $0.width = 400; $0.height = 800 }
        XCTAssertEqual([subject.snapshot(landscape).width, subject.snapshot(landscape).height], [800, 400])
        // Landscape size, portrait app: swapped.
        let portrait = try subject.register { $0.width = 800; $0.height = 400 }
        XCTAssertEqual([subject.snapshot(portrait).width, subject.snapshot(portrait).height], [400, 800])
        // Landscape size, landscape result following the device: kept as given.
        try subject.device(.landscapeLeft)
        let follows = try subject.register { $0.supported = .all; $0.width = 800; $0.height = 400 }
        XCTAssertEqual(subject.orientation(follows), .landscapeRight)
        XCTAssertEqual([subject.snapshot(follows).width, subject.snapshot(follows).height], [800, 400])
        // Portrait size, landscape result following the device: swapped once.
        let turned = try subject.register { $0.supported = .all; $0.width = 400; $0.height = 800 }
        XCTAssertEqual([subject.snapshot(turned).width, subject.snapshot(turned).height], [800, 400])
        // Only one dimension given: the other takes its default.
        let half = try subject.register { $0.supported = .portrait; $0.width = 300 }
        XCTAssertEqual([subject.snapshot(half).width, subject.snapshot(half).height], [300, 844])
    }

    func testSetGeometryIsTakenAsGivenAndNeverSwapped() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register()
        try subject.on(id, .setGeometry(width: 900, height: 300))
        XCTAssertEqual([subject.snapshot(id).width, subject.snapshot(id).height], [900, 300])
        XCTAssertEqual(subject.orientation(id), .portrait)
        XCTAssertEqual(subject.propertiesChanged[id], [.width, .height])
        try subject.on(id, .setGeometry(width: 900, height: 300))
        XCTAssertEqual(subject.events, [], "the same size again changes nothing")
        subject.expectFailure(.invalidArgs, on: id, .setGeometry(width: 0, height: 300))
        subject.expectFailure(.invalidArgs, on: id, .setGeometry(width: 300, height: 100_001))
        subject.expectFailure(.invalidArgs, .registerScene(registration(width: 0)))
        subject.expectFailure(.invalidArgs, .registerScene(registration(height: 200_000)))
    }
}

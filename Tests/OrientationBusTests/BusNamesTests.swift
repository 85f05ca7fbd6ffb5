import XCTest
@testable import OrientationBus

final class BusNamesTests: XCTestCase {
    func testScenePathRoundTrips() {
        XCTAssertEqual(BusNames.path(of: 42), "/io/github/orientd/OrientationManager1/scene/42")
        XCTAssertEqual(BusNames.scene(at: "/io/github/orientd/OrientationManager1/scene/42"), 42)
        XCTAssertEqual(BusNames.scene(at: BusNames.path(of: .max)), .max)
    }

    func testNonScenePathsNameNoScene() {
        for path in ["/io/github/orientd/OrientationManager1", "/io/github/orientd/OrientationManager1/scene/",
                     "/io/github/orientd/OrientationManager1/scene/0", "/io/github/orientd/OrientationManager1/scene/07",
                     "/io/github/orientd/OrientationManager1/scene/x", "/io/github/orientd/OrientationManager1/scene/1/2",
                     "/other/scene/1", "/io/github/orientd/OrientationManager1/scene/18446744073709551616",
                     "/io/github/orientd/OrientationManager1/scene/99999999999999999999", "/io/github/orientd/OrientationManager1/scenes/1",
                     "/io/github/orientd/OrientationManager1/scene/-1", "/io/github/orientd/OrientationManager1/scene/1 "] {
            XCTAssertNil(BusNames.scene(at: path), path)
        }
    }
}

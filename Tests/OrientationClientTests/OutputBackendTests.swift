import OrientationClient
import XCTest

/// `outputBackend()` and `compositorTurnsContent()` with no compositor on the bus (the real
/// mutter case is in OrientdOutputTests).
final class OutputBackendTests: ClientTestCase {
    func testNoCompositorMeansTheAppTurnsItsOwnDrawing() throws {
        XCTAssertNil(try library.outputBackend())
        XCTAssertFalse(try library.compositorTurnsContent())
    }
}

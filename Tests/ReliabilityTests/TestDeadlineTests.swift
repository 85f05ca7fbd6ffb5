import TestSupport
import XCTest

/// The one scale of the tests' deadlines (ORIENTD_TEST_TIMEOUT_SCALE): a slow machine raises
/// every wait at once; nonsense leaves them as written.
final class TestDeadlineTests: XCTestCase {
    func testTheScaleIsANumberFromOneToFiftyAndOneOtherwise() {
        XCTAssertEqual(TestDeadline.scale(from: "3"), 3)
        XCTAssertEqual(TestDeadline.scale(from: "1.5"), 1.5)
        XCTAssertEqual(TestDeadline.scale(from: "50"), 50)
        for nonsense in [nil, "", "0.5", "0", "-2", "51", "1e9", "nan", "inf", "three", "3x"] {
            XCTAssertEqual(TestDeadline.scale(from: nonsense), 1, "ORIENTD_TEST_TIMEOUT_SCALE=\(nonsense ?? "(unset)")")
        }
    }

    func testEventuallyWaitsTheScaledDeadlineAndSaysSo() {
        let start = ContinuousClock.now
        XCTAssertThrowsError(try eventually("nothing", timeout: .milliseconds(50)) { false }) { error in
            XCTAssertTrue("\(error)".contains("timed out after \(TestDeadline.scaled(.milliseconds(50)))"), "\(error)")
        }
        XCTAssertGreaterThanOrEqual(ContinuousClock.now - start, TestDeadline.scaled(.milliseconds(50)))
    }
}

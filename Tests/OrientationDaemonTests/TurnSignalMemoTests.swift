import GLibBridge
import OrientationCore
@testable import OrientationDaemon
import XCTest

/// A device turn's `PropertiesChanged` arguments are shared among the scenes that turn alike,
/// and only among them.
final class TurnSignalMemoTests: XCTestCase {
    private var builds = 0
    private func build() -> [Variant] {
        builds += 1
        return [Variant(string: "body \(builds)")]
    }

    private let turn: [SceneProperty] = [.interfaceOrientation, .width, .height]
    private let landscape = SceneTurnFacts(orientation: .landscapeLeft, width: 1280, height: 800)

    func testScenesTurningAlikeShareOneBody() {
        var memo = TurnSignalMemo()
        let first = memo.arguments(turn, landscape, build: build)
        let second = memo.arguments(turn, landscape, build: build)
        XCTAssertEqual(builds, 1)
        XCTAssertTrue(first[0] === second[0], "the same GVariant for both scenes")
    }

    func testAnotherValueOrAnotherSetOfPropertiesIsItsOwnBody() {
        var memo = TurnSignalMemo()
        _ = memo.arguments(turn, landscape, build: build)
        _ = memo.arguments(turn, SceneTurnFacts(orientation: .landscapeLeft, width: 800, height: 1280), build: build)
        _ = memo.arguments(turn, SceneTurnFacts(orientation: .portrait, width: 1280, height: 800), build: build)
        _ = memo.arguments([.interfaceOrientation], landscape, build: build)
        XCTAssertEqual(builds, 4)
    }

    func testAChangeOfAnythingButATurnsValuesIsNeverShared() {
        var memo = TurnSignalMemo()
        _ = memo.arguments([.interfaceOrientation, .activationState], landscape, build: build)
        _ = memo.arguments([.interfaceOrientation, .activationState], landscape, build: build)
        _ = memo.arguments([.decidingController], landscape, build: build)
        _ = memo.arguments([.decidingController], landscape, build: build)
        XCTAssertEqual(builds, 4)
    }

    func testAHostileMixOfSizesKeepsItBounded() {
        var memo = TurnSignalMemo()
        for width in 0..<1_000 {
            _ = memo.arguments(turn, SceneTurnFacts(orientation: .portrait, width: UInt32(width), height: 1), build: build)
        }
        XCTAssertEqual(builds, 1_000)
        // The newest are still there; the memo started afresh rather than growing.
        _ = memo.arguments(turn, SceneTurnFacts(orientation: .portrait, width: 999, height: 1), build: build)
        XCTAssertEqual(builds, 1_000)
        XCTAssertLessThanOrEqual(memo.count, TurnSignalMemo.capacity)
    }
}

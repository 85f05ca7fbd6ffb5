import Foundation
import TestSupport
import XCTest

/// Every subclass of this target's `SensorBackendConformance` runs every check, or names the
/// check in its `exemptions` with why (`ConformanceCoverage`, as the output and window suites).
final class SensorConformanceCoverageTests: XCTestCase {
    func testEverySensorBackendRunsEveryCheckOrSaysWhyNot() throws {
        let target = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        try ConformanceCoverage.assertCovered("SensorBackendConformance", sourcesIn: target) {
            (ConformanceCoverage.type($0, besides: Self.self) as? SensorBackendConformance.Type)?.exemptions
        }
    }
}

import Foundation
import TestSupport
import XCTest

/// Every conformance subclass of this target runs every check of its suite, or names the check
/// in its `exemptions` with why (`ConformanceCoverage`, which the sensor's suite uses too).
final class ConformanceCoverageTests: XCTestCase {
    /// This target's folder.
    private static let target = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    private func type(_ name: String) -> AnyClass? { ConformanceCoverage.type(name, besides: Self.self) }

    func testEveryOutputBackendRunsEveryCheckOrSaysWhyNot() throws {
        try ConformanceCoverage.assertCovered("OutputBackendConformance", sourcesIn: Self.target) {
            (self.type($0) as? OutputBackendConformance.Type)?.exemptions
        }
    }

    func testEveryWindowTrackerRunsEveryCheckOrSaysWhyNot() throws {
        try ConformanceCoverage.assertCovered("WindowTrackerConformance", sourcesIn: Self.target) {
            (self.type($0) as? WindowTrackerConformance.Type)?.exemptions
        }
    }
}

import XCTest

final class ReliabilityTestsPlaceholder: XCTestCase {}

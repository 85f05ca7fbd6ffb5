import XCTest

final class BenchmarkTestsPlaceholder: XCTestCase {}

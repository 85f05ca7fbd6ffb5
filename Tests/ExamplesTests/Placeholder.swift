import XCTest

final class ExamplesTestsPlaceholder: XCTestCase {}

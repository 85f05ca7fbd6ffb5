import XCTest

final class OrientdSensorTestsPlaceholder: XCTestCase {}

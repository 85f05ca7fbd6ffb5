import OrientationCore
import TestSupport
import XCTest

/// The interface's version is said once in code, the core's `ManagerSnapshot.version` (orientd's
/// `Version` property, `orientd --version`, `orientctl --version`), and once in the contract,
/// the XML's Version documentation; a version bump changes both, and no test.
final class InterfaceVersionTests: XCTestCase {
    func testTheCoresVersionIsTheOneTheXMLDocuments() throws {
        XCTAssertEqual(ManagerSnapshot.version, try Contract.interfaceVersion,
                       "ManagerSnapshot.version is not the version dbus/\(Contract.managerInterface).xml documents")
    }
}

import GLibBridge
import TestSupport
import XCTest

/// The XML marks every method app-facing or administrator, and orientd takes the classes from it.
final class AccessAnnotationTests: XCTestCase {
    func testEveryMethodIsMarkedAppOrAdministrator() throws {
        let methods = try ContractXML.methodAccess()
        XCTAssertGreaterThan(methods.count, 20)
        for (method, access) in methods {
            XCTAssertTrue(access == "app" || access == "administrator", "\(method): \(access ?? "no annotation")")
        }
    }

    /// A scene's methods act on the caller's own scene and are app-facing; of the manager's,
    /// only registering and unregistering a scene are: the rest changes the user's or the
    /// administrator's settings or reads every app's, and is an administrator method. A new
    /// manager method is administrator unless this rule is changed on purpose.
    func testTheAdministratorMethods() throws {
        let appFacingManagerMethods: Set = ["RegisterScene", "UnregisterScene"]
        let manager = try ContractXML.interface(Contract.managerInterface).methodNames
        let scene = try ContractXML.interface(Contract.sceneInterface).methodNames
        XCTAssertTrue(appFacingManagerMethods.isSubset(of: manager))
        XCTAssertEqual(Set(try ContractXML.administratorMethods), Set(manager).subtracting(appFacingManagerMethods))
        XCTAssertTrue(Set(scene).isDisjoint(with: try ContractXML.administratorMethods))
        XCTAssertGreaterThan(manager.count, appFacingManagerMethods.count + 10)
    }
}

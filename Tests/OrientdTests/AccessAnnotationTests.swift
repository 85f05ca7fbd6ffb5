import GLibBridge
import XCTest

extension InterfaceDescription {
    static let accessAnnotation = "io.github.orientd.Access"
    static let files = [(Contract.managerInterface, "io.github.orientd.OrientationManager1.xml"),
                        (Contract.sceneInterface, "io.github.orientd.OrientationManager1.Scene.xml")]

    /// Each method of both contract interfaces with its access annotation (nil: none).
    static func methodAccess() throws -> [(method: String, access: String?)] {
        try files.flatMap { interface, file in
            let info = try InterfaceInfo(xml: try contractXML(file), name: interface)
            return info.methodNames.map { ($0, info.methodAnnotation($0, accessAnnotation)) }
        }
    }

    /// The methods the XML marks administrator.
    static func administratorMethods() throws -> [String] {
        try methodAccess().filter { $0.access == "administrator" }.map(\.method)
    }
}

/// The XML marks every method app-facing or administrator, and orientd takes the classes from it.
final class AccessAnnotationTests: XCTestCase {
    func testEveryMethodIsMarkedAppOrAdministrator() throws {
        let methods = try InterfaceDescription.methodAccess()
        XCTAssertGreaterThan(methods.count, 20)
        for (method, access) in methods {
            XCTAssertTrue(access == "app" || access == "administrator", "\(method): \(access ?? "no annotation")")
        }
    }

    /// What changes the user's or the administrator's settings, or reads every app's, is an
    /// administrator method; the rest is app-facing.
    func testTheAdministratorMethods() throws {
        XCTAssertEqual(Set(try InterfaceDescription.administratorMethods()), [
            "SetDeviceOrientation", "SetRotationLocked", "SetKioskMode", "SetSplitViewThreshold", "SetSettleTime",
            "SetAppLocksAllowed", "SetAppPolicy", "GetAppPolicies", "ResetSetting", "Reload", "GetHistory", "ExplainPanel",
        ])
    }
}

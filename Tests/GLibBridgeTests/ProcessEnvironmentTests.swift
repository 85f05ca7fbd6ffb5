import Glibc
import GLibBridge
import XCTest

/// The environment as getenv sees it: split at the first `=`, empty values kept.
final class ProcessEnvironmentTests: XCTestCase {
    func testEveryNameHasGetenvsValue() {
        setenv("ORIENTD_TEST_ENV_EQUALS", "a=b=c", 1)
        setenv("ORIENTD_TEST_ENV_EMPTY", "", 1)
        setenv("ORIENTD_TEST_ENV_UTF8", "Grüße ✓", 1)
        defer {
            for name in ["ORIENTD_TEST_ENV_EQUALS", "ORIENTD_TEST_ENV_EMPTY", "ORIENTD_TEST_ENV_UTF8"] { unsetenv(name) }
        }
        let environment = ProcessEnvironment.current()
        XCTAssertEqual(environment["ORIENTD_TEST_ENV_EQUALS"], "a=b=c")
        XCTAssertEqual(environment["ORIENTD_TEST_ENV_EMPTY"], "")
        XCTAssertEqual(environment["ORIENTD_TEST_ENV_UTF8"], "Grüße ✓")
        XCTAssertFalse(environment.isEmpty)
        for (name, value) in environment {
            XCTAssertEqual(getenv(name).map { String(cString: $0) }, value, name)
        }
    }
}

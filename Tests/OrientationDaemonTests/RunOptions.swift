import XCTest
@testable import OrientationDaemon

/// The options orientd runs with for `arguments` (its state folder "/default"), failing the
/// test when the command line asks for anything but a run (`--help`, `--version`).
func runOptions(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> ServiceOptions {
    var options = ServiceOptions(stateDirectory: "/default")
    let action = try OrientdCommandLine.parse(arguments, into: &options)
    XCTAssertEqual(action, .run, file: file, line: line)
    return options
}

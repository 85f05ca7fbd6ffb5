import GLibBridge
import OrientationCore
import ProcessSupport
import TestSupport
import XCTest
@testable import OrientationDaemon

/// `Admission` alone, on real calls from a private bus: a connection's calls wait until orientd
/// knows who it is, then run at once, and wait again once it left; the call bounds refuse a
/// method call past them (and ask for the memory back) but not a property read; a call
/// through a scene path needs the scene; an administrator method needs an administrator.
final class AdmissionTests: ServedObjectTestCase {
    /// What the handler is told to do with each call, and what it saw.
    final class Run: CoreOnLoop, @unchecked Sendable {
        var admission: Admission?
        var memory: MemoryRelease?
        var access: MethodAccess? = .app
        var scene = SceneTarget.none
        var ranAtOnce: [Bool] = []
    }

    private let run = Run()

    override func setUpWithError() throws {
        let run = run
        try serve("org.example.Admitted1", methods: #"<method name="Names"><arg name="names" type="as" direction="in"/></method>"#) { call in
            let admission = run.admission!
            let answer = {
                do throws(OrientationError) {
                    _ = try admission.check(call, access: run.access, scene: run.scene, manager: run.manager)
                    call.returnValues()
                } catch {
                    call.returnError(name: error.name, message: error.message)
                }
            }
            run.ranAtOnce.append(admission.runsAtOnce(call))
            if admission.runsAtOnce(call) { return answer() }
            admission.admit(call, answer)
        }
        let connection = served.service.connection, loop = served.service.loop
        served.onLoop {
            run.memory = MemoryRelease(loop: loop, followUps: [], trim: {})
            run.admission = Admission(connection: connection, loop: loop, limits: .default, log: Log(verbose: false),
                                      memory: run.memory!, queued: [])
        }
    }

    private func names(_ count: Int) -> Variant { Variant(strings: (0..<count).map { "org.example.App\($0)" }) }

    /// The first call of a connection waits for its identity; the next runs at once; once
    /// the connection is forgotten (it left the bus), its next call waits again.
    func testACallersFirstCallWaitsForItsIdentity() throws {
        let run = run
        try served.call("Names", [names(1)])
        try served.call("Names", [names(1)])
        XCTAssertEqual(served.onLoop { run.ranAtOnce }, [false, true])
        let client = served.client.uniqueName
        served.onLoop {
            XCTAssertNotNil(run.admission!.callers.identity(of: client))
            run.admission!.forget(client)
        }
        try served.call("Names", [names(1)])
        XCTAssertEqual(served.onLoop { run.ranAtOnce }, [false, true, false])
    }

    /// An array past `CallBounds.maxArrayEntries` is refused with `LimitExceeded` naming the
    /// argument and the bound, and the memory GDBus parsed is asked back; at the bound it
    /// passes; a property read (no access class) is not bounded here.
    func testTheCallBoundsRefuseAMethodCallPastThem() throws {
        let run = run
        try served.call("Names", [names(CallBounds.maxArrayEntries)])
        XCTAssertFalse(served.onLoop { run.memory!.isWaiting })
        XCTAssertThrowsError(try served.call("Names", [names(CallBounds.maxArrayEntries + 1)])) { error in
            let error = error as? DBusError
            XCTAssertEqual(error?.name, OrientationError.limitExceeded("").name)
            XCTAssertTrue(error?.message.contains("argument 1 of Names has \(CallBounds.maxArrayEntries + 1) entries") == true,
                          error?.message ?? "")
        }
        XCTAssertTrue(served.onLoop { run.memory!.isWaiting }, "a refusal asks for the parsed call's memory back")
        served.onLoop { run.access = nil }
        try served.call("Names", [names(CallBounds.maxArrayEntries + 1)])
    }

    /// A call through a scene's path needs that scene.
    func testACallThroughAScenePathNeedsTheScene() throws {
        let run = run
        served.onLoop { run.scene = .byPath }
        XCTAssertThrowsError(try served.call("Names", [names(1)])) { error in
            XCTAssertEqual((error as? DBusError)?.name, OrientationError(.unknownScene, "").name)
        }
    }

    /// An administrator method is refused to a sandboxed app the administrator does not
    /// trust, and allowed to the user's own process.
    func testAnAdministratorMethodNeedsAnAdministrator() throws {
        let run = run
        served.onLoop { run.access = .administrator }
        try served.call("Names", [names(1)])
        let client = served.client.uniqueName
        _ = served.onLoop { run.apply(.callerIdentified(client, .sandboxed(appId: "org.example.Sandboxed", kind: .flatpak)), caller: "") }
        XCTAssertThrowsError(try served.call("Names", [names(1)])) { error in
            XCTAssertEqual((error as? DBusError)?.name, OrientationError(.accessDenied, "").name)
        }
    }
}

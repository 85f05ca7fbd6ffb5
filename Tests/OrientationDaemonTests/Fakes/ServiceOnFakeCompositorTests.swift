import GLibBridge
import OrientationCore
import ProcessSupport
import TestSupport
import XCTest

/// The service's front-window rules end to end, in process, on a fake compositor (no real
/// compositor is the point here): a window in front brings its app's policy to the panel, the
/// window behind takes over when it closes, the last one closed gives the device's orientation
/// back, and the compositor leaving and coming back is followed. Clients use the real bus of
/// the test (a private one). The fakes play KWin: no rule of the core depends on the kind.
final class ServiceOnFakeCompositorTests: OrientdTestCase {
    static let reader = "org.example.FakeReader"
    static let game = "org.example.FakeGame"
    static let played = (output: OutputBackendKind.kwin, windows: WindowTrackerKind.kwin)

    private var bus: PrivateBus!
    private let deadline: Duration = .seconds(30)
    override var startsOrientdInSetUp: Bool { false }

    override func setUpWithError() throws {
        try super.setUpWithError()
        bus = try makeBus()
        client = try connect(toBus: bus, name: "fake-compositor-client")
    }

    func startService() throws -> FakeCompositorService {
        let service = try FakeCompositorService(address: bus.address, stateDirectory: try temporaryDirectory() + "/state",
                                                interfaces: AdapterNamesTests.root + "/dbus", playing: Self.played)
        addTeardownBlock { service.stop() }
        // The name is owned once the bus answers the service's request, after `start()`.
        try eventually("orientd owns its name", timeout: deadline) { (try? property("Version")) != nil }
        try callManager("SetSettleTime", [.u(0)])
        try waitForProperty("OutputBackend", Self.played.output.rawValue)
        try waitForProperty("WindowTracking", Self.played.windows.rawValue)
        try turnDevice("portrait")
        return service
    }

    /// Waits until the manager property `name` is the string `value`.
    func waitForProperty(_ name: String, _ value: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try eventually("\(name) = '\(value)'", timeout: deadline, file: file, line: line) { try property(name).string == value }
    }

    func turnDevice(_ orientation: String) throws { try callManager("SetDeviceOrientation", [.s(orientation)]) }

    /// Waits until the fake panel shows `orientation`.
    func waitForPanel(_ service: FakeCompositorService, _ orientation: InterfaceOrientation,
                      file: StaticString = #filePath, line: UInt = #line) throws {
        var last: UInt32 = 0
        try eventually("the fake panel shows \(orientation) (last transform \(last))", timeout: deadline, file: file, line: line) {
            last = service.onPeers { output, _ in output.transform }
            return FakeOutputBackend.showing(last) == orientation
        }
    }

    func testTheAppInFrontTurnsThePanelAndClosingGivesItBack() throws {
        let service = try startService()
        try callManager("SetAppPolicy", [.s(Self.game), .vardict(["allowed-orientations": .strings(["landscape-left"])])])
        try callManager("SetAppPolicy", [.s(Self.reader), .vardict(["allowed-orientations": .strings(["portrait"])])])
        try turnDevice("landscape-right")
        try waitForPanel(service, .landscapeLeft)

        let game = service.onPeers { _, windows in windows.open(Self.game) }
        try waitForProperty("FrontApp", Self.game)
        try waitForPanel(service, .landscapeLeft)
        let reader = service.onPeers { _, windows in windows.open(Self.reader) }
        try waitForProperty("FrontApp", Self.reader)
        try waitForPanel(service, .portrait)
        XCTAssertEqual(try property("TrackedWindows").uint32, 2)

        service.onPeers { _, windows in windows.close(reader) }
        try waitForProperty("FrontApp", Self.game)
        try waitForPanel(service, .landscapeLeft)
        service.onPeers { _, windows in windows.close(game) }
        try waitForProperty("FrontApp", "")
        // The device is on its side (landscape-right): its interface orientation is landscape-left.
        try waitForPanel(service, .landscapeLeft)
    }

    func testTheCompositorLeavingAndComingBackIsFollowed() throws {
        let service = try startService()
        service.onPeers { _, windows in _ = windows.open(Self.reader) }
        try waitForProperty("FrontApp", Self.reader)
        service.onPeers { output, windows in
            windows.leave()
            output.leave()
        }
        try waitForProperty("WindowTracking", "none")
        try waitForProperty("FrontApp", "")
        XCTAssertEqual(try property("OutputBackend").string, "none")
        service.onPeers { output, windows in
            output.arrive()
            windows.arrive()
        }
        try waitForProperty("WindowTracking", Self.played.windows.rawValue)
        try waitForProperty("OutputBackend", Self.played.output.rawValue)
    }
}

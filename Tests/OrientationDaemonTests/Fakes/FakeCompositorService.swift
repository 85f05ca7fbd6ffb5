import GLibBridge
import OrientationCore
@testable import OrientationDaemon
import TestSupport

/// The whole service in process, on a GLib loop of its own and the test's private bus, with a
/// fake compositor as its output backend and window tracker (`FakeOutputPeer`,
/// `FakeWindowPeer`), each its family's `fake` entry, reporting the kinds the test plays: for
/// the service's behaviour where no real compositor is the point. The peers are touched on the
/// service's loop only (`onPeers`).
final class FakeCompositorService: @unchecked Sendable {
    let loop = MainLoop.startThread(name: "service")
    let output = FakeOutputPeer()
    let windows = FakeWindowPeer()
    /// Only touched on the loop's thread.
    private var service: OrientationService?
    private var connection: BusConnection?

    /// Starts the service on `address` with its state in `stateDirectory`, the interface XML
    /// of `interfaces` (the clone's, never an installed orientd's), and no sensor; its backend
    /// and tracker report the kinds `playing` names.
    init(address: String, stateDirectory: String, interfaces: String,
         playing kinds: (output: OutputBackendKind, windows: WindowTrackerKind)) throws {
        try loop.sync { [self] () throws in
            var options = ServiceOptions(stateDirectory: stateDirectory)
            options.sensor = .none
            let connection = try BusConnection(address: address)
            let service = try OrientationService(
                connection: connection, loop: loop, options: options,
                contract: try ContractXML.load(searchPath: [interfaces]), environment: [:],
                compositors: Self.families(output, windows, playing: kinds))
            try service.start()
            (self.connection, self.service) = (connection, service)
        }
    }

    /// One fake entry per family (named as the families' own fakes), so that `auto` finds it at once.
    static func families(_ output: FakeOutputPeer, _ windows: FakeWindowPeer,
                         playing kinds: (output: OutputBackendKind, windows: WindowTrackerKind)) -> CompositorFamilies {
        var families = CompositorFamilies.builtIn
        families.output.entries = [AdapterEntry(name: FakeAdapters.name, found: "the fake compositor's panel", arrivals: [],
                                                probe: { _ in true }, make: { _ in FakeOutputBackend(peer: output, playing: kinds.output) })]
        families.output.fallback = nil
        families.windows.entries = [AdapterEntry(name: FakeAdapters.name, found: "the fake compositor's window list", arrivals: [],
                                                 probe: { _ in true },
                                                 make: { FakeWindowTracker(peer: windows, playing: kinds.windows, log: $0.log) })]
        return families
    }

    /// Runs `body` with the peers on the service's loop (as the compositor would act).
    func onPeers<T: Sendable>(_ body: @escaping @Sendable (FakeOutputPeer, FakeWindowPeer) -> T) -> T {
        loop.sync { [self] in body(output, windows) }
    }

    /// Stops the service as SIGTERM does, and the loop.
    func stop() {
        loop.sync { [self] in
            service?.stop(status: 0)
            connection?.close()
            (service, connection) = (nil, nil)
        }
        loop.stopThread()
    }
}

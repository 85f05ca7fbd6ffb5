@testable import OrientationDaemon
import OrientationCore

/// The test playing a compositor's panel, in process: its transform (wl_output's numbers,
/// 0-7; 4-7 are flipped, which orientd never turns to), the compositor leaving and coming back,
/// and hostile transforms. Touched only on the backend's loop thread once it runs, hence
/// unchecked Sendable.
final class FakeOutputPeer: @unchecked Sendable {
    private(set) var present = true
    /// The panel's transform; any number a hostile compositor may send.
    private(set) var transform: UInt32 = 0
    let panel = "FAKE-1"
    /// The panel's mode and scale: a phone's (360 logical pixels on its shorter side).
    let size = PanelSize(width: 720, height: 1440, scale: 2)!
    weak var backend: FakeOutputBackend?

    /// Someone turns the panel (orientd or another client).
    func turn(to transform: UInt32) {
        self.transform = transform
        backend?.peerChanged()
    }

    func leave() {
        present = false
        backend?.peerLeft()
    }

    func arrive() {
        present = true
        transform = 0
        backend?.peerArrived()
    }
}

/// An output backend turning a `FakeOutputPeer`'s panel: what every backend keeps (the
/// conformance suite's contract) and nothing of a compositor's protocol. A transform it does
/// not know (flipped, or out of range) is reported as showing nothing orientd turns to. It
/// reports the kind the test plays (a real one, as `FakeOutput` does: the wire's vocabulary
/// stays the real one), not any one compositor's.
final class FakeOutputBackend: OutputBackend {
    let kind: OutputBackendKind
    let peer: FakeOutputPeer
    private var report: ((OutputBackendEvent) -> Void)?
    private var session = PeerSession<InterfaceOrientation>()
    private var attached = false

    init(peer: FakeOutputPeer, playing kind: OutputBackendKind) { (self.peer, self.kind) = (peer, kind) }

    /// The row a transform shows; nil for a flipped or unknown one.
    static func showing(_ transform: UInt32) -> InterfaceOrientation? {
        transform < 4 ? rows[Int(transform)] : nil
    }

    /// wl_output's transforms 0-3 as the rows they show (counter-clockwise turns).
    static let rows: [InterfaceOrientation] = [.portrait, .landscapeLeft, .portraitUpsideDown, .landscapeRight]

    func start(reports: @escaping (OutputBackendEvent) -> Void) {
        report = reports
        peer.backend = self
        if peer.present { peerArrived() } else { peerLeft() }
    }

    func stop() {
        peer.backend = nil
        report = nil
    }

    func apply(_ orientation: InterfaceOrientation) {
        guard attached, let row = session.calls.submit(orientation) else { return }
        peer.turn(to: UInt32(Self.rows.firstIndex(of: row) ?? 0))
        if let next = session.calls.finish() { apply(next) }
    }

    func peerArrived() {
        session.newPeer()
        session.present()
        attached = true
        report?(.attached(outputName: peer.panel, showing: Self.showing(peer.transform)))
        report?(.facts(PanelFacts(size: peer.size)))
    }

    func peerChanged() {
        guard attached else { return }
        report?(.orientationRead(Self.showing(peer.transform)))
    }

    func peerLeft() {
        let wasAttached = attached
        attached = false
        session.newPeer()
        if session.reportsAbsence(wasPresent: wasAttached) {
            report?(.detached(reason: wasAttached ? "the fake compositor went away" : "the fake compositor is not there"))
        }
    }
}

import OrientationCore

/// The output backend `ORIENTD_FAKE_OUTPUT=KIND` makes `auto` take (`FakeAdapters`): an
/// in-memory panel `FAKE-1`, a phone's (720×1440 pixels at scale 2), showing portrait when it
/// starts, that turns at once to what orientd asks and reads back what it shows. The manager's
/// `OutputBackend` names KIND (an `OutputBackendKind`: the backend a test plays), so the wire's
/// vocabulary is the real one; `OutputName` says `FAKE-1`.
final class FakeOutput: OutputBackend {
    static let panel = "FAKE-1"
    static let size = PanelSize(width: 720, height: 1440, scale: 2)!

    let kind: OutputBackendKind
    private let log: Log
    private var report: ((OutputBackendEvent) -> Void)?

    init(kind: OutputBackendKind, log: Log) { (self.kind, self.log) = (kind, log) }

    /// The kind the variable names; nil (with a warning) for any other value.
    static func kind(in context: AdapterContext) -> OutputBackendKind? {
        FakeAdapters.value(FakeAdapters.output, in: context,
                           valid: "give one of \(OutputBackendKind.allCases.map(\.rawValue).joined(separator: ", "))",
                           OutputBackendKind.init(rawValue:))
    }

    func start(reports: @escaping (OutputBackendEvent) -> Void) {
        report = reports
        log.warning("output: \(FakeAdapters.output) is set: the fake output backend turns an in-memory panel \(Self.panel), "
            + "reported as \(kind.rawValue); no compositor's panel is turned")
        reports(.attached(outputName: Self.panel, showing: .portrait))
        reports(.facts(PanelFacts(size: Self.size)))
    }

    func stop() { report = nil }

    func apply(_ orientation: InterfaceOrientation) {
        log.debug("output: fake: \(Self.panel) turned to \(orientation.rawValue)")
        report?(.orientationRead(orientation))
    }
}

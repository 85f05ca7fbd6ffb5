/// The rotation a compositor's panel shows, counted as wl_output's transform counts it (and
/// as mutter's `DisplayConfig`, wlr-randr and KScreen report it): quarter turns
/// counter-clockwise from the panel's natural orientation.
public enum PanelTransform: Int, Sendable, CaseIterable, CustomStringConvertible {
    case normal = 0, quarter = 1, half = 2, threeQuarters = 3

    /// wl_output's (and wlr-randr's) name: `normal`, `90`, `180`, `270`.
    public var description: String { self == .normal ? "normal" : String(rawValue * 90) }

    /// The transform wlr-randr or a log line names (`normal`, `90`, …), nil for any other text.
    public init?(name: String) {
        guard let found = Self.allCases.first(where: { $0.description == name }) else { return nil }
        self = found
    }

    /// Whether the panel shows its natural orientation turned a quarter (portrait ↔ landscape).
    public var isQuarterTurn: Bool { rawValue % 2 == 1 }
}

/// One real compositor, started headless for a test or the benchmark, in the one shape both
/// use: what a client needs to reach it, the panel it shows as the compositor itself reports
/// it (never as orientd does), a turn of that panel as the compositor's own settings make
/// one, a window opened on it (`openWindow`), and its end. One implementation per compositor lives in ProcessSupport; the tests'
/// `OutputTestCase` and the benchmark's sections are thin users of it.
public protocol Compositor: AnyObject {
    /// Its name in messages and in the benchmark's keys (`kwin`, `phoc`, `mutter`, …).
    var name: String { get }
    /// The output (panel) orientd is told to turn (`--output`), as the compositor names it.
    var output: String { get }
    /// What a client (orientd, an app, a reading tool) needs in its environment besides the
    /// session's: the compositor's socket or display.
    var clientEnvironment: [String: String] { get }
    /// The compositor's own process (its log in failure messages).
    var process: ChildProcess { get }
    /// The transform the compositor reports for `output` now, read through its own interface
    /// (`wlr-randr`, `kscreen-doctor`, `DisplayConfig`, `xrandr`); nil while it lists no such output.
    func panelTransform() throws -> PanelTransform?
    /// Turns `output` as the user's display settings would, without orientd.
    func turnPanel(to transform: PanelTransform) throws
    /// Ends the compositor and everything it started (an X server it nests in, its session).
    func stop()
}

/// A compositor whose panel someone else can also mirror: wl_output's flipped transforms
/// (4–7: a reflection, then quarter turns counter-clockwise). `PanelTransform` leaves them out
/// because orientd never turns a panel to one; they come only from a user's settings, and the
/// conformance suites make them to check that orientd reports them as nothing it knows.
/// phoc (`wlr-randr --transform flipped-90`) and `DisplayConfig`'s compositors (mutter, GNOME
/// Shell) are such compositors; KWin's kscreen-doctor and Xephyr offer no reflection.
public protocol FlippingCompositor: Compositor {
    /// Turns `output` to `transform` mirrored (wl_output's transform `transform.rawValue + 4`)
    /// as the user's display settings would.
    func turnPanel(flipped transform: PanelTransform) throws
}

extension PanelTransform {
    /// The two quarter turns (90 and 270): the panel turned to its other side, either way.
    public static let quarterTurns: Set<PanelTransform> = [.quarter, .threeQuarters]
}

extension Compositor {
    /// Waits until the compositor reports `output` at `transform` (`eventually`'s scale applies).
    public func waitForPanel(_ transform: PanelTransform, timeout: Duration = .seconds(30),
                             file: StaticString = #filePath, line: UInt = #line) throws {
        try waitForPanel(anyOf: [transform], timeout: timeout, file: file, line: line)
    }

    /// Waits until the compositor reports `output` at one of `transforms` (either landscape,
    /// when which one is not the test's to say); `eventually`'s scale applies. Throws, with the
    /// compositor's log, when it exits first. Returns the transform it reported.
    @discardableResult
    public func waitForPanel(anyOf transforms: Set<PanelTransform>, timeout: Duration = .seconds(30),
                             file: StaticString = #filePath, line: UInt = #line) throws -> PanelTransform {
        let wanted = transforms.sorted { $0.rawValue < $1.rawValue }.map(\.description).joined(separator: " or ")
        var (last, reached): (PanelTransform?, PanelTransform) = (nil, .normal)
        try eventually("\(name) shows \(output) at \(wanted) (last: \(last.map { "\($0)" } ?? "none"))",
                       timeout: timeout, file: file, line: line) {
            if let status = process.exitStatus {
                throw ProcessSupportError("\(name) exited (\(status)):\n\(process.standardError.suffix(2_000))")
            }
            last = try panelTransform()
            guard let shown = last, transforms.contains(shown) else { return false }
            reached = shown
            return true
        }
        return reached
    }
}

extension Compositor {
    /// Opens a window on the compositor as a user's launcher does: starts the client `command`
    /// through `start` (named `name` in its log; its program unless given) with `environment`
    /// and, over it, the compositor's `clientEnvironment` (its socket or display). Does not
    /// wait for the window: what the client says when it shows one is its own.
    public func openWindow(_ command: [String], name: String? = nil, environment: [String: String] = [:],
                           start: StartProcess = startPlainly) throws -> ChildProcess {
        try start(name ?? command.first ?? "client", command, environment.merging(clientEnvironment) { $1 })
    }
}

import Foundation
import Glibc
import ProcessSupport

/// A compositor the window section runs on: started with a portrait panel, the environment
/// orientd and the apps get, orientd's arguments for it, and a task switcher.
protocol SwitchingCompositor: AnyObject {
    /// The key's suffix and the figure's name (`phoc`, `x11`).
    var name: String { get }
    /// The environment orientd and the apps get (their display).
    var environment: [String: String] { get }
    /// GDK's backend for the apps.
    var gdkBackend: String { get }
    /// orientd's output and tracking options.
    var orientdArguments: [String] { get }
    /// The tracker and output backend orientd must report before the rounds.
    var trackerName: String { get }
    var backendName: String { get }
    /// Waits until the switcher knows a window of each app.
    func waitForWindows(of appIds: [String]) throws
    /// Activates `appId`'s window as a shell's task switcher does.
    func activate(_ appId: String) throws
    /// Lets the switcher read its compositor (called while waiting).
    func pump() throws
    /// When the compositor itself tells the turned panel rather than the app's new size: the
    /// time (CLOCK_MONOTONIC) it announced a panel of that shape after `after`, or nil while it
    /// has not. nil from `readsThePanel == false` compositors.
    var readsThePanel: Bool { get }
    func panelTurned(landscape: Bool, after: UInt64) throws -> UInt64?
    /// The limit on the switches' median the row is judged by (ms), or nil for a figure only.
    var latencyLimit: Double? { get }
    /// How long each round waits (pumping the switcher) after the previous one's end before it
    /// activates a window: for a compositor still busy with its own re-layout after a turn,
    /// which a user's next switch, seconds later, never meets.
    var idleBeforeRound: Duration { get }
    func stop()
}

extension SwitchingCompositor {
    var latencyLimit: Double? { 50 }
    var idleBeforeRound: Duration { .zero }
}

/// One compositor of the window section: its name, whether orientd also follows a mock sensor
/// there (the device's whole path), and how to start it. A start that throws `BenchSkip`
/// leaves the compositor's rows out, saying why.
struct CompositorStarter: Sendable {
    /// Where everything the compositor is started with lives.
    struct Context {
        var scratch: String
        var environment: [String: String]
        var bus: PrivateBus
        var sourceTree: String

        /// The cached Debian 13 root (`Debian13Root`); `BenchSkip` when none is made.
        func debian13Root() throws -> String {
            do {
                return try Debian13Root.path(sourceTree: sourceTree)
            } catch {
                throw BenchSkip("no Debian 13 root: \(error.message); make test makes it")
            }
        }
    }

    var name: String
    var followsSensor = false
    /// Runs in `make bench`'s full run only: the quick run in the test suite leaves it out (a
    /// compositor from another Debian's root takes a minute to start on a loaded machine).
    var fullRunOnly = false
    var start: @Sendable (Context) throws -> SwitchingCompositor
}

/// A compositor the benchmark cannot start on this machine, and why (its rows are left out).
struct BenchSkip: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

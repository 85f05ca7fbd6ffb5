import Foundation
import TestSupport
import XCTest

/// A real KWin (`kwin_wayland --virtual`) for the tests, and its output read back from KWin
/// itself through kscreen-doctor, or through the test's own Wayland client (`KWinPolicyClient`)
/// on a KWin that hands its outputs out only through kde_output_device_registry_v2 (KWin 6.7),
/// which Debian 12's kscreen-doctor cannot list.
extension OutputTestCase {
    static var kwinOutput: String { KWinLaunch.firstOutput }

    /// Starts KWin (ProcessSupport's `KWinLaunch`) with one virtual 800×1280 output on the
    /// scratch runtime folder and waits until kscreen-doctor lists it. `trusting`: programs KWin
    /// offers its window list to. With `root`, the KWin of that root (`debian13Root()`), shown the programs' folders: it
    /// checks that the path in a desktop entry's Exec is the client's executable. `outputs`:
    /// how many virtual outputs (Virtual-0, Virtual-1, …). `readingOutputs` false: waits only
    /// for KWin's Wayland socket; true: until its output is read (by the test's own client,
    /// `kwinReader`, on a root's KWin 6.7 or later, whose outputs kscreen-doctor cannot read).
    /// `x11Display`: KWin's X11 windowed backend in that X server instead of `--virtual` (its
    /// outputs X11-0, …: unlike the virtual ones they keep the auto-rotate policy a client sets).
    /// The session is the test's `compositor` from then on.
    @discardableResult
    func startKWin(trusting programs: [String] = [], root: String? = nil, outputs: Int = 1, tabletMode: Bool = false,
                   readingOutputs: Bool = true, x11Display: String? = nil, sessionBus: PrivateBus? = nil) throws -> KWinSession {
        var launch = KWinLaunch(scratch: scratch, sourceTree: Self.repositoryRoot, configHome: scratch + "/config")
        (launch.trusting, launch.root, launch.outputs) = (programs, root, outputs)
        (launch.tabletMode, launch.x11Display, launch.socket) = (tabletMode, x11Display, Self.waylandSocket)
        let kwin = try KWinSession.start(launch, runtimeFolder: scratch, toolEnvironment: childEnvironment) { name, command, environment in
            // `sessionBus`: KWin on a bus of its own, leaving org.kde.KWin on the test's bus to another peer.
            try start(name, command, environment: environment.merging(sessionBus?.sessionEnvironment ?? [:]) { $1 })
        }
        let byRegistry = try root.map(kwinHandsOutputsThroughRegistry) ?? false
        try kwin.waitUntilServing(readingOutput: readingOutputs, timeout: deadline, ownReader: byRegistry ? { [self] in
            let client = try kwinReader ?? kwinPolicyClient()
            kwinReader = client
            return { client.transform(of: $0) }
        } : nil, ownReaderName: "the test's own client")
        compositor = kwin
        return kwin
    }

    /// The test's KWin (`startKWin`).
    var kwin: KWinSession { get throws { try XCTUnwrap(compositor as? KWinSession, "the test started no KWin") } }

    /// The clone's root folder.
    static var repositoryRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    /// Runs kscreen-doctor on the test's KWin (`KWinSession.kscreenDoctor`); throws when it fails.
    @discardableResult
    func kscreenDoctor(_ arguments: [String]) throws -> String { try kwin.kscreenDoctor(arguments) }

    /// Whether `root`'s KWin hands its outputs out only through kde_output_device_registry_v2
    /// (no kde_output_device_v2 globals since KWin 6.7).
    func kwinHandsOutputsThroughRegistry(_ root: String) throws -> Bool {
        let parts = try kwinVersion(root).split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
        return parts.count == 2 && (parts[0], parts[1]) >= (6, 7)
    }

    /// KScreen's rotation of `output` (1 none, 2 left, 4 inverted, 8 right) from kscreen-doctor,
    /// or from the transform `kwinReader` last read (`KWinSession.kscreenRotation`).
    func kscreenRotation(_ output: String) throws -> Int? { try kwin.kscreenRotation(of: output) }
}

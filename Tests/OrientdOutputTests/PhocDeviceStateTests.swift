import Foundation
import TestSupport
import XCTest

/// phoc's device state (`zphoc_device_state_v1`, phoc 0.31 and later) on real phoc: orientd
/// binds it on its connection to phoc and reads its capabilities. phoc nested in Xvfb (as
/// headless) has no tablet-mode switch, so phoc says nothing of the posture: `PostureReason`
/// says so, and the posture falls back to the device's orientation as before — on a desk
/// while nothing reports it, held once it is set. The host's phoc 0.24 offers no device state:
/// there orientd says only that the compositor is silent. (A switch that reports, enabled or
/// disabled, needs a tablet-mode switch device phoc's libinput backend reads; this machine has
/// no /dev/uinput to make one, so the enabled and disabled words are tested in the core:
/// PhocTabletModeTests.)
final class PhocDeviceStateTests: OutputTestCase {
    static let panel = "X11-1"
    static let noSwitch = "phoc's device state (zphoc_device_state_v1) reports no tablet-mode switch"

    func testOnDebian13sPhoc046NoTabletModeSwitchSaysNothingAndThePostureFallsBack() throws {
        try noSwitchSaysNothing(on: .trixie, version: "0.46")
    }

    func testOnForkysPhoc058NoTabletModeSwitchSaysNothingAndThePostureFallsBack() throws {
        try noSwitchSaysNothing(on: .forky, version: "0.58")
    }

    func testTheHostsPhocOffersNoDeviceStateAndIsSilent() throws {
        try startPhocAndOrientd(root: nil)
        try waitForProperty("Posture", "desk")
        let reason = try managerProperty("PostureReason").string ?? ""
        XCTAssertTrue(reason.hasPrefix("the compositor does not say whether it turns the panel"), reason)
        XCTAssertFalse(reason.contains("device state"), "phoc 0.24 offers none: \(reason)")
    }

    /// On the phoc of `release`'s root, at `version`.
    func noSwitchSaysNothing(on release: Debian13Root.Release, version: String) throws {
        let root = try cachedRoot(release)
        let phoc = try XCTUnwrap(Debian13Root.versions(root, of: ["phoc"])["phoc"])
        XCTAssertTrue(phoc.hasPrefix(version), "\(release.displayName)'s phoc \(version), not \(phoc)")
        try startPhocAndOrientd(root: root)
        var reason = ""
        try eventually("PostureReason names phoc's device state (last: \(reason))", timeout: deadline) {
            reason = try managerProperty("PostureReason").string ?? ""
            return reason.hasPrefix(Self.noSwitch)
        }
        XCTAssertTrue(reason.contains("nothing reports the device's orientation"), reason)
        XCTAssertEqual(try managerProperty("Posture").string, "desk", "nothing reports the device: on a desk, as before")
        XCTAssertTrue(orientd.log.contains("phoc's device state: tablet-mode switch absent"), orientd.log)
        let explained = try explainPanelLines()
        XCTAssertTrue(explained.contains { $0.contains("on a desk (" + Self.noSwitch) }, "\(explained)")

        try turnDevice("landscape-left")
        try waitForProperty("Posture", "held")
        reason = try managerProperty("PostureReason").string ?? ""
        XCTAssertTrue(reason.hasPrefix(Self.noSwitch) && reason.contains("a device orientation was set"), reason)
    }

    /// phoc (the host's, or `root`'s) nested in Xvfb with an 800×1280 panel (a large screen
    /// at scale 1), and orientd measuring it with nothing reporting the device.
    func startPhocAndOrientd(root: String?) throws {
        let host = try startXvfb(size: "800x1280x24")
        try startPhoc(backends: "x11", output: Self.panel, environment: ["DISPLAY": host], root: root)
        try launchOrientd(["--output", Self.panel, "--screen-class", "auto"],
                          environment: appDataEnvironment.merging(waylandEnvironment) { $1 }, verbose: true)
        try waitForProperty("OutputBackend", "wlroots")
        try waitForProperty("ScreenClass", "large")
    }
}

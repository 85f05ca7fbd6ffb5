import OrientationCore
import XCTest

/// phoc's device state decides a large screen's posture as KWin's tablet mode does: its
/// tablet-mode switch on, the device is held; off, it stands on a desk whatever the sensor
/// says; no switch, phoc says nothing and the sensor decides, as before. Its word goes through
/// the compositor's settle (CompositorRotationSettle.swift): a switch that flaps keeps the
/// settled posture.
extension PostureTests {
    func facts(_ tabletModeSwitch: PhocTabletModeSwitch) -> PanelFacts {
        PanelFacts(size: Self.tablet, rotation: .phoc(tabletModeSwitch))
    }

    func testPhocsTabletModeSwitchIsTheCompositorsWord() {
        XCTAssertEqual(CompositorRotation.phoc(.unoffered), .silent)
        guard case .saysNothing(let none) = CompositorRotation.phoc(.absent),
              case .turnsPanel(let on) = CompositorRotation.phoc(.enabled),
              case .leavesPanel(let off) = CompositorRotation.phoc(.disabled) else {
            return XCTFail("no switch says nothing, enabled is held, disabled is a desk")
        }
        XCTAssertTrue(none.contains("reports no tablet-mode switch"), none)
        XCTAssertTrue(on.contains("phoc's tablet-mode switch is on"), on)
        XCTAssertTrue(off.contains("phoc's tablet-mode switch is off"), off)
        XCTAssertTrue(CompositorRotation.phoc(.absent).isSilent)
        XCTAssertFalse(CompositorRotation.phoc(.enabled).isSilent)
    }

    func testPhocsSwitchOffIsADeskWhateverTheSensorAndOnIsHeldWithNoSensor() throws {
        try attach(Self.tablet, rotation: .phoc(.disabled))
        try subject.run(.setSensorAvailable(true), as: Caller.shell)
        XCTAssertEqual(subject.manager.regime, .desk)
        XCTAssertTrue(subject.manager.postureBasis.words.contains("phoc's tablet-mode switch is off"), subject.manager.postureBasis.words)
        XCTAssertFalse(subject.manager.wantsSensor, "on a desk the sensor is not followed")
        let explained = try subject.manager.explainPanel(appId: nil).map(\.sentence).joined(separator: "\n")
        XCTAssertTrue(explained.contains("on a desk (phoc's tablet-mode switch is off"), explained)

        subject = ManagerUnderTest()
        try attach(Self.tablet, rotation: .phoc(.enabled))
        XCTAssertEqual(subject.manager.postureBasis, .compositor(.phoc(.enabled)))
        XCTAssertEqual(subject.manager.regime, .largeHeld, "held with nothing reporting the device")
        let explainedHeld = try subject.manager.explainPanel(appId: nil).map(\.sentence).joined(separator: "\n")
        XCTAssertTrue(explainedHeld.contains("held (phoc's tablet-mode switch is on"), explainedHeld)
    }

    func testPhocWithNoSwitchLeavesThePostureToTheSensorAndSaysSo() throws {
        try attach(Self.laptop, rotation: .phoc(.absent))
        let why = "phoc's device state (zphoc_device_state_v1) reports no tablet-mode switch"
        XCTAssertEqual(subject.manager.regime, .desk, "nothing reports the device: on a desk, as before")
        XCTAssertTrue(subject.manager.postureBasis.words.hasPrefix(why), subject.manager.postureBasis.words)
        XCTAssertTrue(subject.manager.postureBasis.words.contains("nothing reports the device's orientation"),
                      subject.manager.postureBasis.words)
        try subject.run(.setSensorAvailable(true), as: Caller.shell)
        XCTAssertEqual(subject.manager.regime, .largeHeld, "an accelerometer: held, as before")
        XCTAssertEqual(subject.manager.postureBasis.words, why + ", so phoc does not say whether the device is held; an accelerometer reports the device's orientation")
    }

    func testAFlappingSwitchKeepsTheSettledPostureAndASteadyOneIsTakenOnceItHolds() throws {
        try attach(Self.tablet, rotation: .phoc(.absent))
        try subject.run(.setSensorAvailable(true), as: Caller.shell)
        XCTAssertEqual(subject.manager.regime, .largeHeld, "no switch: the accelerometer decides")
        try subject.run(.output(.facts(facts(.disabled))), as: Caller.shell)
        XCTAssertEqual(subject.manager.regime, .desk, "the first word after saying nothing is taken at once")
        for flip in 0..<200 {
            try subject.run(.output(.facts(facts(flip % 2 == 0 ? .enabled : .disabled))), as: Caller.shell)
            subject.advance(milliseconds: 10)
            try subject.tick()
            XCTAssertEqual(subject.manager.regime, .desk, "flip \(flip)")
        }
        try subject.run(.output(.facts(facts(.enabled))), as: Caller.shell)
        subject.advance(milliseconds: CompositorRotation.settleTime / 2000)
        try subject.tick()
        XCTAssertEqual(subject.manager.regime, .desk, "half the settle time")
        subject.advance(milliseconds: CompositorRotation.settleTime / 2000)
        try subject.tick()
        XCTAssertEqual(subject.manager.regime, .largeHeld, "folded into a tablet, and held there")
    }
}

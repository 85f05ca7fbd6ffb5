import GLibBridge
import OrientationCore
import OrientationWire
import ProcessSupport

/// The device's whole path on a window compositor (phoc): with an app in front whose entry
/// declares nothing (it follows the device), from a mock sensor's reading to that app's window
/// being given a size of the new orientation: the same end as a switch's rounds, so the two
/// compare on the same compositor. Settle time 0, then orientd's default.
extension WindowSection {
    static func readings(of sensor: MockSensor, on compositor: SwitchingCompositor, rounds: Int, app: ChildProcess,
                         probe: BusConnection, orientd: String, failure: () -> String) throws -> [(UInt32, [Double])] {
        try compositor.waitForWindows(of: [followerApp])
        try compositor.activate(followerApp)
        try eventually("orientd has \(followerApp) in front on \(compositor.name); \(failure())", timeout: .seconds(60)) {
            try compositor.pump()
            return try OutputSection.property(probe, orientd, ManagerProperty.frontApp.rawValue) == followerApp
        }
        // The switches ran with settle time 0: the default is the core's.
        let defaultSettle = Settings().settleTimeMilliseconds
        var results: [(UInt32, [Double])] = []
        // Alternates across both settle times: each reading differs from the one before.
        var turn = 0
        for settle in [0, defaultSettle] {
            try probe.manager(orientd, .setSettleTime, [Variant(uint32: settle)])
            var latencies: [Double] = []
            for round in 0..<(rounds + 2) {
                let landscape = turn % 2 == 0
                turn += 1
                let start = monotonicNanoseconds()
                try sensor.tilt(landscape ? "left-up" : "normal")
                var turned: UInt64?
                try eventually("\(followerApp)'s window is given a \(landscape ? "landscape" : "portrait") size after a reading; \(failure())",
                               timeout: .seconds(20)) {
                    try compositor.pump()
                    turned = firstSize(in: app.standardOutput, landscape: landscape, after: start)
                    return turned != nil
                }
                if round >= 2 { latencies.append(Double(turned! - start) / 1e6) }  // two rounds of warm-up
            }
            results.append((settle, latencies))
        }
        return results
    }

    /// The readings' rows, each against the switches' median on the same compositor (`focus`).
    static func reportReadings(_ readings: [(UInt32, [Double])], on name: String, focus: Double, _ report: Report) {
        for (settle, latencies) in readings {
            let key = "path.\(name).\(settle == 0 ? "settle0" : "settle")"
            let spread = Spread(latencies)
            report.spread(key, "reading until the app in front has the turned panel, \(name), settle time \(settle) ms", spread, "ms")
            report.atMost("\(key).margin", "reading → panel − focus → panel on \(name) (\(format(focus)) ms)\(settle == 0 ? "" : " − the \(settle) ms settle time")",
                          spread.median - focus - Double(settle), "ms", 5)
        }
    }
}

import Foundation
import GLibBridge
import Glibc
import OrientationCore
import OrientationWire
import ProcessSupport

/// The device's whole path on the headless mutter of `OutputSection`: from an accelerometer
/// reading (python-dbusmock's iio-sensors-proxy template, `Tests/Fixtures/sensor/mock-sensor.sh`,
/// on a private bus standing in for the system bus) to mutter announcing the turned panel
/// (`MonitorsChanged`), with settle time 0 and with orientd's default. Judged against the
/// same mutter turning the panel for a scene's own request (`output.mutter`): what the
/// reading's path adds beyond it is the sensor's signal and orientd's decision, and the
/// settle time when one is set.
enum SensorPath {
    static func run(_ options: BenchOptions, _ report: Report, mutter: OutputSection.Mutter, requestMedian: Double) throws {
        guard let tree = BenchBinaries.sourceTree else {
            throw BenchError("Tests/Fixtures/sensor/mock-sensor.sh is not in the source tree this program was built in")
        }
        let rounds = options.quick ? 5 : 20
        print("Output: the device's whole path, \(rounds) readings of a python-dbusmock iio-sensors-proxy until mutter turned the panel")
        fflushAll()
        let sensor = try MockSensor(sourceTree: tree, workDirectory: mutter.scratch + "/sensor")
        defer { sensor.stop() }
        var env = mutter.environment
        env.merge(sensor.environment) { $1 }
        let orientd = try OrientdInstance(busName: Names.bus, arguments: ["--sensor", "iio", "--output-backend", "mutter", "--output", "Meta-0"],
                                          environment: env, bus: mutter.bus, stateHome: mutter.scratch + "/sensor-state")
        defer { orientd.stop() }
        let (client, peer, _, arrivals) = try mutter.followingScene("bench.sensor")
        defer { client.close() }
        let connection = client.connection
        let defaultSettle = try connection.getProperty(peer, Names.managerPath, Names.manager, ManagerProperty.settleTime.rawValue)
            .child(at: 0).unboxed?.uint32 ?? 0
        let readings: [(String, UInt32)] = [("left-up", 1), ("normal", 0)]
        // Alternates across both settle times: each reading differs from the one before.
        var turn = 0
        for settle in [UInt32(0), defaultSettle] {
            try connection.manager(peer, .setSettleTime, [Variant(uint32: settle)])
            var latencies: [Double] = []
            for round in 0..<(rounds + 2) {
                let (reading, transform) = readings[turn % 2]
                turn += 1
                arrivals.reset()
                arrivals.orientationChanged()  // the start instant: the reading is about to be sent
                try sensor.tilt(reading)
                let latency = try arrivals.wait(timeout: 30)
                let shown = try mutter.shownTransform()
                guard shown == transform else {
                    throw BenchError("after the reading \(reading) mutter shows transform \(shown), not \(transform); orientd's log:\n\(orientd.log)")
                }
                if round >= 2 { latencies.append(latency.milliseconds) }  // two rounds of warm-up
            }
            let key = settle == 0 ? "settle0" : "settle"
            let spread = Spread(latencies)
            report.spread("path.mutter.\(key)", "reading until mutter turned the panel (MonitorsChanged), settle time \(settle) ms", spread, "ms")
            report.atMost("path.mutter.\(key).margin",
                          "reading → panel − request → panel on the same mutter (\(format(requestMedian)) ms)\(settle == 0 ? "" : " − the \(settle) ms settle time")",
                          spread.median - requestMedian - Double(settle), "ms", 5)
        }
    }
}

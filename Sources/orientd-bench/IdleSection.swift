import Glibc

/// orientd's CPU time while nothing happens: it must not poll.
enum IdleSection {
    static func run(_ target: BenchTarget, _ options: BenchOptions, _ report: Report, scenes: Int) throws {
        print("Idle: \(options.idleSeconds) s with \(scenes) scenes and no traffic")
        // Let replies and signals still in flight land first.
        usleep(500_000)
        let before = try target.usage.cpuTicks()
        let switchesBefore = try target.usage.contextSwitches()
        sleep(UInt32(options.idleSeconds))
        let switchesAfter = try target.usage.contextSwitches()
        let after = try target.usage.cpuTicks()
        try target.checkAlive()
        report.within("idle.ticks", "orientd CPU over \(options.idleSeconds) s idle with \(scenes) scenes (utime+stime, \(ProcessUsage.ticksPerSecond) ticks/s)",
                      Double(after - before), "ticks", -1...1, target: "0 ± 1 ticks")
        report.atMost("idle.wakeups", "orientd's threads woken over \(options.idleSeconds) s idle with \(scenes) scenes (context switches; "
                          + "threads \(switchesBefore.count) before, \(switchesAfter.count) after)",
                      Double(ProcessUsage.wakeUps(from: switchesBefore, to: switchesAfter)), "wake-ups", 0, target: "0 wake-ups")
    }
}

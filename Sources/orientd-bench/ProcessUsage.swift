import Foundation
import Glibc

/// What /proc says about a process: resident memory and CPU time.
struct ProcessUsage {
    let pid: pid_t

    /// `VmRSS` and `VmHWM` from /proc/PID/status, in KiB.
    func memory() throws(BenchError) -> (rss: Int, peak: Int) {
        let status = try read("status")
        func field(_ name: String) -> Int? { Self.field(name, in: status) }
        guard let rss = field("VmRSS"), let peak = field("VmHWM") else {
            throw BenchError("no VmRSS/VmHWM in /proc/\(pid)/status")
        }
        return (rss, peak)
    }

    /// Rss, Pss and Private_Dirty from /proc/PID/smaps_rollup, in KiB: what the process maps,
    /// its share of pages it shares, and what the kernel cannot drop without swap. Call
    /// `sync()` first: pages of a binary written seconds earlier count as private dirty.
    func rollup() throws(BenchError) -> (rss: Int, pss: Int, privateDirty: Int) {
        let text = try read("smaps_rollup")
        func field(_ name: String) -> Int? { Self.field(name, in: text) }
        guard let rss = field("Rss"), let pss = field("Pss"), let dirty = field("Private_Dirty") else {
            throw BenchError("no Rss/Pss/Private_Dirty in /proc/\(pid)/smaps_rollup")
        }
        return (rss, pss, dirty)
    }

    /// utime + stime from /proc/PID/stat, in clock ticks.
    func cpuTicks() throws(BenchError) -> Int {
        let stat = try read("stat")
        // Fields after the command name (which may hold spaces), from field 3 (state) on.
        guard let close = stat.lastIndex(of: ")") else { throw BenchError("cannot parse /proc/\(pid)/stat") }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
            throw BenchError("cannot parse /proc/\(pid)/stat")
        }
        return user + system
    }

    /// CPU time of every thread, in nanoseconds (the first field of each
    /// /proc/PID/task/TID/schedstat): finer than `cpuTicks`, for the cost of one call.
    func cpuNanoseconds() throws(BenchError) -> Int {
        var total = 0
        for task in try tasks() {
            // A thread may end between the listing and the read.
            guard let line = try? read("task/\(task)/schedstat"),
                  let first = line.split(separator: " ").first, let value = Int(first) else { continue }
            total += value
        }
        return total
    }

    /// Times any of the process's threads was switched out (voluntary_ctxt_switches plus
    /// nonvoluntary_ctxt_switches of each /proc/PID/task/TID/status): a thread that sleeps in
    /// poll and is never woken adds none.
    func contextSwitches() throws(BenchError) -> Int {
        var total = 0
        for task in try tasks() {
            guard let status = try? read("task/\(task)/status") else { continue }
            total += (Self.field("voluntary_ctxt_switches", in: status) ?? 0) + (Self.field("nonvoluntary_ctxt_switches", in: status) ?? 0)
        }
        return total
    }

    /// The process's thread ids.
    private func tasks() throws(BenchError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
        } catch {
            throw BenchError("cannot list /proc/\(pid)/task: \(error)")
        }
    }

    /// The number after `name:` on its line of a /proc file ("VmRSS:     1234 kB").
    private static func field(_ name: String, in text: String) -> Int? {
        text.split(separator: "\n").first { $0.hasPrefix(name + ":") }
            .flatMap { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) } }
    }

    /// Clock ticks per second (`sysconf(_SC_CLK_TCK)`).
    static var ticksPerSecond: Int { sysconf(Int32(_SC_CLK_TCK)) }

    private func read(_ file: String) throws(BenchError) -> String {
        do {
            return try String(contentsOfFile: "/proc/\(pid)/\(file)", encoding: .utf8)
        } catch {
            throw BenchError("cannot read /proc/\(pid)/\(file): \(error)")
        }
    }
}

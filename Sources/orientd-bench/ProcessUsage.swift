import Foundation
import Glibc

/// What /proc says about a process: resident memory and CPU time.
struct ProcessUsage {
    let pid: pid_t

    /// `VmRSS` and `VmHWM` from /proc/PID/status, in KiB.
    func memory() throws(BenchError) -> (rss: Int, peak: Int) {
        let status = try read("status")
        func field(_ name: String) -> Int? {
            status.split(separator: "\n").first { $0.hasPrefix(name + ":") }
                .flatMap { $0.split(separator: " ").dropFirst().first.flatMap { Int($0) } }
        }
        guard let rss = field("VmRSS"), let peak = field("VmHWM") else {
            throw BenchError("no VmRSS/VmHWM in /proc/\(pid)/status")
        }
        return (rss, peak)
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
        let tasks: [String]
        do {
            tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
        } catch {
            throw BenchError("cannot list /proc/\(pid)/task: \(error)")
        }
        var total = 0
        for task in tasks {
            // A thread may end between the listing and the read.
            guard let line = try? read("task/\(task)/schedstat"),
                  let first = line.split(separator: " ").first, let value = Int(first) else { continue }
            total += value
        }
        return total
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

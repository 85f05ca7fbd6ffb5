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

    /// Private_Dirty of /proc/PID/smaps summed by where it lies: "heap" (brk), "anon" (mmap'd
    /// memory: other malloc arenas, thread stacks, the Swift runtime's allocations), "binary"
    /// (the executable's own relocated data), "libraries", "stack"; in KiB.
    func privateDirtyByMapping() throws(BenchError) -> [String: Int] {
        let text = try read("smaps")
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) ?? ""
        var kind = "anon"
        var sums: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.contains("-"), first.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
                let name = fields.count > 5 ? String(fields[5]) : ""
                kind = name.isEmpty ? "anon" : name == "[heap]" ? "heap" : name == "[stack]" ? "stack"
                    : name == exe ? "binary" : name.hasPrefix("[") ? "anon" : "libraries"
            } else if fields.first == "Private_Dirty:", fields.count > 1, let kib = Int(fields[1]) {
                sums[kind, default: 0] += kib
            }
        }
        return sums
    }

    /// "heap 276, anon 252, binary 328, libraries 180, stack 36 KiB".
    static func describe(_ sums: [String: Int]) -> String {
        ["heap", "anon", "binary", "libraries", "stack"].map { "\($0) \(sums[$0] ?? 0)" }.joined(separator: ", ") + " KiB"
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
        try tasks().reduce(0) { $0 + (cpuNanoseconds(ofThread: $1) ?? 0) }
    }

    /// One thread's CPU time (ns); nil when it ended between the listing and the read.
    private func cpuNanoseconds(ofThread task: String) -> Int? {
        guard let line = try? read("task/\(task)/schedstat"), let first = line.split(separator: " ").first else { return nil }
        return Int(first)
    }

    /// `cpuNanoseconds` split between GDBus's worker thread (named "gdbus"), which reads and
    /// writes every message, and the process's other threads (the main loop's runs the calls).
    func cpuNanosecondsByThread() throws(BenchError) -> ThreadCPU {
        var split = ThreadCPU()
        for task in try tasks() {
            guard let value = cpuNanoseconds(ofThread: task) else { continue }
            let name = (try? read("task/\(task)/comm"))?.trimmingCharacters(in: .whitespacesAndNewlines)
            if name == "gdbus" { split.worker += value } else { split.rest += value }
        }
        return split
    }

    /// Times each of the process's threads was switched out, by thread id
    /// (voluntary_ctxt_switches plus nonvoluntary_ctxt_switches of /proc/PID/task/TID/status):
    /// a thread that sleeps in poll and is never woken adds none.
    func contextSwitches() throws(BenchError) -> [String: Int] {
        var switches: [String: Int] = [:]
        for task in try tasks() {
            guard let status = try? read("task/\(task)/status") else { continue }
            switches[task] = (Self.field("voluntary_ctxt_switches", in: status) ?? 0) + (Self.field("nonvoluntary_ctxt_switches", in: status) ?? 0)
        }
        return switches
    }

    /// The wake-ups between two `contextSwitches()` readings: each thread's new switches, a
    /// thread started in between counting all of its own, and one that ended counting one.
    static func wakeUps(from before: [String: Int], to after: [String: Int]) -> Int {
        after.reduce(0) { $0 + $1.value - (before[$1.key] ?? 0) } + before.keys.filter { after[$0] == nil }.count
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

    /// The whole file, read until EOF (a /proc file says its size is 0, and one as long as
    /// smaps is not read whole by `String(contentsOfFile:)`).
    private func read(_ file: String) throws(BenchError) -> String {
        let path = "/proc/\(pid)/\(file)"
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw BenchError("cannot read \(path): errno \(errno)") }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            guard count >= 0 else { throw BenchError("cannot read \(path): errno \(errno)") }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// CPU time of a process's threads (ns): GDBus's worker, and the rest.
struct ThreadCPU {
    var worker = 0
    var rest = 0
    var total: Int { worker + rest }

    static func - (after: ThreadCPU, before: ThreadCPU) -> ThreadCPU {
        ThreadCPU(worker: after.worker - before.worker, rest: after.rest - before.rest)
    }
}

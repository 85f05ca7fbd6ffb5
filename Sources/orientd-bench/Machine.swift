import Foundation

/// The machine the run happens on, for the header and BENCHMARKS.md.
struct Machine {
    var cores: Int
    var cpuModel: String
    var memoryMiB: Int

    static var current: Machine {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" } ?? "unknown"
        let meminfo = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
        let totalKiB = meminfo.split(separator: "\n").first { $0.hasPrefix("MemTotal:") }
            .flatMap { line in line.split(separator: " ").dropFirst().first.flatMap { Int($0) } } ?? 0
        return Machine(cores: ProcessInfo.processInfo.activeProcessorCount, cpuModel: model,
                       memoryMiB: totalKiB / 1024)
    }

    var summary: String { "\(cores) cores (nproc), \(cpuModel), \(memoryMiB) MiB RAM" }
}

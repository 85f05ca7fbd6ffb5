import Foundation

/// The whole run: start the service, run each section in order, print the table.
enum Bench {
    static func main(_ arguments: [String]) -> Int32 {
        let options: BenchOptions
        do {
            guard let parsed = try BenchOptions.parse(arguments) else {
                print(BenchOptions.usage)
                return 0
            }
            options = parsed
        } catch {
            FileHandle.standardError.write(Data("orientd-bench: \(error)\n".utf8))
            return 64
        }
        print("orientd-bench (\(options.quick ? "quick" : "full") run) on \(Machine.current.summary)")
        fflushAll()
        let report = Report()
        do {
            let target = try BenchTarget()
            defer { target.stop() }
            print("orientd \(target.binary) pid \(target.pid) as \(target.owner) on \(target.address)")
            let peer = try ReferencePeer(target)
            defer { peer.stop() }
            print("orientd-reference-peer \(BenchBinaries.peer)\(BenchBinaries.linksSwiftRuntime(BenchBinaries.peer) ? " (links the Swift runtime it never calls)" : "") pid \(peer.process.pid) as \(peer.owner)")
            // The scale run compares with the pipelined Ping, so the floor always runs.
            let floor = try FloorSection.run(target, options, report)
            if options.runs("calls") { try CallSection.run(target, peer, options, report) }
            if options.runs("scale") { try ScaleSection.run(target, peer, options, report, floor: floor) }
            // Before the fan-out run, whose scenes stay for the idle run and would turn too.
            if options.runs("apps") { try AppFanOutSection.run(target, peer, options, report) }
            // The idle run keeps the fan-out run's scenes.
            let fanOut = options.runs("fanout") || options.runs("idle") ? try FanOutSection.run(target, peer, options, report) : nil
            defer { fanOut?.close() }
            if options.runs("resolver") { ResolverSection.run(options, report) }
            if options.runs("idle") { try IdleSection.run(target, options, report, scenes: options.fanOutScenes) }
            if options.runs("footprint") { try FootprintSection.run(options, report) }
            if options.runs("output") { try OutputSection.run(options, report) }
            if options.runs("windows") { try WindowSection.run(options, report) }
        } catch {
            print(report.table)
            print("")
            print(TargetSummary.table(report))
            FileHandle.standardError.write(Data("orientd-bench: \(error)\n".utf8))
            return 1
        }
        print("")
        print(report.table)
        print("")
        print(TargetSummary.table(report))
        return 0
    }
}

/// How big a run is: the full benchmark (`make bench`) or the quick one the test suite runs.
struct BenchOptions: Sendable {
    /// Sequential round trips per measured call (each interleaved with a Ping), over `rounds`.
    var sequentialCalls: Int
    /// Rounds of every comparison with the reference peer (each figure: median, min, max).
    var rounds: Int = 5
    /// GetManagedObjects at scale per round, each for orientd and for the peer.
    var listingsPerRound: Int = 3
    /// The numbers of apps (client library instances) the scenes of the app fan-out are spread over.
    var fanOutApps: [Int] = [1, 10, 50]
    /// Pipelined Pings per measurement, and how many are in flight at once.
    var pipelinedCalls: Int
    var window: Int
    /// Scenes registered in the scale run, and how many per connection.
    var scaleScenes: Int
    var scenesPerConnection: Int
    /// Scenes that follow the device in the fan-out run, and how many rotations are timed.
    var fanOutScenes: Int
    var fanOutRounds: Int
    /// Evaluations timed per depth in the resolver run.
    var resolverEvaluations: Int
    /// The idle window, in seconds.
    var idleSeconds: Int
    var quick: Bool
    /// The sections to run (`--only`); empty: all of them.
    var only: Set<String> = []
    /// The window section's compositors to run (`--compositor`); empty: all of them.
    var compositors: Set<String> = []

    static let sections = ["floor", "calls", "scale", "fanout", "apps", "resolver", "idle", "footprint", "output", "windows"]

    /// Whether `section` runs.
    func runs(_ section: String) -> Bool { only.isEmpty || only.contains(section) }

    /// Whether the window section runs on the compositor `name`.
    func wants(compositor name: String) -> Bool { compositors.isEmpty || compositors.contains(name) }

    static let full = BenchOptions(
        sequentialCalls: 2_000, pipelinedCalls: 10_000, window: 100,
        scaleScenes: 10_000, scenesPerConnection: 1_000,
        fanOutScenes: 1_000, fanOutRounds: 30,
        resolverEvaluations: 200_000, idleSeconds: 10, quick: false)

    static let quick = BenchOptions(
        sequentialCalls: 200, pipelinedCalls: 500, window: 50,
        scaleScenes: 300, scenesPerConnection: 100,
        fanOutScenes: 100, fanOutRounds: 5,
        resolverEvaluations: 2_000, idleSeconds: 1, quick: true)

    static let usage = """
        Usage: orientd-bench [--quick]

        Starts a private session bus, the orientd built beside this program (or
        $ORIENTD_BINARY) and orientd-reference-peer (a minimal C GDBus service), measures
        orientd against the bus's own floor (Peer.Ping) and against the peer's same-shape
        calls, and prints a table: each figure, its target, PASS or MISS. See BENCHMARKS.md.

          --quick         a few hundred operations, small scale, 1 s idle window (the test
                          suite's run)
          --only SECTION  run only this section (repeatable; for profiling): floor, calls,
                          scale, fanout, apps, resolver, idle, footprint (start-up,
                          memory and sizes beside the peer and orientd-swift-floor),
                          output (a headless mutter turned by the mutter output
                          backend, for a scene's request and for a mock
                          iio-sensor-proxy's readings), windows (two GTK 4 apps
                          switched on each compositor of --compositor)
          --compositor NAME  run the windows section only on this compositor
                          (repeatable): \(WindowSection.compositors.map(\.name).joined(separator: ", "))
          -h, --help      show this help

        The last table holds the performance targets (BENCHMARKS.md, "Targets"), each
        PASS or MISS on its median, or "not measured" and why.
        """

    /// Parses the arguments (without the program name); nil for --help.
    static func parse(_ arguments: [String]) throws(BenchError) -> BenchOptions? {
        var quick = false
        var only: Set<String> = []
        var compositors: Set<String> = []
        let known = WindowSection.compositors.map(\.name)
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--only":
                guard let section = rest.popFirst(), sections.contains(section) else {
                    throw BenchError("--only needs a section: \(sections.joined(separator: ", "))")
                }
                only.insert(section)
            case "--compositor":
                guard let name = rest.popFirst(), known.contains(name) else {
                    throw BenchError("--compositor needs a compositor: \(known.joined(separator: ", "))")
                }
                compositors.insert(name)
            case "-h", "--help": return nil
            default: throw BenchError("unknown argument '\(argument)'; valid: --quick, --only SECTION, --compositor NAME, --help")
            }
        }
        var options = quick ? BenchOptions.quick : BenchOptions.full
        options.only = only
        options.compositors = compositors
        return options
    }
}

/// A failure that ends the benchmark (the service did not start, a call failed, ...).
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

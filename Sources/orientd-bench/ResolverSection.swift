import OrientationCore

/// The core alone: one evaluation (`Resolution(scene:settings:)`, the layers plus the walk
/// to the deciding controller) against the depth of nested navigation controllers.
enum ResolverSection {
    static let depths = [1, 10, 100, 1_000]

    static func run(_ options: BenchOptions, _ report: Report) {
        print("Resolver: the core alone, nested navigation controllers")
        var previous: Double?
        for depth in depths {
            let nanoseconds = evaluationCost(depth: depth, evaluations: options.resolverEvaluations)
            if depth == 10 {
                report.atMost("resolver.d10", "one evaluation at depth 10", nanoseconds, "ns", 1_000)
            } else {
                report.info("resolver.d\(depth)", "one evaluation at depth \(depth)", nanoseconds, "ns")
            }
            if let previous {
                // Linear growth is at most 10× per 10× depth (less while the fixed part weighs in).
                report.atMost("resolver.growth\(depth)", "growth from depth \(depth / 10) to \(depth)",
                              nanoseconds / previous, "×", 12, target: "≤ 12 × (linear)")
            }
            previous = nanoseconds
        }
    }

    /// A scene whose deciding path is `depth` navigation controllers, each holding the next.
    static func scene(depth: Int) -> (Scene, Settings) {
        var manager = OrientationManager()
        let now = Moment(monotonic: 0, wall: 0)
        var registration = SceneRegistration(appId: "bench.resolver")
        registration.supported = [.portrait, .landscapeLeft, .landscapeRight]
        do {
            guard case .scene(let id) = try manager.apply(.registerScene(registration), caller: ":1.1", at: now).reply else {
                fatalError("RegisterScene gave no scene")
            }
            _ = try manager.apply(.scene(id, .setRoot(ControllerSpec(id: "c0", kind: .navigation))), caller: ":1.1", at: now)
            for level in 1..<depth {
                let spec = ControllerSpec(id: "c\(level)", kind: .navigation)
                _ = try manager.apply(.scene(id, .push(navigation: "c\(level - 1)", spec)), caller: ":1.1", at: now)
            }
            let scene = manager.scenes[id]!
            precondition(scene.tree.decidingPath().count == depth, "the deciding path is not \(depth) deep")
            return (scene, manager.settings)
        } catch {
            fatalError("building a tree of depth \(depth): \(error)")
        }
    }

    /// Nanoseconds per evaluation: the median over batches of about a millisecond each.
    static func evaluationCost(depth: Int, evaluations: Int) -> Double {
        let (scene, settings) = scene(depth: depth)
        let batch = max(10, 100_000 / (depth + 10))
        let batches = max(5, evaluations / batch)
        var checksum: UInt32 = 0
        for _ in 0..<batch { checksum &+= Resolution(scene: scene, settings: settings).final.rawValue }
        var costs: [Double] = []
        for _ in 0..<min(batches, 200) {
            let elapsed = measure {
                for _ in 0..<batch { checksum &+= Resolution(scene: scene, settings: settings).final.rawValue }
            }
            costs.append(elapsed.nanoseconds / Double(batch))
        }
        blackHole(checksum)
        return median(costs)
    }
}

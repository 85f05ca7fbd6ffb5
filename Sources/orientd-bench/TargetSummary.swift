import Foundation

/// The performance targets (BENCHMARKS.md, "Targets"), each judged on its median from the
/// rows the sections added, printed together at the end of the run. A target whose row is
/// missing (its section did not run, or nothing measures it yet) says so and why: it is
/// never counted as a PASS.
enum TargetSummary {
    struct Target {
        var name: String
        /// The row whose value is judged; nil: nothing measures the target yet.
        var key: String?
        var limit: Double
        /// What to say when the row is missing.
        var why: String
    }

    static let notMeasuredYet = "no section measures it yet"
    /// Why a target of a full-run-only compositor is not measured in the quick run.
    static let fullRunOnly = "the full run's only (make bench)"

    static func targets(installed: Bool) -> [Target] {
        let calls: [(String, String)] = [
            ("UpdateOrientation", "update"), ("RequestOrientation", "request"), ("Explain", "explain"),
            ("GetControllers", "controllers"), ("Properties.Get", "get"), ("GetManagedObjects at scale", "objects"),
        ]
        let binary = installed ? "installed orientd" : "orientd beside the bench (not the installed binary: run make bench)"
        // One statement a group: a single expression of them all takes Swift 6.0's type checker
        // too long (Debian 13's compiler gives up on it).
        var targets: [Target] = calls.map {
            Target(name: "call: \($0.0) / the peer's same-shape call", key: "\($0.1).ratio", limit: 1.10, why: "section calls/scale not run")
        }
        targets.append(Target(name: "CPU per RequestOrientation / the peer's", key: "request.cpu.ratio", limit: 1.05,
                              why: "section calls not run"))
        for (call, key) in [("UpdateOrientation", "update"), ("RequestOrientation", "request"), ("Properties.Get", "get")] {
            targets.append(Target(name: "call with \(LoadedCalls.busyLoops) busy loops beside: \(call) / the peer's", key: "\(key).loaded.ratio",
                                  limit: 1.15, why: "section calls not run"))
        }
        targets.append(Target(name: "fan-out: 1,000 scenes / the peer's same signals", key: "fanout.peer.ratio", limit: 1.10,
                              why: "section fanout not run"))
        for apps in [1, 10, 50] {
            targets.append(Target(name: "fan-out over \(apps) apps / the peer's same signals", key: "apps\(apps).ratio", limit: 1.10,
                                  why: "section apps not run"))
        }
        targets += [
            Target(name: "private dirty at idle − the Swift floor's (KiB)", key: "dirty.idle.margin", limit: 512, why: "section footprint not run"),
            Target(name: "private dirty with 100 scenes − the Swift floor's at idle (KiB)", key: "dirty.100.margin", limit: 512, why: "section footprint not run"),
            Target(name: "RSS at idle − the Swift floor's (MiB)", key: "rss.idle.margin", limit: 3, why: "section footprint not run"),
            Target(name: "RSS with 100 scenes − the Swift floor's at idle (MiB)", key: "rss.100.margin", limit: 3, why: "section footprint not run"),
            Target(name: "start-up, exec to name owned / the Swift floor's", key: "start.floor.ratio", limit: 1.2, why: "section footprint not run"),
            Target(name: "memory after the scale run's scenes left / start, \(binary)", key: "rss.gone", limit: 1.5, why: "section scale not run"),
            Target(name: "idle: wake-ups of orientd's threads (context switches)", key: "idle.wakeups", limit: 0, why: "section idle not run"),
            Target(name: "idle: CPU ticks", key: "idle.ticks", limit: 1, why: "section idle not run"),
        ]
        for depth in [10, 100, 1_000] {
            targets.append(Target(name: "resolver linear: growth to depth \(depth) (≤ 12 per 10× depth)", key: "resolver.growth\(depth)",
                                  limit: 12, why: "section resolver not run"))
        }
        let settles = [("settle0", "settle 0"), ("settle", "default settle, less the settle time")]
        for (key, words) in settles {
            targets.append(Target(name: "reading → panel on headless mutter (\(words)) − request → panel on the same mutter (ms)",
                                  key: "path.mutter.\(key).margin", limit: 5, why: "section output not run"))
        }
        for (key, words) in settles {
            targets.append(Target(name: "reading → panel on phoc (\(words)) − focus → panel on phoc (ms)",
                                  key: "path.phoc.\(key).margin", limit: 5, why: "section windows not run"))
        }
        targets.append(Target(name: "focus → panel on KWin (kwin_wayland --virtual)", key: "windows.kwin", limit: 50,
                              why: "\(fullRunOnly), or section windows not run; the window section's output says why when KWin could not start"))
        for (key, words) in [("gnome48", "Debian 13's GNOME Shell 48"), ("phosh46", "Debian 13's Phosh 0.46 on phoc 0.46")] {
            targets.append(Target(name: "focus → panel on \(words) (ms)", key: "windows.\(key)", limit: 50,
                                  why: "\(fullRunOnly); when it could not start (no Debian 13 root), the window section's output says why"))
        }
        return targets
    }

    /// The targets as a Markdown table, with a count of PASS, MISS and not measured.
    static func table(_ report: Report) -> String {
        let installed = ProcessInfo.processInfo.environment["ORIENTD_BINARY"] != nil
        var lines = ["Targets, each on its median:", "", "| target | measured | limit | result |", "|---|---|---|---|"]
        var counts = (pass: 0, miss: 0, missing: 0)
        for target in targets(installed: installed) {
            let limit = "≤ \(target.limit == 0 ? "0" : format(target.limit))"
            guard let key = target.key, let row = report.rows.last(where: { $0.key == key }) else {
                counts.missing += 1
                lines.append("| \(target.name) | not measured | \(limit) | not measured: \(target.key == nil ? notMeasuredYet + "; " : "")\(target.why) |")
                continue
            }
            let pass = row.value <= target.limit
            if pass { counts.pass += 1 } else { counts.miss += 1 }
            lines.append("| \(target.name) | \(row.measured) | \(limit) \(row.unit) | \(pass ? "PASS" : "MISS") |")
        }
        lines.append("")
        lines.append("of \(counts.pass + counts.miss + counts.missing) targets: \(counts.pass) PASS, \(counts.miss) MISS, \(counts.missing) not measured")
        return lines.joined(separator: "\n")
    }
}

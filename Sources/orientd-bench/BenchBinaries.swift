import Foundation
import ProcessSupport

/// Which orientd and which reference peer the benchmark runs. `make bench` points both at what
/// a device runs: orientd as `make install` builds it (static Swift runtime, stripped) and the
/// peer built as any C program is (cc and pkg-config, no Swift runtime). Without the
/// variables (the test suite's quick run) both are the products built beside this program;
/// SwiftPM links even a C executable against the Swift runtime, so that peer carries
/// libswiftCore.so, which it never calls, in its memory and start-up figures.
enum BenchBinaries {
    /// `$ORIENTD_BINARY`, or the orientd built beside this program.
    static var orientd: String { OrientdInstance.product("orientd") }

    /// `$ORIENTD_PEER_BINARY`, or the orientd-reference-peer built beside this program.
    static var peer: String {
        ProcessInfo.processInfo.environment["ORIENTD_PEER_BINARY"] ?? OrientdInstance.product("orientd-reference-peer")
    }

    /// The source tree this program was built in: the folder holding Package.swift above its
    /// own executable (not above `OrientdInstance.productsDirectory`, which is "/" when no
    /// orientd was built beside it, as under `make bench`), or nil.
    static var sourceTree: String? {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = (exe as NSString).deletingLastPathComponent
        while folder.count > 1 {
            if FileManager.default.fileExists(atPath: folder + "/Package.swift") { return folder }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return nil
    }

    /// Whether the ELF file names libswiftCore.so among what it needs (its dynamic string table).
    static func linksSwiftRuntime(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        return data.range(of: Data("libswiftCore.so".utf8)) != nil
    }
}

extension BenchBinaries {
    /// The Swift floor's well-known name (Sources/orientd-swift-floor).
    static let floorName = "io.github.orientd.SwiftFloor1"

    /// `$ORIENTD_FLOOR_BINARY` (`make bench`: built as `make install` builds orientd), or the
    /// orientd-swift-floor built beside this program (the Swift runtime linked dynamically).
    static var floor: String {
        ProcessInfo.processInfo.environment["ORIENTD_FLOOR_BINARY"] ?? OrientdInstance.product("orientd-swift-floor")
    }
}

import Foundation
import GLibBridge
import Glibc
import TestSupport
import XCTest

/// A string of `count` copies of `character`.
func long(_ count: Int, _ character: Character = "x") -> String { String(repeating: character, count: count) }

extension BusConnection {
    /// A call to orientd; the result rather than a throw, for tables of expected outcomes.
    func orientd(_ path: String, _ interface: String, _ method: String, _ arguments: [Variant] = [],
                 timeout: Int32 = 10_000) -> Result<Variant, DBusError> {
        do {
            return .success(try call(destination: Contract.busName, path: path, interface: interface, method: method,
                                     parameters: Variant(tuple: arguments), timeoutMilliseconds: timeout))
        } catch {
            return .failure(error)
        }
    }

    @discardableResult
    func manager(_ method: String, _ arguments: [Variant] = []) throws(DBusError) -> Variant {
        try orientd(Contract.managerPath, Contract.managerInterface, method, arguments).get()
    }

    @discardableResult
    func scene(_ path: String, _ method: String, _ arguments: [Variant] = []) throws(DBusError) -> Variant {
        try orientd(path, Contract.sceneInterface, method, arguments).get()
    }

    /// RegisterScene with `options`; returns the scene's path.
    func register(_ options: [String: Variant]) throws(DBusError) -> String {
        let reply = try manager("RegisterScene", [Variant(vardict: options)])
        return reply.child(at: 0).string!
    }

    /// RegisterScene with an app-id and a few common options.
    func register(app: String, idiom: String = "phone", supported: [String]? = nil, display: String? = nil,
                  detached: Bool = false) throws(DBusError) -> String {
        var options: [String: Variant] = ["app-id": .s(app), "idiom": .s(idiom)]
        if let supported { options["supported-orientations"] = .strings(supported) }
        if let display { options["display"] = .s(display) }
        if detached { options["detached"] = .b(true) }
        return try register(options)
    }

    /// GetManagedObjects: scene path → its properties, unboxed.
    func managedObjects() throws(DBusError) -> [String: SceneProperties] {
        let reply = try orientd(Contract.managerPath, Contract.objectManager, "GetManagedObjects").get()
        var result: [String: SceneProperties] = [:]
        for entry in reply.child(at: 0).dictionaryEntries ?? [] {
            let interfaces = entry.value.stringDictionary ?? [:]
            result[entry.key.string!] = SceneProperties(interfaces[Contract.sceneInterface]?.vardict ?? [:])
        }
        return result
    }

    /// The manager's properties (Properties.GetAll), unboxed.
    func managerProperties() throws(DBusError) -> [String: Variant] {
        let reply = try orientd(Contract.managerPath, Contract.properties, "GetAll", [.s(Contract.managerInterface)]).get()
        return reply.child(at: 0).vardict ?? [:]
    }

    /// One property of a scene.
    func sceneProperty(_ path: String, _ name: String) throws(DBusError) -> Variant {
        let reply = try orientd(path, Contract.properties, "Get", [.s(Contract.sceneInterface), .s(name)]).get()
        return reply.child(at: 0).unboxed!
    }

    /// Whether orientd answers from its main loop: Properties.Get of Version (GDBus answers
    /// Peer.Ping from its own thread, so a ping would not prove the service is serving).
    func orientdAnswers() -> Bool {
        guard case .success(let reply) = orientd(Contract.managerPath, Contract.properties, "Get",
                                                 [.s(Contract.managerInterface), .s("Version")], timeout: 5_000) else { return false }
        return (reply.child(at: 0).unboxed?.uint32 ?? 0) >= 1  // any version: it answered
    }
}

/// A scene's properties as GetManagedObjects lists them.
struct SceneProperties: Equatable, CustomStringConvertible {
    let values: [String: Variant]
    init(_ values: [String: Variant]) { self.values = values }
    /// The scene's properties the contract's XML lists.
    static let sceneProperties = Set((try? ContractXML.sceneProperties) ?? [])

    subscript(_ name: String) -> Variant? { values[name] }
    var orientation: String { values["InterfaceOrientation"]?.string ?? "?" }
    var supported: [String] { values["SupportedOrientations"]?.stringArray ?? [] }
    var mask: UInt32 { values["SupportedOrientationsMask"]?.uint32 ?? 0 }
    var width: UInt32 { values["Width"]?.uint32 ?? 0 }
    var height: UInt32 { values["Height"]?.uint32 ?? 0 }
    var owner: String { values["Owner"]?.string ?? "?" }
    var appId: String { values["AppId"]?.string ?? "?" }
    var activation: String { values["ActivationState"]?.string ?? "?" }
    var deciding: String { values["DecidingController"]?.string ?? "?" }

    var description: String {
        values.keys.sorted().map { "\($0)=\(values[$0]!)" }.joined(separator: " ")
    }

    /// The core's invariants, as a list of violations (empty: all hold). `checkShape`: the
    /// scene's size was never set with SetGeometry (which is taken as given), so its shape
    /// must match its orientation's family.
    func violations(checkShape: Bool) -> [String] {
        var problems: [String] = []
        let names = supported
        if names.isEmpty { problems.append("SupportedOrientations is empty") }
        if !Contract.interfaceOrientations.contains(orientation) { problems.append("InterfaceOrientation '\(orientation)' is not an interface orientation") }
        if !names.contains(orientation) { problems.append("InterfaceOrientation \(orientation) ∉ SupportedOrientations \(names)") }
        if names != Contract.interfaceOrientations.filter(names.contains) { problems.append("SupportedOrientations \(names) is not canonical single names") }
        let bits = names.reduce(UInt32(0)) { $0 | (Contract.bits[$1] ?? 0x8000) }
        if bits != mask { problems.append("SupportedOrientationsMask \(mask) ≠ bits of \(names) (\(bits))") }
        if width < 1 || height < 1 || width > 100_000 || height > 100_000 { problems.append("size \(width)×\(height) out of range") }
        if checkShape && width != height {
            let portraitShape = width < height
            let portraitFamily = orientation == "portrait" || orientation == "portrait-upside-down"
            if portraitShape != portraitFamily { problems.append("size \(width)×\(height) does not fit \(orientation)") }
        }
        if !["foreground-active", "foreground-inactive", "background"].contains(activation) { problems.append("ActivationState '\(activation)'") }
        if !["phone", "pad"].contains(values["Idiom"]?.string ?? "") { problems.append("Idiom \(String(describing: values["Idiom"]))") }
        let detached = values["Detached"]?.bool
        if detached == nil || (detached == true) != (owner == "") { problems.append("Detached \(String(describing: detached)) with Owner '\(owner)'") }
        if values["SplitView"]?.bool == true && values["Idiom"]?.string != "pad" { problems.append("SplitView on a phone scene") }
        if Set(values.keys) != Self.sceneProperties { problems.append("properties \(values.keys.sorted()) instead of the XML's \(Self.sceneProperties.sorted())") }
        return problems
    }
}

/// The resident set size of a process in kB (VmRSS in /proc/PID/status).
func residentKilobytes(of pid: pid_t) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }
    return nil
}

/// The seed of a randomized test: `$ORIENTD_TEST_SEED` to replay one, else a fixed default.
func testSeed(default value: UInt64) -> UInt64 {
    ProcessInfo.processInfo.environment["ORIENTD_TEST_SEED"].flatMap { UInt64($0) } ?? value
}

/// Seconds since `start`, for reports.
func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// A figure for RELIABILITY.md, printed to the test log in one greppable form.
func report(_ test: String, _ figures: String) {
    print("RELIABILITY \(test): \(figures)")
}

/// The reliability tests' case: the harness's orientd (with `orientdArguments`, settle time 0)
/// and client, whose plain connection the typed calls above take.
class ReliabilityTestCase: OrientdTestCase {
    /// The connection of the harness's `client`.
    var clientConnection: BusConnection { client.connection }
}

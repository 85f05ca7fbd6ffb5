import GLibBridge
import TestSupport

/// One case of the bad-input matrix: a call with one thing wrong, and what must come back.
struct BadInputCase {
    enum Caller { case owner, intruder }

    var label: String
    var caller: Caller = .owner
    var path: String
    var interface: String
    var method: String
    var arguments: [Variant]
    /// The error name that must come back; nil for input the contract accepts (duplicates in
    /// a mask, "not given" empty masks).
    var error: String?
    /// Substrings the error message must contain: the bad key or value, or what is accepted.
    var mentions: [String]
    /// For accepted input: checks the reply and the effect, then undoes it, so that the state
    /// compares equal to the state before the call.
    var accepted: ((_ owner: BusConnection, _ reply: Variant) throws -> Void)?
}

/// What the matrix runs on: a scene with a known controller tree, a pad scene in split view,
/// a removed scene, and a second client that owns nothing of them.
///
/// Scene A (phone, default supported orientations [portrait]):
///
///     tabs (tab) ─┬─ nav (navigation) ── home (view) ─presents─ sheet (view, fills-window false)
///                 ├─ settings (view, supported [portrait])
///                 └─ wide (view, supported [landscape])
///
/// The deciding controller is home (tabs → nav → home; a sheet does not decide).
struct MatrixFixture {
    let owner: BusConnection
    let intruder: BusConnection
    let sceneA: String
    let padScene: String
    let removedScene: String

    static func make(owner: BusConnection, intruder: BusConnection) throws -> MatrixFixture {
        let a = try owner.register(app: "matrix.app")
        try owner.scene(a, "SetRootController", [.s("tabs"), .s("tab"), .emptyVardict])
        try owner.scene(a, "AddTab", [.s("tabs"), .s("nav"), .s("navigation"), .emptyVardict])
        try owner.scene(a, "PushController", [.s("nav"), .s("home"), .s("view"), .emptyVardict])
        try owner.scene(a, "AddTab", [.s("tabs"), .s("settings"), .s("view"), .vardict(["supported-orientations": .strings(["portrait"])])])
        try owner.scene(a, "AddTab", [.s("tabs"), .s("wide"), .s("view"), .vardict(["supported-orientations": .strings(["landscape"])])])
        try owner.scene(a, "PresentController", [.s("home"), .s("sheet"), .s("view"), .vardict(["fills-window": .b(false)])])
        let pad = try owner.register(["app-id": .s("matrix.pad"), "idiom": .s("pad"), "width": .u(400), "height": .u(1180)])
        let removed = try owner.register(app: "matrix.gone")
        try owner.manager("UnregisterScene", [.o(removed)])
        return MatrixFixture(owner: owner, intruder: intruder, sceneA: a, padScene: pad, removedScene: removed)
    }
}

/// Builders for the tables.
extension BadInputCase {
    static func manager(_ label: String, _ method: String, _ arguments: [Variant], _ error: String?,
                        _ mentions: [String] = [], caller: Caller = .owner,
                        accepted: ((BusConnection, Variant) throws -> Void)? = nil) -> BadInputCase {
        BadInputCase(label: "\(method): \(label)", caller: caller, path: Contract.managerPath, interface: Contract.managerInterface,
             method: method, arguments: arguments, error: error, mentions: mentions, accepted: accepted)
    }

    static func scene(_ path: String, _ label: String, _ method: String, _ arguments: [Variant], _ error: String?,
                      _ mentions: [String] = [], caller: Caller = .owner,
                      accepted: ((BusConnection, Variant) throws -> Void)? = nil) -> BadInputCase {
        BadInputCase(label: "\(method): \(label)", caller: caller, path: path, interface: Contract.sceneInterface,
             method: method, arguments: arguments, error: error, mentions: mentions, accepted: accepted)
    }

    /// A call whose D-Bus signature is wrong: GDBus itself refuses it, naming the expected type.
    static func wrongType(_ path: String, _ interface: String, _ method: String, _ arguments: [Variant],
                          expected signature: String) -> BadInputCase {
        let given = "(" + arguments.map(\.typeString).joined() + ")"
        return BadInputCase(label: "\(method): D-Bus type \(given) instead of \(signature)", path: path, interface: interface,
                    method: method, arguments: arguments, error: Contract.invalidArgs, mentions: [signature], accepted: nil)
    }
}

/// Names used across the tables.
enum E {
    static let invalidArgs = Contract.invalidArgs
    static let accessDenied = Contract.accessDenied
    static let unknownMethod = Contract.unknownMethod
    static let unknownScene = Contract.error("UnknownScene")
    static let unknownController = Contract.error("UnknownController")
    static let duplicateController = Contract.error("DuplicateController")
    static let wrongKind = Contract.error("WrongControllerKind")
    static let noSupported = Contract.error("NoSupportedOrientation")
    static let unsupported = Contract.error("UnsupportedOrientation")
    static let notPermitted = Contract.error("NotPermitted")
    static let limit = Contract.error("LimitExceeded")
}

/// A small assertion for `accepted` closures: throws a readable error when `condition` fails.
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw TestSupportError(message()) }
}

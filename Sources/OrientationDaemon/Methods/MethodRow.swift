import GLibBridge
import OrientationCore
import OrientationWire

/// One method of the contract, as one row of the method table: its name, its access class
/// (as the XML's `io.github.orientd.Access` says: `MethodTable` checks it), whether it waits
/// its turn in the call queue, whether its command is saved before the reply, how its
/// arguments decode into a core command, and its reply. Admission (Admission/Admission.swift)
/// has run before a row is reached; the row reads the call through `MethodCall`.
struct MethodRow: Sendable {
    /// The method's name in the XML (`ManagerMethod`'s or `SceneMethod`'s raw value).
    let name: String
    let access: MethodAccess
    /// Its reply grows with the state: it waits its turn in the CallQueue.
    let queued: Bool
    /// Its command changes the user's settings, which are saved before the reply (a failed
    /// save fails the call and changes nothing). The core's `Command.changesUserSettings` is
    /// what the service acts on; `MethodRowTests` proves every row says the same.
    let persists: Bool
    let action: Action

    enum Action: Sendable {
        /// Decodes the call into a core command (a bad value: `InvalidArgs` naming it and the
        /// valid ones), which `perform` runs; the core's reply is sent as `reply` says.
        case command(@Sendable (MethodCall) throws(OrientationError) -> Command, reply: ReplyShape)
        /// Answered without a core command of its own: a read of the state (the reply tuple,
        /// nil for none), or `Reload`, which reads the files and runs its own.
        case direct(@Sendable (MethodCall) throws(OrientationError) -> Variant?)
    }

    /// What a command's reply is on the bus.
    enum ReplyShape: Sendable {
        /// No values.
        case nothing
        /// The new scene's object path (`o`).
        case scenePath
        /// A controller id or an orientation's name (`s`).
        case string
    }

    /// A method that runs a manager command.
    static func command(_ method: ManagerMethod, _ access: MethodAccess, reply: ReplyShape = .nothing, persists: Bool = false,
                        _ decode: @escaping @Sendable (MethodCall) throws(OrientationError) -> Command) -> MethodRow {
        MethodRow(name: method.rawValue, access: access, queued: false, persists: persists, action: .command(decode, reply: reply))
    }

    /// A method that runs a command on the scene it was called on.
    static func scene(_ method: SceneMethod, _ access: MethodAccess, reply: ReplyShape = .nothing,
                      _ decode: @escaping @Sendable (MethodCall) throws(OrientationError) -> SceneCommand) -> MethodRow {
        MethodRow(name: method.rawValue, access: access, queued: false, persists: false,
                  action: .command({ call throws(OrientationError) in .scene(call.scene, try decode(call)) }, reply: reply))
    }

    /// A manager method answered without a command.
    static func direct(_ method: ManagerMethod, _ access: MethodAccess, queued: Bool = false,
                       _ run: @escaping @Sendable (MethodCall) throws(OrientationError) -> Variant?) -> MethodRow {
        MethodRow(name: method.rawValue, access: access, queued: queued, persists: false, action: .direct(run))
    }

    /// A scene method answered without a command.
    static func direct(_ method: SceneMethod, _ access: MethodAccess, queued: Bool = false,
                       _ run: @escaping @Sendable (MethodCall) throws(OrientationError) -> Variant?) -> MethodRow {
        MethodRow(name: method.rawValue, access: access, queued: queued, persists: false, action: .direct(run))
    }
}

/// A call on its way through its row: the caller, the arguments as the row reads them, the
/// scene it was made on (0 for a manager method), and the narrow `MethodContext` it may read.
struct MethodCall {
    /// The caller's unique bus name, such as `:1.7`.
    let caller: String
    /// The arguments, as a tuple (GDBus has checked their types against the XML).
    let arguments: Variant
    let scene: SceneID
    unowned let context: any MethodContext

    init(caller: String, arguments: Variant, scene: SceneID, context: any MethodContext) {
        self.caller = caller
        self.arguments = arguments
        self.scene = scene
        self.context = context
    }

    init(_ invocation: MethodInvocation, scene: SceneID, context: any MethodContext) {
        self.init(caller: invocation.sender, arguments: invocation.parameters, scene: scene, context: context)
    }

    var manager: OrientationManager { context.manager }
    func argument(_ index: Int) -> Variant { arguments.child(at: index) }
    /// Argument `index` as a string (GDBus has checked its type against the XML).
    func string(_ index: Int) -> String { argument(index).string ?? "" }
    func bool(_ index: Int) -> Bool { argument(index).bool ?? false }
    func uint32(_ index: Int) -> UInt32 { argument(index).uint32 ?? 0 }
}

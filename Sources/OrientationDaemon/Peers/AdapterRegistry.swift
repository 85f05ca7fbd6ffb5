import GLibBridge

/// What an adapter family's entries are probed for and made with.
struct AdapterContext {
    let options: ServiceOptions
    let connection: BusConnection
    let loop: MainLoop
    let log: Log
    /// orientd's environment (`WAYLAND_DISPLAY`, `DISPLAY`, `XDG_RUNTIME_DIR`, …).
    let environment: [String: String]
    /// Whether `auto` chose the adapter (some say so in their status).
    var chosenByAuto = false
    /// What the probes found out so far, shared by the service's families (one probe of a
    /// peer at a time, never blocking the loop).
    var probes = PeerProbes()
    /// The session bus names' owners, watched for every part over one subscription (the one
    /// the service follows its clients with).
    let names: NameOwners
    /// What may wait until the bus answered the service's request for its name (at once
    /// without a service).
    let afterName: AfterName

    /// `names` shared with the service, or watches of the parts' own.
    init(options: ServiceOptions, connection: BusConnection, loop: MainLoop, log: Log, environment: [String: String],
         names: NameOwners? = nil, afterName: AfterName = .passed()) {
        self.options = options
        self.connection = connection
        self.loop = loop
        self.log = log
        self.environment = environment
        self.names = names ?? NameOwners(connection: connection)
        self.afterName = afterName
    }
}

/// What an adapter option (`--output-backend`, `--window-tracking`, `--sensor`) asks for.
enum AdapterChoice: Equatable {
    /// The first entry whose peer is there, in the registry's order.
    case auto
    case none
    /// The entry of this name, whether or not its peer is there yet.
    case named(String)
}

/// An adapter option's values: `auto`, `none` or an entry's name.
protocol AdapterOption: RawRepresentable where RawValue == String {}

extension AdapterOption {
    /// The choice as the generic host takes it.
    var adapterChoice: AdapterChoice {
        switch rawValue {
        case "auto": .auto
        case "none": .none
        default: .named(rawValue)
        }
    }
}

/// How an entry's peer shows that it has come, so that `auto` probes again (`AdapterHost`).
enum PeerArrival: Equatable, Sendable {
    /// A name on the session bus gets an owner.
    case busName(String)
    /// A Wayland socket is bound in `XDG_RUNTIME_DIR`.
    case waylandSocket
    /// An X server binds its socket in /tmp/.X11-unix.
    case x11Socket
}

/// One adapter a family can use: its name (the option's value), how to probe for its peer and
/// how to make it.
struct AdapterEntry<Adapter>: Sendable {
    let name: String
    /// What a successful probe found, for `auto`'s log line.
    let found: String
    /// What it drives, for `--help` ("wlroots (wlr-output-management)"); "": the bare name.
    let help: String
    /// The environment variable that alone makes a test's fake entry present (`FakeAdapters`);
    /// nil for every real entry. A fake is no option value and is not in `--help`.
    let fakeVariable: String?
    /// How its peer arrives, for `auto` waiting for one.
    let arrivals: [PeerArrival]
    /// Whether the peer is there now, for `auto`: never blocks; `.pending` while `PeerProbes`
    /// finds out (the host asks again when it has).
    let probe: @Sendable (AdapterContext) -> ProbeAnswer
    let make: @Sendable (AdapterContext) -> Adapter

    /// An entry whose probe answers at once (and never blocks).
    init(name: String, found: String, help: String = "", fakeVariable: String? = nil, arrivals: [PeerArrival],
         probe: @escaping @Sendable (AdapterContext) -> Bool, make: @escaping @Sendable (AdapterContext) -> Adapter) {
        self.init(name: name, found: found, help: help, fakeVariable: fakeVariable, arrivals: arrivals,
                  look: { probe($0) ? .present : .absent }, make: make)
    }

    /// An entry whose probe may have to wait for its peer's answer (`PeerProbes`).
    init(name: String, found: String, help: String = "", fakeVariable: String? = nil, arrivals: [PeerArrival],
         look: @escaping @Sendable (AdapterContext) -> ProbeAnswer, make: @escaping @Sendable (AdapterContext) -> Adapter) {
        (self.name, self.found, self.help, self.fakeVariable) = (name, found, help, fakeVariable)
        (self.arrivals, self.probe, self.make) = (arrivals, look, make)
    }
}

/// What `auto`'s walk of a family's entries found.
enum AutoAnswer<Adapter> {
    /// The first entry whose peer is there.
    case found(AdapterEntry<Adapter>)
    /// An entry's probe is on its way (entries after it wait: the order decides).
    case pending
    /// No entry's peer is there.
    case nothing
}

/// One adapter family: its entries in `auto`'s order, and how the generic `AdapterHost` starts,
/// stops and reads the reports of any of them.
struct AdapterFamily<Adapter, Report>: Sendable {
    /// The log lines' prefix (`output`, `windows`, `sensor`) and the option's name.
    let name: String
    let option: String
    var entries: [AdapterEntry<Adapter>]
    /// What `auto` makes when no peer is there yet (mutter, waiting for its name); nil: nothing.
    var fallback: AdapterEntry<Adapter>?
    /// Why `auto` found nothing, for the log (the family's property says none).
    let nothingFound: String
    /// `--help`'s sentence on the option: `before`, each entry's `help`, `after` (`AdapterNames`).
    var helpBefore = "", helpAfter = ""
    let start: @Sendable (Adapter, @escaping (Report) -> Void) -> Void
    let stop: @Sendable (Adapter) -> Void
    /// Whether a report says the adapter attached (true), detached (false) or neither (nil).
    let attachment: @Sendable (Report) -> Bool?

    func entry(named name: String) -> AdapterEntry<Adapter>? { entries.first { $0.name == name } }

    /// `auto`: the first entry whose peer is there now, in the list's order.
    func firstPresent(_ context: AdapterContext) -> AutoAnswer<Adapter> {
        for entry in entries {
            switch entry.probe(context) {
            case .present: return .found(entry)
            case .pending: return .pending
            case .absent: continue
            }
        }
        return .nothing
    }

    /// The entry `choice` names, with the log line saying why; nil: none (the log says why).
    /// `auto` takes what the probes answer now (the host waits for pending answers instead).
    func choose(_ choice: AdapterChoice, _ context: AdapterContext) -> (entry: AdapterEntry<Adapter>, auto: Bool)? {
        switch choice {
        case .none:
            return nil
        case .named(let name):
            guard let entry = entry(named: name) else {
                context.log.warning("\(self.name): the \(name) adapter is not built into this orientd; it stays none")
                return nil
            }
            return (entry, false)
        case .auto:
            if case .found(let entry) = firstPresent(context) {
                context.log.info("\(self.name): \(option) auto: \(entry.found): \(entry.name)")
                return (entry, true)
            }
            context.log.info("\(self.name): \(option) auto: \(nothingFound)")
            return fallback.map { ($0, true) }
        }
    }

    /// The adapter `choice` makes now (for tests and the host).
    func make(_ choice: AdapterChoice, _ context: AdapterContext) -> Adapter? {
        guard let (entry, auto) = choose(choice, context) else { return nil }
        var context = context
        context.chosenByAuto = auto
        return entry.make(context)
    }
}

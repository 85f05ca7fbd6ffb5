extension OrientdInstance {
    /// The bus name the tests expect orientd to own (the tests' own copy of the contract).
    public static let busName = Contract.busName
    /// The manager's object path (the tests' own copy of the contract).
    public static let managerPath = Contract.managerPath

    /// Starts orientd with `arguments` (default `--sensor none`: no system bus) on `bus` (a new
    /// one by default) with `stateHome` (a new temporary folder by default), and waits until it
    /// owns the name the tests' copy of the contract spells.
    public convenience init(arguments: [String] = ["--sensor", "none"], environment: [String: String] = [:],
                            bus: PrivateBus? = nil, stateHome: String? = nil, timeout: Duration = .seconds(10)) throws {
        try self.init(busName: Contract.busName, arguments: arguments, environment: environment,
                      bus: bus, stateHome: stateHome, timeout: timeout)
    }
}

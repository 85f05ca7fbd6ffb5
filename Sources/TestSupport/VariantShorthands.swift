import GLibBridge

/// Short spellings for the values the tests send: `.s("portrait")`, `.u(0)`,
/// `.vardict(["app-id": .s(id)])`.
extension Variant {
    public static func s(_ value: String) -> Variant { Variant(string: value) }
    public static func b(_ value: Bool) -> Variant { Variant(bool: value) }
    public static func u(_ value: UInt32) -> Variant { Variant(uint32: value) }
    public static func i(_ value: Int32) -> Variant { Variant(int32: value) }
    public static func o(_ value: String) -> Variant { Variant(objectPath: value) }
    public static func strings(_ value: [String]) -> Variant { Variant(strings: value) }
    public static func vardict(_ value: [String: Variant]) -> Variant { Variant(vardict: value) }
    /// An empty `a{sv}`.
    public static let emptyVardict = Variant(vardict: [:])
}

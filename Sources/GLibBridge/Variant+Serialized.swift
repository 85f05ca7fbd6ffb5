import CGio

extension Variant {
    /// Stores the value in its serialized form (`g_variant_get_data`): one buffer holding
    /// every value, instead of a GVariant node (and a heap block) per value in a container
    /// built from its children, which are released at once. The value stays equal and
    /// immutable; returns `self` for chaining.
    ///
    /// Worth it for a large value that is kept or built piece by piece — a reply listing
    /// thousands of objects takes a few MB serialized but ten times that as nodes — not for
    /// small ones (serializing costs a pass over the value).
    @discardableResult
    public func serialized() -> Variant {
        withRaw { _ = g_variant_get_data($0) }
        return self
    }

}

/// Trimming as Foundation's `trimmingCharacters(in:)` does it with `.whitespaces` and
/// `.whitespacesAndNewlines` (CoreFoundation's fixed sets), on Unicode scalars, with the
/// standard library alone.
extension StringProtocol {
    /// Without the spaces and tabs at either end: U+0009, U+0020, U+00A0, U+1680, U+2000 to
    /// U+200B, U+202F, U+205F, U+3000.
    func trimmingWhitespace() -> String { trimming(isWhitespace) }

    /// Without the spaces, tabs and line breaks (U+000A to U+000D, U+0085, U+2028, U+2029) at
    /// either end.
    func trimmingWhitespaceAndNewlines() -> String {
        trimming { isWhitespace($0) || (0x0A...0x0D).contains($0.value) || [0x85, 0x2028, 0x2029].contains($0.value) }
    }

    private func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    private func trimming(_ trimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !trimmed($0) }),
              let last = scalars.lastIndex(where: { !trimmed($0) }) else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}

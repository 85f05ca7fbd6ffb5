import Glibc

/// The process's own environment, read from `environ` (orientd and orientctl link no Foundation).
public enum ProcessEnvironment {
    /// The environment as a dictionary (the first of repeated names wins, as getenv).
    public static func current() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                let name = String(text[..<equals])
                if result[name] == nil { result[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return result
    }
}

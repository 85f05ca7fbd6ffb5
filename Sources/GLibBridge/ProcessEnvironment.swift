import Glibc

/// The process's own environment, read from `environ` (orientd and orientctl link no Foundation).
public enum ProcessEnvironment {
    /// The environment as a dictionary (the first of repeated names wins, as getenv). Each
    /// entry is split at its first `=` in place and decoded once (start-up reads it several
    /// times; splitting Swift strings cost ~10,000 instructions an entry).
    public static func current() -> [String: String] {
        // Sized once for every variable: growing the table on the way was most of the cost.
        var count = 0
        while environ[count] != nil { count += 1 }
        var result = [String: String](minimumCapacity: count)
        var entry = environ
        while let pointer = entry.pointee {
            entry += 1
            let length = strlen(pointer)
            guard let equals = memchr(pointer, Int32(UInt8(ascii: "=")), length) else { continue }
            let nameLength = pointer.distance(to: equals.assumingMemoryBound(to: CChar.self))
            let bytes = UnsafeRawBufferPointer(start: pointer, count: length).bindMemory(to: UInt8.self)
            let name = String(decoding: bytes[..<nameLength], as: UTF8.self)
            if result[name] == nil { result[name] = String(decoding: bytes[(nameLength + 1)...], as: UTF8.self) }
        }
        return result
    }
}

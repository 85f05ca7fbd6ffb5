import Glibc

/// XML text without its comments, for a parser that would otherwise read them character by
/// character: a documented introspection file is mostly comments (orientd's contract: 87 %
/// of 100 KB), which GMarkup would spend most of a start-up's parse on.
///
/// A comment cannot hide markup (XML allows no `<` in an attribute value and no `--` inside
/// a comment), so what is left parses to the same elements. An unterminated `<!--` is left in
/// place, for the parser to report.
enum XMLComments {
    /// `bytes` with every `<!-- … -->` removed, NUL-terminated.
    static func removed(from bytes: [UInt8]) -> [UInt8] {
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count + 1)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var position = 0
            while position < buffer.count {
                let rest = buffer.count - position
                guard let open = find("<!--", in: base + position, count: rest) else {
                    kept.append(contentsOf: UnsafeBufferPointer(start: base + position, count: rest))
                    break
                }
                let start = open - (base + position)
                let afterOpen = position + start + 4
                guard let close = find("-->", in: base + afterOpen, count: buffer.count - afterOpen) else {
                    kept.append(contentsOf: UnsafeBufferPointer(start: base + position, count: rest))
                    break
                }
                kept.append(contentsOf: UnsafeBufferPointer(start: base + position, count: start))
                position = close - base + 3
            }
        }
        if kept.last != 0 { kept.append(0) }
        return kept
    }

    /// The first `needle` in the `count` bytes at `haystack` (memchr for its first byte).
    private static func find(_ needle: StaticString, in haystack: UnsafePointer<UInt8>, count: Int) -> UnsafePointer<UInt8>? {
        let first = needle.utf8Start.pointee, length = needle.utf8CodeUnitCount
        var position = 0
        while count - position >= length {
            guard let hit = memchr(haystack + position, Int32(first), count - position) else { return nil }
            let candidate = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self))
            if candidate - haystack > count - length { return nil }
            if memcmp(candidate, needle.utf8Start, length) == 0 { return candidate }
            position = candidate - haystack + 1
        }
        return nil
    }
}

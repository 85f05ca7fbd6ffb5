
/// The input devices of `xinput list --long` (xinput 1.6), as the X server names them. Each
/// device starts with a line `<tree>NAME<padding>\tid=N\t[USE]` (the tree drawn with ⎡ ⎜ ⎣ ↳ ∼;
/// USE such as `slave  pointer  (2)` or `floating slave`) and its classes follow on lines that
/// start with a tab; a touchscreen's touch class says `Touch mode: direct` (a touchpad's
/// says `dependent`). Names come from the devices themselves: untrusted, used only to compare.
enum XinputListing {
    struct Device: Equatable {
        let id: Int
        let name: String
        /// A master device (the virtual core pointer and keyboard) stands for its slaves.
        let isMaster: Bool
        var isTouchscreen = false
    }

    /// The most devices read from one listing; the rest are left out.
    static let maximumDevices = 256

    static func parse(_ listing: String) -> [Device] {
        var devices: [Device] = []
        for line in listing.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("\t") {
                let words = line.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
                if String(words) == "Touch mode: direct", !devices.isEmpty { devices[devices.count - 1].isTouchscreen = true }
                continue
            }
            guard devices.count < maximumDevices, let device = header(String(line)) else { continue }
            devices.append(device)
        }
        return devices
    }

    /// The devices whose touch follows the panel: the touchscreens, or those named (every
    /// device of a name, as a device may be listed twice under one name); never a master.
    static func targets(_ devices: [Device], named names: [String]) -> [Device] {
        devices.filter { !$0.isMaster && (names.isEmpty ? $0.isTouchscreen : names.contains($0.name)) }
    }

    /// Where `needle` last occurs in `line`.
    private static func lastRange(of needle: String, in line: String) -> Range<String.Index>? {
        var index = line.endIndex
        while index > line.startIndex {
            index = line.index(before: index)
            if line[index...].hasPrefix(needle) { return index..<line.index(index, offsetBy: needle.count) }
        }
        return nil
    }

    private static let tree: Set<Character> = ["⎡", "⎜", "⎣", "↳", "∼", " "]

    private static func header(_ line: String) -> Device? {
        guard let idRange = lastRange(of: "\tid=", in: line) else { return nil }
        let rest = line[idRange.upperBound...]
        guard let tab = rest.firstIndex(of: "\t"), let id = Int(rest[..<tab]), id > 0 else { return nil }
        let use = rest[rest.index(after: tab)...]
        var name = Substring(line[..<idRange.lowerBound])
        while let first = name.first, tree.contains(first) { name = name.dropFirst() }
        while name.last == " " { name = name.dropLast() }
        guard !name.isEmpty else { return nil }
        return Device(id: id, name: String(name), isMaster: use.hasPrefix("[master"))
    }
}

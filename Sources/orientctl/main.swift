// orientctl: query and control orientd over the session bus. See orientctl(1).
// No Foundation: the installed binary links the Swift runtime statically, and orientctl
// needs nothing of Foundation but the environment, read here from `environ`.
import Glibc
import GLibBridge
import OrientctlKit

/// The process environment as a dictionary (the first of repeated names wins, as getenv).
func processEnvironment() -> [String: String] {
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

MainLoop.unblockTerminationSignals()
let environment = processEnvironment()
exit(Orientctl.run(Array(CommandLine.arguments.dropFirst()), environment: environment,
                   console: Console(environment: environment)))

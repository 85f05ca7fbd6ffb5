// orientctl: query and control orientd over the session bus. See orientctl(1).
// No Foundation: the installed binary links the Swift runtime statically, and nothing of
// orientctl needs Foundation.
import Glibc
import GLibBridge
import OrientctlKit

MainLoop.unblockTerminationSignals()
let environment = ProcessEnvironment.current()
exit(Orientctl.run(Array(CommandLine.arguments.dropFirst()), environment: environment,
                   console: Console(environment: environment)))

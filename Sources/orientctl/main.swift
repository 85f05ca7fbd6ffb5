// orientctl: query and control orientd over the session bus. See orientctl(1).
import Foundation
import GLibBridge
import OrientctlKit

MainLoop.unblockTerminationSignals()
let environment = ProcessInfo.processInfo.environment
exit(Orientctl.run(Array(CommandLine.arguments.dropFirst()), environment: environment,
                   console: Console(environment: environment)))

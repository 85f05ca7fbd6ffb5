import Foundation
import Glibc
import ProcessSupport

// The pictures of the README and docs/, made on a real phoc with the compositor library
// (ProcessSupport) the tests and the benchmark use. scripts/screenshots.sh,
// scripts/front-window-screenshots.sh and scripts/settings-screenshots.sh run it:
//
//   orientd-screenshots SCENARIO --root REPOSITORY --orientd PATH [--orientctl PATH] [--settings PATH] DIR
//
// SCENARIO: headline, front-window or settings (`ScreenshotScenario`). Everything it starts
// is ended on exit, on failure and on SIGINT, SIGTERM or SIGHUP; a failure prints what
// failed, then every log, and exits 1.

let options: ScreenshotOptions
do {
    options = try ScreenshotOptions(CommandLine.arguments.dropFirst())
} catch {
    FileHandle.standardError.write(Data("orientd-screenshots: \(error)\n\(ScreenshotOptions.usage)\n".utf8))
    exit(64)
}
let run: ScreenshotRun
do {
    run = try ScreenshotRun(script: options.scenario.script)
} catch {
    FileHandle.standardError.write(Data("\(options.scenario.script): \(error)\n".utf8))
    exit(1)
}

// Ended with the run when the script is interrupted or stopped.
let signalSources = [SIGINT, SIGTERM, SIGHUP].map { signalNumber in
    signal(signalNumber, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
    source.setEventHandler {
        run.finish()
        exit(128 + signalNumber)
    }
    source.resume()
    return source
}

do {
    try options.scenario.make(run, options)
    run.finish()
} catch {
    FileHandle.standardError.write(Data("\(run.script): \(error)\n\(run.logs)\n".utf8))
    run.finish()
    exit(1)
}
withExtendedLifetime(signalSources) {}

import Foundation

/// One set of pictures: the script that makes it (the prefix of what it prints) and the
/// steps that make it.
struct ScreenshotScenario: Sendable {
    let name: String
    let script: String
    let make: @Sendable (ScreenshotRun, ScreenshotOptions) throws -> Void

    /// Every scenario, by name.
    static let all = [
        ScreenshotScenario(name: "headline", script: "screenshots.sh", make: makeHeadlinePictures),
        ScreenshotScenario(name: "front-window", script: "front-window-screenshots.sh", make: makeFrontWindowPictures),
        ScreenshotScenario(name: "settings", script: "settings-screenshots.sh", make: makeSettingsPictures),
    ]
}

/// The command line: a scenario, where its inputs are (the scripts give them all), the
/// folder the pictures go to.
struct ScreenshotOptions: Sendable {
    static let usage = "usage: orientd-screenshots headline|front-window|settings --root REPOSITORY --orientd PATH"
        + " [--orientctl PATH] [--settings PATH] DIR"

    let scenario: ScreenshotScenario
    /// The repository (the example app, the fixtures, the settings app's data).
    let root: String
    /// The built orientd, orientctl and orientd-settings (the last two beside orientd unless given).
    let orientd: String, orientctl: String, settings: String
    /// Where the pictures go.
    let out: String

    init(_ arguments: ArraySlice<String>) throws {
        guard let name = arguments.first else { throw ScreenshotFailure("no scenario given") }
        guard let scenario = ScreenshotScenario.all.first(where: { $0.name == name }) else {
            throw ScreenshotFailure("no scenario \(name) (the scenarios: \(ScreenshotScenario.all.map(\.name).joined(separator: ", ")))")
        }
        var values: [String: String] = [:], positional: [String] = []
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            guard ["--root", "--orientd", "--orientctl", "--settings"].contains(argument) else {
                guard !argument.hasPrefix("--") else { throw ScreenshotFailure("no option \(argument)") }
                positional.append(argument)
                continue
            }
            guard let value = rest.popFirst() else { throw ScreenshotFailure("\(argument) needs a value") }
            values[String(argument.dropFirst(2))] = value
        }
        guard let root = values["root"], let orientd = values["orientd"] else { throw ScreenshotFailure("--root and --orientd are needed") }
        guard positional.count == 1 else { throw ScreenshotFailure("one folder for the pictures is needed, not \(positional.count)") }
        let folder = (orientd as NSString).deletingLastPathComponent
        (self.scenario, self.root, self.orientd, self.out) = (scenario, root, orientd, positional[0])
        orientctl = values["orientctl"] ?? folder + "/orientctl"
        settings = values["settings"] ?? folder + "/orientd-settings"
    }
}

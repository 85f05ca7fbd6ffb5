import GLibBridge
import OrientationClient

extension VerbTable {
    static let stateVerbs: [VerbSpec] = [
        VerbSpec("status", group: .state,
                 summary: "Show the device, the settings and one line per scene (the default verb)",
                 details: """
                    Shows the device orientation and where it came from (iio-sensor-proxy or manual), whether \
                    the sensor is available, the rotation lock, kiosk mode and its orientation, the settle time, \
                    the split-view threshold, the output (which backend turns which panel, and what the panel \
                    shows), the window tracking (whose window list orientd follows, how many app windows it \
                    sees, and the app in front), the front scene, and one line per scene: its number, app-id, \
                    orientation, idiom, deciding controller and flags.
                    """,
                 examples: ["status", "status --json"], run: status),
        VerbSpec("list", group: .state,
                 summary: "List the scenes in a table",
                 details: """
                    One row per scene: its number, app-id, idiom, display, interface orientation, effective mask, \
                    deciding controller and flags (observed: an unmodified app's window the compositor reports, \
                    else detached; split-view, background). On a terminal the columns \
                    are aligned; otherwise they are separated by tabs, after a header line.
                    """,
                 examples: ["list", "list --json"], run: list),
        VerbSpec("show", group: .state, arguments: [ArgumentSpec("SCENE", .scene, optional: true)],
                 options: [OptionSpec("property", short: "p", .list("NAME"), values: .choice(SceneProperties.names + ManagerProperties.names),
                                      help: "Show only these properties (repeat or separate with commas)"),
                           OptionSpec("value", help: "Print the values only, without Name="),
                           OptionSpec("print", short: "P", .value("NAME"), values: .choice(SceneProperties.names + ManagerProperties.names),
                                      help: "Print only the value of NAME (as -p NAME --value)"),
                           OptionSpec("all", short: "a", help: "Also show properties that are empty")],
                 summary: "Show a scene's properties as Key=Value lines (the manager's without SCENE)",
                 details: """
                    Prints the scene's D-Bus properties, one Name=Value line each, as 'timedatectl show' does: \
                    booleans as yes/no, lists separated by spaces. Without SCENE, prints the manager's properties. \
                    Empty properties (no deciding controller) are left out unless -a is given. With -p, only the \
                    named properties (an unknown name fails with orientd's error); with --value, only the values; \
                    -P NAME is -p NAME --value. With --json, every property (null when empty).
                    """,
                 examples: ["show 1", "show 1 -P InterfaceOrientation", "show -p DeviceOrientation,RotationLocked", "show 1 -a"],
                 run: show),
        VerbSpec("tree", group: .state, arguments: [ArgumentSpec("SCENE", .scene)],
                 summary: "Draw a scene's controller tree with the deciding path marked",
                 details: """
                    Draws the scene's controllers: navigation stacks, tabs and presented controllers, each with \
                    its kind, declared mask ("default" when it declares none), orientation mode, preferred \
                    orientation and whether it autorotates. Lines starting with * are on the deciding path; the \
                    deciding controller ends with "← decides".
                    """,
                 examples: ["tree 1", "tree 1 --json"], run: tree),
        VerbSpec("explain", group: .state, arguments: [ArgumentSpec("SCENE|APP", .scene, optional: true)],
                 summary: "Explain why the panel or a scene is as it is",
                 details: """
                    With no argument, says in words why the panel is as it is: which app is in front and why, the \
                    rotation lock, kiosk mode, the device, what an app that says nothing may take (each setting with \
                    who set it), what the panel shows, then the layers of the app in front that apply to it. With an \
                    app id, the same for that app, and whether it is in front. With a scene's number or path, answers \
                    the troubleshooting checklist "supported orientations → delegate → controller → container" for a \
                    real window: each layer (app supportedOrientations, delegates, kiosk mode, app policy, split view, \
                    deciding controller) with the mask it leaves and why, then the path to the deciding \
                    controller, then the decision and the rule that made it.
                    """,
                 examples: ["explain", "explain org.example.Reader", "explain 1", "explain /io/github/orientd/OrientationManager1/scene/_3a1_2e42/1 --json"], run: explain),
        VerbSpec("history", group: .state,
                 options: [OptionSpec("lines", short: "n", .value("N"), help: "Show the last N changes (default 20; 0: all kept)")],
                 summary: "Show the last orientation changes, newest first",
                 details: """
                    Shows the most recent orientation changes of all scenes (orientd keeps the last 256): the \
                    time, the scene, its app-id, the orientations before and after, and the reason.
                    """,
                 examples: ["history", "history -n 5 --json"], run: history),
        VerbSpec("monitor", group: .state,
                 summary: "Follow device changes, scene orientation changes, scenes and suggestions live",
                 details: """
                    Prints one line per event until interrupted (Ctrl+C, SIGINT or SIGTERM end it with status 0): \
                    device orientation changes, scene orientation changes with their reason, scenes added and \
                    removed, rotation suggestions, setting changes, and orientd starting and stopping. With \
                    --json, one JSON object per line. A note on standard error says when it is listening.
                    """,
                 examples: ["monitor", "monitor --json"], run: monitor),
    ]

    static func status(_ inv: Invocation) throws(CommandError) {
        let (manager, scenes) = try inv.bus { client throws(OrientationClientError) in (try client.managerProperties(), try client.sceneList()) }
        // A start that failed since this orientd started (another one refused, say), as it wrote it.
        let failure = LastFailureFile.reason()
        inv.emit(StatusView.lines(manager: manager, scenes: scenes, aligned: inv.aligned, style: inv.style, lastFailure: failure),
                 json: StatusView.json(manager: manager, scenes: scenes, lastFailure: failure))
    }

    static func list(_ inv: Invocation) throws(CommandError) {
        let scenes = try inv.bus { client throws(OrientationClientError) in try client.sceneList() }
        inv.emit(SceneListView.lines(scenes, aligned: inv.aligned, style: inv.style, legend: inv.legend), json: SceneListView.json(scenes))
    }

    static func show(_ inv: Invocation) throws(CommandError) {
        let reference = inv.command.arguments.isEmpty ? nil : try inv.scene(0)
        let named = (inv.command.list("property") ?? []) + (inv.command.value("print").map { [$0] } ?? [])
        let properties: [(name: String, value: Variant)] = try inv.bus { client throws(OrientationClientError) in
            let scene = try reference?.scene(in: client)
            if !named.isEmpty {
                var values: [(name: String, value: Variant)] = []
                for name in named {
                    if let scene { values.append((name, try scene.property(name))) } else { values.append((name, try client.managerProperty(name))) }
                }
                return values
            }
            if let scene { return VariantFormatting.ordered(try scene.properties().properties, order: SceneProperties.names) }
            return VariantFormatting.ordered(try client.managerProperties().properties, order: ManagerProperties.names)
        }
        let texts = properties.map { ($0.name, VariantFormatting.text($0.value)) }
        // As systemctl show: empty values only with -a (or when named).
        let shown = named.isEmpty && !inv.command.has("all") ? texts.filter { !$0.1.isEmpty } : texts
        inv.emit(PropertiesView.lines(shown, valueOnly: inv.command.has("value") || inv.command.has("print")),
                 json: .object(properties.map { (JSONConvention.key($0.name), VariantFormatting.propertyJSON($0.value)) }))
    }

    static func tree(_ inv: Invocation) throws(CommandError) {
        let reference = try inv.scene(0)
        let (scene, nodes) = try inv.bus { client throws(OrientationClientError) in
            let scene = try reference.scene(in: client)
            return (try scene.properties(), try scene.controllers())
        }
        let header = "Scene \(scene.label.terminalSafe) (\(scene.appIdText.terminalSafe)): \(inv.style.highlight(scene.orientationText.terminalSafe))"
        let body = nodes.isEmpty
            ? ["No controllers: the scene behaves as one view controller with the defaults."]
            : TreeView.lines(nodes, style: inv.style)
        inv.emit([header] + body, json: TreeView.json(scene: reference.path, nodes))
    }

    static func explain(_ inv: Invocation) throws(CommandError) {
        let word = inv.argument(0)
        if word.isEmpty || (!word.hasPrefix("/") && UInt64(word) == nil) {
            let app = word.isEmpty ? nil : word
            let steps = try inv.bus { client throws(OrientationClientError) in try client.explainPanel(appID: app) }
            inv.emit(PanelExplainView.lines(app: app, steps: steps, style: inv.style), json: PanelExplainView.json(app: app, steps: steps))
            return
        }
        let reference = try inv.scene(0)
        let (scene, steps, nodes) = try inv.bus { client throws(OrientationClientError) in
            let scene = try reference.scene(in: client)
            return (try scene.properties(), try scene.explain(), try scene.controllers())
        }
        let deciding = nodes.filter(\.deciding).map(\.id)
        inv.emit(ExplainView.lines(scene: scene, steps: steps, path: deciding, style: inv.style),
                 json: ExplainView.json(scene: scene, steps: steps))
    }

    static func history(_ inv: Invocation) throws(CommandError) {
        let limit = try inv.command.value("lines").map { word throws(CommandError) in try inv.number(word, what: "-n") } ?? 20
        let entries = try inv.bus { client throws(OrientationClientError) in try client.history(limit: limit) }
        inv.emit(HistoryView.lines(entries, aligned: inv.aligned, style: inv.style, legend: inv.legend), json: HistoryView.json(entries))
    }
}

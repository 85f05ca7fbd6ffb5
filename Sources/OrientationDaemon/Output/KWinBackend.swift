import OrientationCore

/// KWin (KDE Plasma, Plasma Mobile): `kscreen-doctor`, which speaks KWin's output-management
/// protocol (it needs Qt's Wayland platform plugin, Debian's qtwayland5).
///
/// Present while the Wayland socket accepts and its registry offers KWin's output
/// management; each wl_output sends `done` after a change (a new rotation among them): the
/// notifications.
struct KScreenDoctorTool: OutputTool {
    static let managementInterfaces = ["kde_output_management_v2", "org_kde_kwin_outputmanagement"]

    let kind = OutputBackendKind.kwin
    /// kscreen-doctor is a Qt program: on Wayland, Qt's Wayland platform (not X11's), on the
    /// socket the backend watches (the session's, found as `WaylandSocket` finds it).
    let environment: [String: String]

    init(socketPath: String? = nil) {
        var environment = ["QT_QPA_PLATFORM": "wayland"]
        if let socketPath { environment["WAYLAND_DISPLAY"] = socketPath }
        self.environment = environment
    }
    let listCommand = ["kscreen-doctor", "--json"]

    func parse(_ stdout: String) -> [ToolOutput]? { KScreenDoctorListing.parse(stdout) }

    func applyCommand(output: String, _ orientation: InterfaceOrientation) -> [String] {
        ["kscreen-doctor", "output.\(output).rotation.\(KScreenDoctorListing.rotation(for: orientation))"]
    }
}

enum KWinBackend {
    static func make(environment: [String: String], output: String?, log: Log) -> any OutputBackend {
        ToolOutputBackend(tool: KScreenDoctorTool(socketPath: WaylandSocket.socketPath(environment: environment)),
                          presence: WaylandPresence(environment: environment, required: KScreenDoctorTool.managementInterfaces,
                                                    what: "KWin"),
                          output: output, log: log)
    }

    /// `--output-backend auto`: a Wayland compositor offering KWin's output management.
    static func probe(environment: [String: String]) -> Bool {
        WaylandSocket.compositorOffers(any: KScreenDoctorTool.managementInterfaces, environment: environment)
    }
}

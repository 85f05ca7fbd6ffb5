import GLibBridge
import OrientationCore

/// KWin (KDE Plasma, Plasma Mobile): KWin's own output protocols, spoken by
/// `WaylandOutputBackend` on its Wayland connection. Each kde_output_device_v2 says its name,
/// whether it is on and its transform (complete at each `done`, someone else's change
/// included); an apply is a kde_output_management_v2 configuration that changes the panel's
/// transform alone, which KWin answers applied or failed. KWin 6 also reports the user's
/// auto-rotate policy of each device, which orientd reads and holds (`KWinAutoRotate`).
enum KWinBackend {
    static let managementInterface = "kde_output_management_v2"

    /// `connection`: the session bus, where KWin says whether it is in tablet mode (the posture).
    /// `stateDirectory`: where the user's auto-rotate policy is kept while orientd holds it.
    static func make(environment: [String: String], output: String?, log: Log, connection: BusConnection? = nil,
                     stateDirectory: String? = nil) -> any OutputBackend {
        WaylandOutputBackend(kind: .kwin, managers: [managementInterface], what: "KWin",
                             environment: environment, output: output, log: log,
                             selfRotation: connection.map { KWinTabletMode(connection: $0, log: log) },
                             autoRotate: KWinAutoRotate(stateDirectory: stateDirectory, log: log))
    }

    /// `--output-backend auto`: a Wayland compositor offering KWin's output management.
    static func probe(_ context: AdapterContext) -> ProbeAnswer {
        context.probes.waylandOffers(any: [managementInterface], environment: context.environment)
    }
}

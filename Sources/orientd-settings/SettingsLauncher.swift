import CGtk
import GLibBridge
import Glibc
import OrientationClient
import OrientationSettingsKit

/// Opens the window on the first activation and presents it again on the next ones.
final class SettingsLauncher {
    private var window: SettingsWindow?

    func activate(_ application: OpaquePointer) {
        if let window { gtk_window_present(window.window); return }
        let environment = ProcessEnvironment.current()
        let session: SettingsSession?
        let failure: String?
        do {
            session = SettingsSession(client: try OrientationClient(), folders: InstalledApps.folders(environment: environment))
            failure = nil
        } catch {
            session = nil
            failure = error.message
        }
        let window = SettingsWindow(application: application, session: session, failure: failure)
        self.window = window
        gtk_window_present(window.window)
    }
}

/// Where the translations are: `$TEXTDOMAINDIR` when set (gettext's variable for a program's
/// catalogs), else `<prefix>/share/locale` beside the program's `bin` folder.
enum LocaleFolder {
    static func path() -> String {
        if let folder = ProcessEnvironment.current()["TEXTDOMAINDIR"], folder.hasPrefix("/") { return folder }
        guard let prefix = ProgramPrefix.path() else { return "/usr/share/locale" }
        return (prefix == "/" ? "" : prefix) + "/share/locale"
    }
}

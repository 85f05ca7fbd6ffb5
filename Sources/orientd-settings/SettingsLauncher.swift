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
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, Int(PATH_MAX))
        guard length > 0 else { return "/usr/share/locale" }
        let program = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var parts = program.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return "/usr/share/locale" }
        parts.removeLast(2)
        return parts.joined(separator: "/") + "/share/locale"
    }
}

import CGtk
import OrientationClient
import OrientationSettingsKit

// orientd-settings: the Orientation settings app. It talks to orientd only through the
// client library (OrientationSettingsKit's session) and shows what OrientationSettingsKit's
// model says, in GTK 4 and libadwaita widgets described in its UI files (data/settings/).

setlocale(LC_ALL, "")
bindtextdomain(Words.domain, LocaleFolder.path())
bind_textdomain_codeset(Words.domain, "UTF-8")
textdomain(Words.domain)

// The windows are described in UI files, in a GResource bundle installed beside the app.
if let failure = InterfaceResource.register() {
    let message = Array("orientd-settings: \(failure)\n".utf8)
    _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(1)
}

let application = adw_application_new("io.github.orientd.Settings", GApplicationFlags(rawValue: 0))!  // G_APPLICATION_DEFAULT_FLAGS, by value (GLibFlags)
let launcher = SettingsLauncher()
connect(application, "activate") { launcher.activate(application) }
let status = g_application_run(UnsafeMutablePointer<GApplication>(application), CommandLine.argc, CommandLine.unsafeArgv)
g_object_unref(UnsafeMutableRawPointer(application))
exit(status)

import CGtk
import GLibBridge
import OrientationSettingsKit

/// The app's About window (about-window.ui), opened from the header bar's menu (the
/// `app.about` action), as GNOME apps have it.
enum AboutWindow {
    /// Adds the `app.about` action to `application`, showing the About window over `parent`.
    static func install(on application: OpaquePointer, over parent: Widget) {
        let action = g_simple_action_new("about", nil)!
        connect(action, "activate", notify: true) { show(over: parent) }  // (action, parameter, data)
        g_action_map_add_action(application, action)
        g_object_unref(UnsafeMutableRawPointer(action))
    }

    static func show(over parent: Widget) {
        let ui = Interface<AboutObject>()
        let about = ui[.about]
        adw_about_window_set_application_icon(about, AboutText.icon)
        adw_about_window_set_version(about, AboutText.version)
        adw_about_window_set_website(about, AboutText.website)
        gtk_window_set_transient_for(about, parent)
        gtk_window_present(about)
    }
}

import CGtk
import GLibBridge
import OrientationSettingsKit

/// The app's About window, opened from the header bar's menu (the `app.about` action), as
/// GNOME apps have it.
enum AboutWindow {
    /// Adds the `app.about` action to `application`, showing the About window over `parent`.
    static func install(on application: OpaquePointer, over parent: Widget) {
        let action = g_simple_action_new("about", nil)!
        connect(action, "activate", notify: true) { show(over: parent) }  // (action, parameter, data)
        g_action_map_add_action(application, action)
        g_object_unref(UnsafeMutableRawPointer(action))
    }

    /// The header bar's menu button, whose menu holds "About Orientation".
    static func menuButton() -> Widget {
        let menu = g_menu_new()!
        g_menu_append(menu, tr("About Orientation"), "app.about")
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(button, "open-menu-symbolic")
        gtk_menu_button_set_menu_model(button, UnsafeMutablePointer<GMenuModel>(menu))
        cgtk_set_accessible_label(button, tr("Main menu"))
        g_object_unref(UnsafeMutableRawPointer(menu))
        return button
    }

    static func show(over parent: Widget) {
        let about = adw_about_window_new()!
        adw_about_window_set_application_name(about, tr("Orientation"))
        adw_about_window_set_application_icon(about, AboutText.icon)
        adw_about_window_set_version(about, AboutText.version)
        adw_about_window_set_developer_name(about, tr("The orientd authors"))
        adw_about_window_set_comments(about, tr("Rotation lock, and how each app turns with the device"))
        adw_about_window_set_website(about, AboutText.website)
        adw_about_window_set_license_type(about, GTK_LICENSE_MIT_X11)
        gtk_window_set_transient_for(about, parent)
        gtk_window_present(about)
    }
}

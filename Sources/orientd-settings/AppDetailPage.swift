import CGtk
import OrientationSettingsKit

/// An app's page: what it declares, and the four choices as a group of toggle buttons (one
/// on at a time, each named by its row for screen readers), insensitive when the
/// administrator locks the app's policy.
final class AppDetailPage {
    let box: Widget
    let title: Widget
    let back: Widget
    let group: Widget
    let lockedRow: Widget
    var buttons: [(AppChoice, Widget)] = []
    /// The app shown; nil before one is chosen.
    private(set) var appID: String?
    var onBack: () -> Void = {}
    var onChoice: (AppChoice, String) -> Void = { _, _ in }
    private var showing = false

    init() {
        let header = adw_header_bar_new()!
        title = adw_window_title_new(tr("Choose an app"), "")!
        adw_header_bar_set_title_widget(cast(header), title)
        back = gtk_button_new_from_icon_name("go-previous-symbolic")!
        cgtk_set_accessible_label(back, tr("Back"))
        adw_header_bar_pack_start(cast(header), back)
        let page = adw_preferences_page_new()!
        group = Rows.group(tr("Orientation"), description: tr("Choose an app in the list"))
        lockedRow = Rows.action(tr("Set by the administrator"), subtitle: tr("This app's choice cannot be changed here"))
        gtk_widget_set_visible(lockedRow, 0)
        adw_preferences_group_add(cast(group), lockedRow)
        var first: UnsafeMutablePointer<GtkToggleButton>?
        for choice in AppChoice.allCases {
            let row = Rows.action(choice.title, subtitle: choice.detail)
            let button = gtk_toggle_button_new()!
            gtk_button_set_icon_name(cast(button), "object-select-symbolic")
            gtk_widget_add_css_class(button, "flat")
            gtk_widget_add_css_class(button, "circular")
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
            if let first { gtk_toggle_button_set_group(cast(button), first) } else { first = cast(button) }
            adw_action_row_add_suffix(cast(row), button)
            adw_action_row_set_activatable_widget(cast(row), button)
            adw_preferences_group_add(cast(group), row)
            gtk_widget_set_sensitive(row, 0)
            setChangeable(button, false)
            buttons.append((choice, button))
        }
        adw_preferences_page_add(cast(page), cast(group))
        box = Rows.page(header: header, content: page)
        gtk_widget_set_hexpand(box, 1)
        gtk_widget_set_size_request(box, 360, -1)
        connect(back, "clicked") { [unowned self] in self.onBack() }
        for (choice, button) in buttons {
            connect(button, "toggled") { [unowned self] in
                guard !self.showing, let appID = self.appID, gtk_toggle_button_get_active(cast(button)) != 0 else { return }
                self.onChoice(choice, appID)
            }
        }
    }

    /// Shows the back button only when the leaflet shows one page at a time.
    func showBack(_ folded: Bool) { gtk_widget_set_visible(back, folded ? 1 : 0) }

    /// Shows `app`: its name, declaration, choice and lock.
    func show(_ app: AppRow) {
        showing = true
        defer { showing = false }
        appID = app.appID
        adw_window_title_set_title(cast(title), app.name)
        adw_window_title_set_subtitle(cast(title), app.appID)
        adw_preferences_group_set_title(cast(group), app.name)
        adw_preferences_group_set_description(cast(group), app.declared + "\n" + app.choiceText)
        gtk_widget_set_visible(lockedRow, app.isLocked ? 1 : 0)
        for (choice, button) in buttons {
            gtk_toggle_button_set_active(cast(button), choice == app.choice ? 1 : 0)
            setChangeable(button, !app.isLocked)
            rowOf(button).map { gtk_widget_set_sensitive($0, app.isLocked ? 0 : 1) }
        }
    }

    /// The row a choice's button sits in.
    private func rowOf(_ button: Widget) -> Widget? {
        var widget = gtk_widget_get_parent(button)
        while let current = widget {
            if g_type_check_instance_is_a(cast(current), adw_action_row_get_type()) != 0 { return current }
            widget = gtk_widget_get_parent(current)
        }
        return nil
    }
}

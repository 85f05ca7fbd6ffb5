import CGtk
import OrientationSettingsKit

/// An app's page (app-detail-page.ui): the four choices as a group of toggle buttons
/// (choice-row.ui, one on at a time, each named by its row for screen readers), insensitive
/// when the administrator locks the app's policy; then what the app declares.
final class AppDetailPage {
    let ui = Interface<AppDetailObject>()
    let box: Widget
    let title: Widget
    let back: Widget
    /// Below the choices: the lock, and what the app declares (the group's description).
    let about: Widget
    /// In `about` only while the app's choice is locked (app-detail-page.ui says why); the
    /// interface's builder keeps it while it is out.
    let lockedRow: Widget
    private var lockedRowShown = false
    /// Each choice with its row and its button.
    var buttons: [(choice: AppChoice, row: Widget, button: Widget)] = []
    /// The app shown; nil before one is chosen.
    private(set) var appID: String?
    var onBack: () -> Void = {}
    var onChoice: (AppChoice, String) -> Void = { _, _ in }
    private var showing = false
    private var available = true

    init() {
        box = ui[.page]
        title = ui[.title]
        back = ui[.back]
        about = ui[.about]
        lockedRow = ui[.lockedRow]
        var first: Widget?
        for choice in AppChoice.allCases {
            withExtendedLifetime(Interface<ChoiceRowObject>()) { template in
                let row = template[.row], button = template[.button]
                adw_preferences_row_set_title(row, choice.title)
                adw_action_row_set_subtitle(row, choice.detail)
                if let first { gtk_toggle_button_set_group(button, first) } else { first = button }
                adw_preferences_group_add(ui[.choices], row)
                setChangeable(button, false)
                buttons.append((choice, row, button))
            }
        }
        connect(back, "clicked") { [unowned self] in self.onBack() }
        for (choice, _, button) in buttons {
            connect(button, "toggled") { [unowned self] in
                self.markChosen()
                guard !self.showing, let appID = self.appID, gtk_toggle_button_get_active(button) != 0 else { return }
                self.onChoice(choice, appID)
            }
        }
        markChosen()
    }

    /// Whether orientd can take a choice now: while it cannot, every choice is disabled (the
    /// app's own lock applies again once `show` is called).
    func setAvailable(_ available: Bool) {
        self.available = available
        guard !available else { return }
        for (_, row, button) in buttons {
            setChangeable(button, false)
            gtk_widget_set_sensitive(row, 0)
        }
    }

    /// Shows the back button only when the leaflet shows one page at a time.
    func showBack(_ folded: Bool) { gtk_widget_set_visible(back, folded ? 1 : 0) }

    /// Shows `app`: its name, declaration, choice and lock.
    func show(_ app: AppRow) {
        showing = true
        defer { showing = false }
        appID = app.appID
        adw_window_title_set_title(title, app.name)
        adw_window_title_set_subtitle(title, app.appID)
        adw_preferences_group_set_description(about, markupEscaped(app.declared + "\n" + app.choiceText))
        if app.isLocked != lockedRowShown {
            if app.isLocked { adw_preferences_group_add(about, lockedRow) } else { adw_preferences_group_remove(about, lockedRow) }
            lockedRowShown = app.isLocked
        }
        for (choice, row, button) in buttons {
            gtk_toggle_button_set_active(button, choice == app.choice ? 1 : 0)
            setChangeable(button, !app.isLocked && available)
            gtk_widget_set_sensitive(row, app.isLocked || !available ? 0 : 1)
        }
        markChosen()
    }

    /// Shows the tick of the chosen choice only.
    private func markChosen() {
        for (_, _, button) in buttons {
            let active = gtk_toggle_button_get_active(button) != 0
            gtk_button_get_child(button).map { gtk_widget_set_opacity($0, active ? 1 : 0) }
        }
    }
}

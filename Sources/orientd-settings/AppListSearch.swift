import CGtk
import OrientationSettingsKit

/// The search field above the app list (settings-window.ui): typing narrows the rows to the
/// apps that match (`AppSearch`), as GNOME's settings narrow their lists.
final class AppListSearch {
    let entry: Widget
    /// Called on GTK's thread each time the search changes.
    var onChange: () -> Void = {}

    init(entry: Widget) {
        self.entry = entry
        connect(entry, "search-changed") { [unowned self] in self.onChange() }
    }

    /// What is typed now.
    var query: String { gtk_editable_get_text(entry).map { String(cString: $0) } ?? "" }

    /// Shows each app's row when the app matches the search, hides it otherwise.
    func filter(_ rows: [String: Widget], _ apps: [AppRow]) {
        let query = self.query
        for app in apps {
            guard let row = rows[app.appID] else { continue }
            gtk_widget_set_visible(row, AppSearch.matches(query, app) ? 1 : 0)
        }
    }
}

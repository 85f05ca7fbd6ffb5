import CGtk
import OrientationClient
import OrientationSettingsKit
import Synchronization

/// The app's window (settings-window.ui): a leaflet of the settings page (the screen, the lock,
/// app locks, kiosk, the app in front and why, every app) and an app's page (its four choices).
/// Side by side on a tablet; on a phone one at a time, the app's page slid in when an app is chosen.
final class SettingsWindow {
    let ui = Interface<SettingsWindowObject>()
    let window: Widget
    let session: SettingsSession?
    let leaflet: Widget
    /// How orientd treats this screen, one line (hidden while orientd does not say).
    let screenRow: Widget
    let lockRow: (row: Widget, switch: Widget)
    /// "Apps may lock the orientation" (hidden from an orientd before version 6).
    let appLocksRow: (row: Widget, switch: Widget)
    let kioskRow: (row: Widget, switch: Widget)
    let frontRow: Widget
    /// orientd's whole explanation of the app the person came from, shown by the "Why?" button.
    let whyRow: Widget
    let whyButton: Widget
    let statusRow: Widget
    let page: Widget
    var appsGroup: Widget
    var appRows: [String: Widget] = [:]
    let search: AppListSearch
    var model: SettingsModel?
    let detail: AppDetailPage
    /// Reads icon files off GTK's thread.
    let icons = IconLoader()
    /// True while the window sets its widgets from the model (their signals then change nothing).
    var updating = false
    /// A change refused because orientd is not running, said until the next refresh shows it.
    var refused: String?
    /// Whether the status row says orientd cannot be reached (hidden again once it answers).
    var saysUnreachable = false
    /// Calls to orientd, off GTK's thread: one that does not answer never holds the window.
    let calls = Worker(name: "settings-calls")
    /// The read whose answer is awaited (an older answer is dropped), and the timer that says
    /// "not answering" when it takes longer than `answerWait`.
    var reading = 0
    var slow: GtkTimeout?
    static let answerWait: UInt32 = 800
    /// The app list being built, a batch of rows per idle moment (a newer list stops it).
    var building = 0
    static let rowsPerBatch = 40
    let gate = RefreshGate()
    var watch: OrientationObservation?

    init(application: OpaquePointer, session: SettingsSession?, failure: String?) {
        self.session = session
        window = ui[.window]
        gtk_window_set_application(window, application)
        leaflet = ui[.leaflet]
        page = ui[.page]
        screenRow = ui[.screenRow]
        lockRow = (ui[.lockRow], ui[.lockSwitch])
        appLocksRow = (ui[.appLocksRow], ui[.appLocksSwitch])
        kioskRow = (ui[.kioskRow], ui[.kioskSwitch])
        frontRow = ui[.frontRow]
        whyButton = ui[.whyButton]
        whyRow = ui[.whyRow]
        statusRow = ui[.statusRow]
        if let failure {
            adw_preferences_row_set_title(statusRow, fill(tr("orientd cannot be reached: %s"), failure))
            gtk_widget_set_visible(statusRow, 1)
        }
        search = AppListSearch(entry: ui[.searchEntry])
        appsGroup = Self.newAppsGroup(in: page)
        AboutWindow.install(on: application, over: window)
        detail = AppDetailPage()
        _ = adw_leaflet_append(leaflet, detail.box)

        let sidebarBox = ui[.sidebar], leafletBox = leaflet
        let why = whyRow
        connect(whyButton, "clicked") { gtk_widget_set_visible(why, gtk_widget_get_visible(why) == 0 ? 1 : 0) }
        detail.onBack = { adw_leaflet_set_visible_child(leafletBox, sidebarBox) }
        connect(leaflet, "notify::folded", notify: true) { [unowned self] in self.detail.showBack(adw_leaflet_get_folded(self.leaflet) != 0) }
        detail.showBack(adw_leaflet_get_folded(leaflet) != 0)
        detail.onChoice = { [unowned self] choice, appID in self.apply { try $0.choose(choice, for: appID) } }
        search.onChange = { [unowned self] in self.search.filter(self.appRows, self.model?.apps ?? []) }
        connect(lockRow.switch, "notify::active", notify: true) { [unowned self] in
            let on = gtk_switch_get_active(self.lockRow.switch) != 0
            self.apply { try $0.setRotationLocked(on) }
        }
        connect(appLocksRow.switch, "notify::active", notify: true) { [unowned self] in
            let on = gtk_switch_get_active(self.appLocksRow.switch) != 0
            self.apply { try $0.setAppLocksAllowed(on) }
        }
        connect(kioskRow.switch, "notify::active", notify: true) { [unowned self] in
            let on = gtk_switch_get_active(self.kioskRow.switch) != 0
            self.apply { try $0.setKioskMode(on) }
        }
        // Nothing is changeable until orientd's first answer says what is in force.
        for row in [lockRow, appLocksRow, kioskRow] { setChangeable(row.switch, false) }
        refresh()
        startWatching()
    }

    /// Applies a person's change at once, then shows orientd's state (an error in words) once
    /// the widget's signal is over: a switch changed from inside its own `notify::active`
    /// keeps its old accessible state (a screen reader would say "on" for a switch shown off).
    func apply(_ change: @escaping (SettingsSession) throws -> Void) {
        guard !updating, let session else { return }
        // orientd went (stopped, uninstalled): refused, and the control shown as it was.
        guard session.isRunning else {
            refused = tr("Not changed: orientd is not running")
            return scheduleRefresh()
        }
        calls.run({ () -> String? in
            do {
                try change(session)
                return nil
            } catch {
                return (error as? OrientationClientError)?.message ?? "\(error)"
            }
        }) { [unowned self] failure in
            self.showStatus(failure)
            self.scheduleRefresh()
        }
    }

    func showStatus(_ message: String?) {
        saysUnreachable = false
        adw_preferences_row_set_title(statusRow, message.map { fill(tr("Not changed: %s"), $0) } ?? "")
        gtk_widget_set_visible(statusRow, message == nil ? 0 : 1)
    }

    /// Reads everything again and shows it; while orientd does not run (or cannot be
    /// reached), shows the last state read with every control disabled, and says why.
    /// The read runs off GTK's thread; when it takes longer than `answerWait`, the window says
    /// orientd is not answering (and disables what cannot apply) until the answer comes.
    func refresh() {
        guard let session else { return }
        guard session.isRunning else { return showUnreachable(tr("orientd is not running: nothing here can change until it is back")) }
        reading += 1
        let current = reading
        if slow == nil {
            slow = GtkTimeout(milliseconds: Self.answerWait) { [unowned self] in
                self.slow = nil
                self.showUnreachable(tr("orientd is not answering: waiting for it"))
            }
        }
        calls.run({ () -> Result<SettingsSnapshot, OrientationClientError> in
            do throws(OrientationClientError) { return .success(try session.snapshot()) } catch { return .failure(error) }
        }) { [unowned self] result in
            guard current == self.reading else { return }
            self.slow?.cancel()
            self.slow = nil
            switch result {
            case .success(let snapshot):
                self.show(SettingsModel(snapshot))
                if let refused = self.refused {
                    self.showStatus(nil)
                    adw_preferences_row_set_title(self.statusRow, refused)
                    gtk_widget_set_visible(self.statusRow, 1)
                } else if self.saysUnreachable {
                    self.showStatus(nil)
                }
            case .failure(let error):
                self.showUnreachable(fill(tr("orientd cannot be reached: %s"), error.message))
            }
            self.refused = nil
        }
    }

    /// The last state read, every control disabled (a switch flipped meanwhile back as it was),
    /// and `reason` (or the refusal of a change) in the status row.
    func showUnreachable(_ reason: String) {
        if let model { show(model) }
        updating = true
        defer { updating = false }
        for row in [lockRow, appLocksRow, kioskRow] { setChangeable(row.switch, false) }
        detail.setAvailable(false)
        adw_preferences_row_set_title(statusRow, refused.map { $0 + "\n" + reason } ?? reason)
        gtk_widget_set_visible(statusRow, 1)
        saysUnreachable = true
        refused = nil
    }

    func show(_ model: SettingsModel) {
        updating = true
        defer { updating = false }
        adw_preferences_row_set_title(screenRow, model.screen)
        gtk_widget_set_visible(screenRow, model.screen.isEmpty ? 0 : 1)
        gtk_widget_set_visible(appLocksRow.row, model.appLocks == nil ? 0 : 1)
        let switches = [(lockRow, model.rotationLock), (appLocksRow, model.appLocks), (kioskRow, model.kiosk)]
        for case let (row, value?) in switches {
            adw_preferences_row_set_title(row.row, value.title)
            adw_action_row_set_subtitle(row.row, value.subtitle)
            gtk_switch_set_active(row.switch, value.isOn ? 1 : 0)
            setChangeable(row.switch, value.isChangeable)
        }
        adw_preferences_row_set_title(frontRow, model.frontApp)
        adw_action_row_set_subtitle(frontRow, model.frontSummary)
        adw_action_row_set_subtitle(whyRow, model.explanation)
        if model.apps.map(\.appID) != self.model?.apps.map(\.appID) { rebuildApps(model.apps) }
        for app in model.apps {
            guard let row = appRows[app.appID] else { continue }
            adw_action_row_set_subtitle(row, app.declared + "\n" + app.subtitle)
        }
        self.model = model
        detail.setAvailable(true)
        if let shown = detail.appID, let app = model.apps.first(where: { $0.appID == shown }) { detail.show(app) }
    }

    /// One row per app, a button at its end opening the app's page: `rowsPerBatch` rows at a
    /// time, each batch once GTK has drawn the last, so that a thousand entries show a window
    /// at once and fill it as it is used.
    func rebuildApps(_ apps: [AppRow]) {
        adw_preferences_page_remove(page, appsGroup)
        appsGroup = Self.newAppsGroup(in: page)
        appRows = [:]
        building += 1
        addRows(apps[...], to: appsGroup, list: building)
    }

    /// A new, empty app list's group (apps-group.ui) at the end of `page`.
    static func newAppsGroup(in page: Widget) -> Widget {
        withExtendedLifetime(Interface<AppsGroupObject>()) { template in
            let group = template[.group]
            adw_preferences_page_add(page, group)
            return group
        }
    }

    private func addRows(_ apps: ArraySlice<AppRow>, to group: Widget, list: Int) {
        guard list == building else { return }
        for app in apps.prefix(Self.rowsPerBatch) {
            withExtendedLifetime(Interface<AppRowObject>()) { template in
                let row = template[.row], appID = app.appID
                adw_preferences_row_set_title(row, app.name)
                adw_action_row_set_subtitle(row, app.declared + "\n" + app.subtitle)
                AppIcon.show(app.icon, in: template[.icon], loader: icons)
                connect(template[.open], "clicked") { [unowned self] in self.open(appID) }
                adw_preferences_group_add(group, row)
                gtk_widget_set_visible(row, AppSearch.matches(search.query, app) ? 1 : 0)
                appRows[appID] = row
            }
        }
        let rest = apps.dropFirst(Self.rowsPerBatch)
        guard !rest.isEmpty else { return }
        onGtkThread(priority: G_PRIORITY_DEFAULT_IDLE) { [unowned self] in self.addRows(rest, to: group, list: list) }
    }

    /// Shows an app's page (slid in on a phone).
    func open(_ appID: String) {
        guard let app = model?.apps.first(where: { $0.appID == appID }) else { return }
        updating = true
        detail.show(app)
        updating = false
        adw_leaflet_set_visible_child(leaflet, detail.box)
    }

    /// A refresh on GTK's thread once it is idle (one for any number asked meanwhile).
    func scheduleRefresh() {
        gate.schedule(GtkThreadReference(self))
    }

    /// Follows orientd: each announcement schedules one refresh on GTK's thread.
    func startWatching() {
        guard let session else { return }
        let gate = self.gate
        let window = GtkThreadReference(self)
        do {
            watch = try session.watch { gate.schedule(window) }
        } catch {
            showStatus(fill(tr("Changes made elsewhere are not shown: %s"), error.message))
        }
    }
}

/// Whether a refresh is already scheduled: many announcements at once make one refresh.
final class RefreshGate: Sendable {
    let pending = Atomic<Bool>(false)

    /// Schedules one refresh of `window` on GTK's thread, unless one waits.
    func schedule(_ window: GtkThreadReference<SettingsWindow>) {
        guard pending.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        // At the default priority: an idle one waits behind every redraw.
        _ = g_idle_add_full(G_PRIORITY_DEFAULT, { data in
            let window = GtkThreadReference<SettingsWindow>.open(data)
            window.gate.pending.store(false, ordering: .releasing)
            window.refresh()
            return 0
        }, window.pointer, nil)
    }
}

/// An app's icon: a themed icon name, or a file read off GTK's thread by `IconLoader` (the
/// generic icon of app-row.ui until then, and for good when the file is refused).
enum AppIcon {
    static func show(_ icon: String?, in image: Widget, loader: IconLoader) {
        guard let icon else { return }
        if icon.hasPrefix("/") {
            loader.load(icon, into: image)
        } else {
            gtk_image_set_from_icon_name(image, icon)
        }
    }
}

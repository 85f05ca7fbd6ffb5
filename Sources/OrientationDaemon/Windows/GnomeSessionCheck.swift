/// Whether the session really is GNOME Shell's, for `--window-tracking auto`: owning
/// `org.gnome.Shell` on the session bus is not enough. Phosh owns it too (on phoc, a wlroots
/// compositor), and so may any program in an X11 session beside another window manager.
///
/// GNOME Shell's when its name is owned and
/// - `XDG_CURRENT_DESKTOP`, when set, names GNOME and not Phosh (Phosh's is `Phosh:GNOME`);
/// - the session's Wayland compositor, when one answers, offers no interface only another
///   compositor offers (wlroots', Phosh's, KWin's): mutter never does;
/// - with no Wayland compositor answering (an X11 session), `XDG_CURRENT_DESKTOP` names GNOME.
enum GnomeSessionCheck {
    /// Globals of compositors that are not mutter.
    static let otherCompositors = ["zwlr_foreign_toplevel_manager_v1", "zwlr_output_manager_v1", "phosh_private",
                                   "zphoc_layer_shell_effects_v1", "org_kde_plasma_window_management",
                                   "org_kde_plasma_shell", "kde_output_management_v2", "org_kde_kwin_outputmanagement"]

    /// nil when the session is GNOME Shell's; else why it is not.
    static func reasonNotGnomeShell(shellOwned: Bool, environment: [String: String],
                                    globals: (String) -> [String]?) -> String? {
        guard shellOwned else { return "GNOME Shell (\(GnomeWindowTracker.shellName)) is not on the session bus" }
        let desktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").map { $0.lowercased() }
        if desktops.contains("phosh") {
            return "the session is Phosh's (XDG_CURRENT_DESKTOP \(environment["XDG_CURRENT_DESKTOP"] ?? "")), whose \(GnomeWindowTracker.shellName) offers no window list"
        }
        if !desktops.isEmpty, !desktops.contains("gnome") {
            return "\(GnomeWindowTracker.shellName) is owned, but XDG_CURRENT_DESKTOP \(environment["XDG_CURRENT_DESKTOP"] ?? "") is not GNOME"
        }
        if let path = WaylandSocket.socketPath(environment: environment), let offered = globals(path) {
            if let other = offered.first(where: otherCompositors.contains) {
                return "\(GnomeWindowTracker.shellName) is owned, but the Wayland compositor on \(path) is not GNOME Shell's (it offers \(other))"
            }
            return nil
        }
        return desktops.contains("gnome") ? nil
            : "\(GnomeWindowTracker.shellName) is owned, but no GNOME Shell compositor answers on Wayland and XDG_CURRENT_DESKTOP does not name GNOME"
    }

    /// The check against the session bus and the compositor, as `PeerProbes` found them
    /// (`.pending` while the bus or the compositor has not answered yet).
    static func isGnomeShell(_ context: AdapterContext) -> ProbeAnswer {
        let owned = context.probes.nameOwned(GnomeWindowTracker.shellName, in: context.names)
        guard owned == .present else { return owned }
        var globals: [String]?
        if let path = WaylandSocket.socketPath(environment: context.environment) {
            let (answer, offered) = context.probes.waylandGlobals(path)
            if answer == .pending { return .pending }
            globals = answer == .present ? offered : nil
        }
        let reason = reasonNotGnomeShell(shellOwned: true, environment: context.environment, globals: { _ in globals })
        if let reason { context.log.info("windows: --window-tracking auto: not GNOME Shell: \(reason)") }
        return reason == nil ? .present : .absent
    }
}

import CGtk

/// A GTK widget pointer.
typealias Widget = OpaquePointer

/// A Swift closure kept alive by the signal connection that calls it.
private final class SignalHandler {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

/// Runs `run` on each emission of `signal`, a signal whose handler takes only the instance
/// (`clicked`, `toggled`, a widget's `activate`); with `notify` true, of a signal that passes
/// one argument besides (a `notify::` signal's GParamSpec, a GAction's `activate` parameter).
func connect(_ instance: OpaquePointer, _ signal: String, notify: Bool = false, _ run: @escaping () -> Void) {
    let data = Unmanaged.passRetained(SignalHandler(run)).toOpaque()
    let destroy: GClosureNotify = { data, _ in Unmanaged<SignalHandler>.fromOpaque(data!).release() }
    let handler: GCallback
    if notify {
        let callback: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
            Unmanaged<SignalHandler>.fromOpaque(data!).takeUnretainedValue().run()
        }
        handler = unsafeBitCast(callback, to: GCallback.self)
    } else {
        let callback: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            Unmanaged<SignalHandler>.fromOpaque(data!).takeUnretainedValue().run()
        }
        handler = unsafeBitCast(callback, to: GCallback.self)
    }
    _ = cgtk_signal_connect(UnsafeMutableRawPointer(instance), signal, handler, data, destroy)
}

/// Makes a widget changeable or not, for the eye and for assistive technologies alike.
func setChangeable(_ widget: Widget, _ changeable: Bool) {
    gtk_widget_set_sensitive(widget, changeable ? 1 : 0)
    cgtk_set_accessible_disabled(widget, changeable ? 0 : 1)
}

/// `text` escaped for the labels that read Pango markup (a preferences group's title and
/// description): an app's name is untrusted text, and `&` or `<` in it must show as written.
func markupEscaped(_ text: String) -> String {
    guard let escaped = g_markup_escape_text(text, -1) else { return "" }
    defer { g_free(escaped) }
    return String(cString: escaped)
}

/// Small constructors over libadwaita's rows, in the app's style.
enum Rows {
    /// An action row with a title and a subtitle shown whole (no ellipsis).
    static func action(_ title: String, subtitle: String = "") -> Widget {
        let row = adw_action_row_new()!
        // Plain text before any text is set: a title such as "Tea & <b>Biscuits</b>" (an app's
        // name, untrusted) is never parsed as markup, not even once.
        adw_preferences_row_set_use_markup(row, 0)
        adw_preferences_row_set_title(row, title)
        adw_action_row_set_subtitle(row, subtitle)
        adw_action_row_set_subtitle_lines(row, 0)
        return row
    }

    /// A row with a switch at its end, the row's title naming the switch for screen readers.
    static func toggle() -> (row: Widget, switch: Widget) {
        let row = action("")
        let toggle = gtk_switch_new()!
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        adw_action_row_add_suffix(row, toggle)
        adw_action_row_set_activatable_widget(row, toggle)
        return (row, toggle)
    }

    /// A group with a title (and a description).
    static func group(_ title: String, description: String? = nil) -> Widget {
        let group = adw_preferences_group_new()!
        adw_preferences_group_set_title(group, markupEscaped(title))
        if let description { adw_preferences_group_set_description(group, markupEscaped(description)) }
        return group
    }

    /// A vertical box of a header bar above `content`.
    static func page(header: Widget, content: Widget) -> Widget {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(box, header)
        gtk_widget_set_vexpand(content, 1)
        gtk_box_append(box, content)
        return box
    }

    /// A header bar titled `title`.
    static func header(_ title: String) -> Widget {
        let bar = adw_header_bar_new()!
        adw_header_bar_set_title_widget(bar, adw_window_title_new(title, ""))
        return bar
    }
}

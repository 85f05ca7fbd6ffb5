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

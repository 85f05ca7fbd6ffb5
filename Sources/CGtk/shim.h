// CGtk: GTK 4 and libadwaita 1.2 for the settings app (orientd-settings).
//
// Swift imports GTK's and libadwaita's functions directly; what it cannot import are the
// macros (g_signal_connect, the type-checking casts) and variadic functions. The few helpers
// below stand in for them. Casts are done in Swift by reinterpreting the pointer (a GObject's
// instance struct starts with its parent's), so no cast macro is needed.
#ifndef ORIENTD_CGTK_SHIM_H
#define ORIENTD_CGTK_SHIM_H

#include <adwaita.h>
#include <gtk/gtk.h>
#include <libintl.h>
#include <locale.h>

// g_signal_connect_data for any handler: `handler` is a C function of the signal's signature,
// `data` released by `destroy` when the handler is disconnected or the instance finalized.
static inline gulong cgtk_signal_connect(gpointer instance, const char *signal, GCallback handler,
                                         gpointer data, GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, (GConnectFlags)0);
}

// The accessible label (what a screen reader says) of a widget: gtk_accessible_update_property
// is variadic.
static inline void cgtk_set_accessible_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

// The accessible description (read after the label).
static inline void cgtk_set_accessible_description(GtkWidget *widget, const char *text) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

// Whether assistive technologies see a widget as disabled: GTK 4.8 does not tell them when a
// widget is made insensitive, so the app says it too.
static inline void cgtk_set_accessible_disabled(GtkWidget *widget, gboolean disabled) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_DISABLED, disabled, -1);
}

#endif

// CGtk: the part of GTK 4 (4.8) and libadwaita (1.2) the settings app (orientd-settings) uses.
//
// The functions are declared here, as GTK's and libadwaita's headers declare them, rather than
// by including those headers: their pkg-config chain (gtk4 requires graphene, whose Cflags are
// -mfpmath=sse -msse -msse2 -pthread) makes SwiftPM warn "prohibited flag(s)" on every build of
// the package. GLib's and GIO's own headers come through pkg-config's gobject-2.0, as for CGio;
// the module map links libadwaita and GTK. Each declaration is the library's own (checked
// against Debian 12's headers); add one here when the app calls something new. The widget
// types are incomplete here, so Swift sees every widget as an OpaquePointer. The widgets are
// described in UI files (data/settings/) and built by GtkBuilder: only what the app changes
// or reads after that is declared here.
//
// What Swift cannot import (g_signal_connect, variadic calls) is in the static inline helpers
// at the end.
//
// The compiler checks the copy: with CGTK_CHECK_AGAINST_HEADERS defined after <gtk/gtk.h> and
// <adwaita.h>, the types below are the libraries' own, every declaration must agree with
// theirs (C refuses conflicting types) and the enum values are asserted equal
// (Tests/PackagingTests/GtkShimTests.swift).
#ifndef ORIENTD_CGTK_SHIM_H
#define ORIENTD_CGTK_SHIM_H

#include <gio/gio.h>
#include <libintl.h>
#include <locale.h>

#ifndef CGTK_CHECK_AGAINST_HEADERS
typedef struct _AdwAboutWindow AdwAboutWindow;
typedef struct _AdwActionRow AdwActionRow;
typedef struct _AdwApplication AdwApplication;
typedef struct _AdwLeaflet AdwLeaflet;
typedef struct _AdwLeafletPage AdwLeafletPage;
typedef struct _AdwPreferencesGroup AdwPreferencesGroup;
typedef struct _AdwPreferencesPage AdwPreferencesPage;
typedef struct _AdwPreferencesRow AdwPreferencesRow;
typedef struct _AdwWindowTitle AdwWindowTitle;
typedef struct _GdkPixbuf GdkPixbuf;
typedef struct _GdkPixbufLoader GdkPixbufLoader;
typedef struct _GtkAccessible GtkAccessible;
typedef struct _GtkApplication GtkApplication;
typedef struct _GtkBuilder GtkBuilder;
typedef struct _GtkButton GtkButton;
typedef struct _GtkEditable GtkEditable;
typedef struct _GtkImage GtkImage;
typedef struct _GtkSwitch GtkSwitch;
typedef struct _GtkToggleButton GtkToggleButton;
typedef struct _GtkWidget GtkWidget;
typedef struct _GtkWindow GtkWindow;
#endif

// The member of GTK's GtkAccessibleState the app sets.
typedef enum { CGTK_ACCESSIBLE_STATE_DISABLED = 2 } CGtkAccessibleState;
#ifndef CGTK_CHECK_AGAINST_HEADERS
typedef CGtkAccessibleState GtkAccessibleState;
#endif

#ifdef CGTK_CHECK_AGAINST_HEADERS
_Static_assert((int) CGTK_ACCESSIBLE_STATE_DISABLED == (int) GTK_ACCESSIBLE_STATE_DISABLED, "GtkAccessibleState");
#endif

// gdk-pixbuf (gdk-pixbuf/*.h): the icon loader's bounded decoding, off GTK's thread
gboolean gdk_pixbuf_loader_close(GdkPixbufLoader *loader, GError **error);
GdkPixbuf *gdk_pixbuf_loader_get_pixbuf(GdkPixbufLoader *loader);
GdkPixbufLoader *gdk_pixbuf_loader_new(void);
void gdk_pixbuf_loader_set_size(GdkPixbufLoader *loader, int width, int height);
gboolean gdk_pixbuf_loader_write(GdkPixbufLoader *loader, const guchar *buf, gsize count, GError **error);

// GTK (gtk/*.h)
void gtk_accessible_update_state(GtkAccessible *self, GtkAccessibleState first_state, ...);
GObject *gtk_builder_get_object(GtkBuilder *builder, const char *name);
GtkBuilder *gtk_builder_new_from_resource(const char *resource_path);
GtkWidget *gtk_button_get_child(GtkButton *button);
const char *gtk_editable_get_text(GtkEditable *editable);
void gtk_image_set_from_icon_name(GtkImage *image, const char *icon_name);
void gtk_image_set_from_pixbuf(GtkImage *image, GdkPixbuf *pixbuf);
gboolean gtk_switch_get_active(GtkSwitch *self);
void gtk_switch_set_active(GtkSwitch *self, gboolean is_active);
gboolean gtk_toggle_button_get_active(GtkToggleButton *toggle_button);
void gtk_toggle_button_set_active(GtkToggleButton *toggle_button, gboolean is_active);
void gtk_toggle_button_set_group(GtkToggleButton *toggle_button, GtkToggleButton *group);
gboolean gtk_widget_get_visible(GtkWidget *widget);
void gtk_widget_set_opacity(GtkWidget *widget, double opacity);
void gtk_widget_set_sensitive(GtkWidget *widget, gboolean sensitive);
void gtk_widget_set_visible(GtkWidget *widget, gboolean visible);
void gtk_window_present(GtkWindow *window);
void gtk_window_set_application(GtkWindow *window, GtkApplication *application);
void gtk_window_set_transient_for(GtkWindow *window, GtkWindow *parent);

// libadwaita (adw-*.h)
void adw_about_window_set_application_icon(AdwAboutWindow *self, const char *application_icon);
void adw_about_window_set_version(AdwAboutWindow *self, const char *version);
void adw_about_window_set_website(AdwAboutWindow *self, const char *website);
void adw_action_row_set_subtitle(AdwActionRow *self, const char *subtitle);
AdwApplication *adw_application_new(const char *application_id, GApplicationFlags flags);
AdwLeafletPage *adw_leaflet_append(AdwLeaflet *self, GtkWidget *child);
gboolean adw_leaflet_get_folded(AdwLeaflet *self);
void adw_leaflet_set_visible_child(AdwLeaflet *self, GtkWidget *visible_child);
void adw_preferences_group_add(AdwPreferencesGroup *self, GtkWidget *child);
void adw_preferences_group_remove(AdwPreferencesGroup *self, GtkWidget *child);
void adw_preferences_group_set_description(AdwPreferencesGroup *self, const char *description);
void adw_preferences_page_add(AdwPreferencesPage *self, AdwPreferencesGroup *group);
void adw_preferences_page_remove(AdwPreferencesPage *self, AdwPreferencesGroup *group);
void adw_preferences_row_set_title(AdwPreferencesRow *self, const char *title);
void adw_window_title_set_subtitle(AdwWindowTitle *self, const char *subtitle);
void adw_window_title_set_title(AdwWindowTitle *self, const char *title);

// g_signal_connect for any handler: `handler` is a C function of the signal's signature,
// `data` released by `destroy` when the handler is disconnected or the instance finalized.
static inline gulong cgtk_signal_connect(gpointer instance, const char *signal, GCallback handler,
                                         gpointer data, GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, (GConnectFlags)0);
}

// Whether assistive technologies see a widget as disabled: GTK 4.8 does not tell them when a
// widget is made insensitive, so the app says it too.
static inline void cgtk_set_accessible_disabled(GtkWidget *widget, gboolean disabled) {
    gtk_accessible_update_state((GtkAccessible *)widget, CGTK_ACCESSIBLE_STATE_DISABLED, disabled, -1);
}

#endif

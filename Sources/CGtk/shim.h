// CGtk: the part of GTK 4 (4.8) and libadwaita (1.2) the settings app (orientd-settings) uses.
//
// The functions are declared here, as GTK's and libadwaita's headers declare them, rather than
// by including those headers: their pkg-config chain (gtk4 requires graphene, whose Cflags are
// -mfpmath=sse -msse -msse2 -pthread) makes SwiftPM warn "prohibited flag(s)" on every build of
// the package. GLib's and GIO's own headers come through pkg-config's gobject-2.0, as for CGio;
// the module map links libadwaita and GTK. Each declaration is the library's own (checked
// against Debian 12's headers); add one here when the app calls something new. The widget
// types are incomplete here, so Swift sees every widget as an OpaquePointer.
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
typedef struct _AdwApplicationWindow AdwApplicationWindow;
typedef struct _AdwHeaderBar AdwHeaderBar;
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
typedef struct _GtkBox GtkBox;
typedef struct _GtkButton GtkButton;
typedef struct _GtkEditable GtkEditable;
typedef struct _GtkImage GtkImage;
typedef struct _GtkMenuButton GtkMenuButton;
typedef struct _GtkSwitch GtkSwitch;
typedef struct _GtkToggleButton GtkToggleButton;
typedef struct _GtkWidget GtkWidget;
typedef struct _GtkWindow GtkWindow;

typedef enum { GTK_ALIGN_FILL, GTK_ALIGN_START, GTK_ALIGN_END, GTK_ALIGN_CENTER, GTK_ALIGN_BASELINE } GtkAlign;
typedef enum { GTK_ORIENTATION_HORIZONTAL, GTK_ORIENTATION_VERTICAL } GtkOrientation;
// GtkLicense up to the one the About window names.
typedef enum { GTK_LICENSE_UNKNOWN, GTK_LICENSE_CUSTOM, GTK_LICENSE_GPL_2_0, GTK_LICENSE_GPL_3_0, GTK_LICENSE_LGPL_2_1,
               GTK_LICENSE_LGPL_3_0, GTK_LICENSE_BSD, GTK_LICENSE_MIT_X11 } GtkLicense;
// The members of GTK's GtkAccessibleProperty and GtkAccessibleState the app sets.
#endif

typedef enum { CGTK_ACCESSIBLE_PROPERTY_DESCRIPTION = 1, CGTK_ACCESSIBLE_PROPERTY_LABEL = 4 } CGtkAccessibleProperty;
typedef enum { CGTK_ACCESSIBLE_STATE_DISABLED = 2 } CGtkAccessibleState;
#ifndef CGTK_CHECK_AGAINST_HEADERS
typedef CGtkAccessibleProperty GtkAccessibleProperty;
typedef CGtkAccessibleState GtkAccessibleState;
#endif

#ifdef CGTK_CHECK_AGAINST_HEADERS
_Static_assert(GTK_ALIGN_FILL == 0 && GTK_ALIGN_START == 1 && GTK_ALIGN_END == 2 && GTK_ALIGN_CENTER == 3,
               "GtkAlign as the shim declares it");
_Static_assert(GTK_ORIENTATION_HORIZONTAL == 0 && GTK_ORIENTATION_VERTICAL == 1, "GtkOrientation as the shim declares it");
_Static_assert(GTK_LICENSE_MIT_X11 == 7, "GtkLicense as the shim declares it");
_Static_assert((int) CGTK_ACCESSIBLE_PROPERTY_DESCRIPTION == (int) GTK_ACCESSIBLE_PROPERTY_DESCRIPTION &&
               (int) CGTK_ACCESSIBLE_PROPERTY_LABEL == (int) GTK_ACCESSIBLE_PROPERTY_LABEL, "GtkAccessibleProperty");
_Static_assert((int) CGTK_ACCESSIBLE_STATE_DISABLED == (int) GTK_ACCESSIBLE_STATE_DISABLED, "GtkAccessibleState");
#endif

// gdk-pixbuf (gdk-pixbuf/*.h): the icon loader's bounded decoding, off GTK's thread
int gdk_pixbuf_get_height(const GdkPixbuf *pixbuf);
int gdk_pixbuf_get_width(const GdkPixbuf *pixbuf);
gboolean gdk_pixbuf_loader_close(GdkPixbufLoader *loader, GError **error);
GdkPixbuf *gdk_pixbuf_loader_get_pixbuf(GdkPixbufLoader *loader);
GdkPixbufLoader *gdk_pixbuf_loader_new(void);
void gdk_pixbuf_loader_set_size(GdkPixbufLoader *loader, int width, int height);
gboolean gdk_pixbuf_loader_write(GdkPixbufLoader *loader, const guchar *buf, gsize count, GError **error);

// GTK (gtk/*.h)
void gtk_box_append(GtkBox *box, GtkWidget *child);
GtkWidget *gtk_box_new(GtkOrientation orientation, int spacing);
GtkWidget *gtk_button_get_child(GtkButton *button);
GtkWidget *gtk_button_new_from_icon_name(const char *icon_name);
GtkWidget *gtk_button_new_with_label(const char *label);
void gtk_button_set_icon_name(GtkButton *button, const char *icon_name);
GtkWidget *gtk_image_new_from_file(const char *filename);
GtkWidget *gtk_image_new_from_icon_name(const char *icon_name);
void gtk_image_set_from_pixbuf(GtkImage *image, GdkPixbuf *pixbuf);
void gtk_image_set_pixel_size(GtkImage *image, int pixel_size);
GtkWidget *gtk_separator_new(GtkOrientation orientation);
gboolean gtk_widget_get_visible(GtkWidget *widget);
gboolean gtk_switch_get_active(GtkSwitch *self);
GtkWidget *gtk_switch_new(void);
void gtk_switch_set_active(GtkSwitch *self, gboolean is_active);
gboolean gtk_toggle_button_get_active(GtkToggleButton *toggle_button);
GtkWidget *gtk_toggle_button_new(void);
void gtk_toggle_button_set_active(GtkToggleButton *toggle_button, gboolean is_active);
void gtk_toggle_button_set_group(GtkToggleButton *toggle_button, GtkToggleButton *group);
void gtk_widget_add_css_class(GtkWidget *widget, const char *css_class);
GtkWidget *gtk_widget_get_parent(GtkWidget *widget);
void gtk_widget_set_hexpand(GtkWidget *widget, gboolean expand);
void gtk_widget_set_opacity(GtkWidget *widget, double opacity);
void gtk_widget_set_sensitive(GtkWidget *widget, gboolean sensitive);
void gtk_widget_set_size_request(GtkWidget *widget, int width, int height);
void gtk_widget_set_valign(GtkWidget *widget, GtkAlign align);
void gtk_widget_set_vexpand(GtkWidget *widget, gboolean expand);
void gtk_widget_set_visible(GtkWidget *widget, gboolean visible);
void gtk_window_present(GtkWindow *window);
void gtk_window_set_transient_for(GtkWindow *window, GtkWindow *parent);
const char *gtk_editable_get_text(GtkEditable *editable);
GtkWidget *gtk_search_entry_new(void);
GtkWidget *gtk_menu_button_new(void);
void gtk_menu_button_set_icon_name(GtkMenuButton *menu_button, const char *icon_name);
void gtk_menu_button_set_menu_model(GtkMenuButton *menu_button, GMenuModel *menu_model);
void gtk_window_set_default_size(GtkWindow *window, int width, int height);
void gtk_window_set_icon_name(GtkWindow *window, const char *name);
void gtk_window_set_title(GtkWindow *window, const char *title);
void gtk_accessible_update_property(GtkAccessible *self, GtkAccessibleProperty first_property, ...);
void gtk_accessible_update_state(GtkAccessible *self, GtkAccessibleState first_state, ...);

// libadwaita (adw-*.h)
GtkWidget *adw_about_window_new(void);
void adw_about_window_set_application_icon(AdwAboutWindow *self, const char *application_icon);
void adw_about_window_set_application_name(AdwAboutWindow *self, const char *application_name);
void adw_about_window_set_comments(AdwAboutWindow *self, const char *comments);
void adw_about_window_set_developer_name(AdwAboutWindow *self, const char *developer_name);
void adw_about_window_set_license_type(AdwAboutWindow *self, GtkLicense license_type);
void adw_about_window_set_version(AdwAboutWindow *self, const char *version);
void adw_about_window_set_website(AdwAboutWindow *self, const char *website);
void adw_header_bar_pack_end(AdwHeaderBar *self, GtkWidget *widget);
void adw_action_row_add_prefix(AdwActionRow *self, GtkWidget *widget);
void adw_action_row_add_suffix(AdwActionRow *self, GtkWidget *widget);
GtkWidget *adw_action_row_new(void);
void adw_action_row_set_activatable_widget(AdwActionRow *self, GtkWidget *widget);
void adw_action_row_set_subtitle(AdwActionRow *self, const char *subtitle);
void adw_action_row_set_subtitle_lines(AdwActionRow *self, int subtitle_lines);
AdwApplication *adw_application_new(const char *application_id, GApplicationFlags flags);
GtkWidget *adw_application_window_new(GtkApplication *app);
void adw_application_window_set_content(AdwApplicationWindow *self, GtkWidget *content);
GtkWidget *adw_header_bar_new(void);
void adw_header_bar_pack_start(AdwHeaderBar *self, GtkWidget *child);
void adw_header_bar_set_title_widget(AdwHeaderBar *self, GtkWidget *title_widget);
AdwLeafletPage *adw_leaflet_append(AdwLeaflet *self, GtkWidget *child);
gboolean adw_leaflet_get_folded(AdwLeaflet *self);
GtkWidget *adw_leaflet_new(void);
void adw_leaflet_page_set_navigatable(AdwLeafletPage *self, gboolean navigatable);
void adw_leaflet_set_can_navigate_back(AdwLeaflet *self, gboolean can_navigate_back);
void adw_leaflet_set_visible_child(AdwLeaflet *self, GtkWidget *visible_child);
void adw_preferences_group_add(AdwPreferencesGroup *self, GtkWidget *child);
GtkWidget *adw_preferences_group_new(void);
void adw_preferences_group_set_description(AdwPreferencesGroup *self, const char *description);
void adw_preferences_group_set_title(AdwPreferencesGroup *self, const char *title);
void adw_preferences_page_add(AdwPreferencesPage *self, AdwPreferencesGroup *group);
GtkWidget *adw_preferences_page_new(void);
void adw_preferences_page_remove(AdwPreferencesPage *self, AdwPreferencesGroup *group);
void adw_preferences_row_set_title(AdwPreferencesRow *self, const char *title);
void adw_preferences_row_set_use_markup(AdwPreferencesRow *self, gboolean use_markup);
GtkWidget *adw_window_title_new(const char *title, const char *subtitle);
void adw_window_title_set_subtitle(AdwWindowTitle *self, const char *subtitle);
void adw_window_title_set_title(AdwWindowTitle *self, const char *title);

// g_signal_connect for any handler: `handler` is a C function of the signal's signature,
// `data` released by `destroy` when the handler is disconnected or the instance finalized.
static inline gulong cgtk_signal_connect(gpointer instance, const char *signal, GCallback handler,
                                         gpointer data, GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, (GConnectFlags)0);
}

// The accessible label (what a screen reader says) of a widget.
static inline void cgtk_set_accessible_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property((GtkAccessible *)widget, CGTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

// Whether assistive technologies see a widget as disabled: GTK 4.8 does not tell them when a
// widget is made insensitive, so the app says it too.
static inline void cgtk_set_accessible_disabled(GtkWidget *widget, gboolean disabled) {
    gtk_accessible_update_state((GtkAccessible *)widget, CGTK_ACCESSIBLE_STATE_DISABLED, disabled, -1);
}

#endif

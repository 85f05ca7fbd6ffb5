/* orientd-gtk.h: liborientd-gtk, one call that ties a GtkWindow to an orientd scene.
 * SPDX-License-Identifier: MIT */
#pragma once

#include <gtk/gtk.h>
#include <orientd.h>

G_BEGIN_DECLS

void orientd_gtk_register_window (OrientdClient *client, GtkWindow *window, OrientdOrientationMask supported,
                                  GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data);
OrientdScene *orientd_gtk_register_window_finish (GAsyncResult *result, GError **error);
OrientdScene *orientd_gtk_register_window_sync (OrientdClient *client, GtkWindow *window,
                                                OrientdOrientationMask supported, GCancellable *cancellable,
                                                GError **error);

G_END_DECLS

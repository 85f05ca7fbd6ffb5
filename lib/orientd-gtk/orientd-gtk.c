/* orientd-gtk.c: a GtkWindow's scene, kept in step with the window: its app id from the
 * window's GApplication (what the compositor reports), its size, its activation state, and
 * unregistered when the window is destroyed.
 * SPDX-License-Identifier: MIT */
#include "orientd-gtk.h"

/* What ties a window to its scene; the window's data, freed with it. */
typedef struct
{
  OrientdScene *scene;
  GtkWindow *window;
  gulong handlers[6];
  gulong toplevels_handler;
} Tie;

static void
report (GObject *source, GAsyncResult *result, gpointer what)
{
  g_autoptr (GError) error = NULL;
  gboolean done = g_str_equal (what, "geometry")
                    ? orientd_scene_set_geometry_finish (ORIENTD_SCENE (source), result, &error)
                    : orientd_scene_set_activation_state_finish (ORIENTD_SCENE (source), result, &error);

  if (!done && !g_error_matches (error, ORIENTD_ERROR, ORIENTD_ERROR_NOT_REGISTERED))
    g_warning ("orientd: the window's %s was not passed on: %s", (const char *) what, error->message);
}

static void
size_changed (GtkWindow *window, GParamSpec *pspec, Tie *tie)
{
  int width = 0, height = 0;

  gtk_window_get_default_size (window, &width, &height);
  if (width > 0 && height > 0 && orientd_scene_get_registered (tie->scene) &&
      ((guint) width != orientd_scene_get_width (tie->scene) || (guint) height != orientd_scene_get_height (tie->scene)))
    orientd_scene_set_geometry (tie->scene, MIN (width, 100000), MIN (height, 100000), NULL, report, "geometry");
}

static OrientdActivationState
window_state (GtkWindow *window)
{
  gboolean suspended = FALSE;

  /* GTK 4.12 and later say when the compositor hides the window; earlier ones do not. */
  if (g_object_class_find_property (G_OBJECT_GET_CLASS (window), "suspended") != NULL)
    g_object_get (window, "suspended", &suspended, NULL);
  if (!gtk_widget_get_visible (GTK_WIDGET (window)) || suspended)
    return ORIENTD_ACTIVATION_STATE_BACKGROUND;
  return gtk_window_is_active (window) ? ORIENTD_ACTIVATION_STATE_FOREGROUND_ACTIVE
                                       : ORIENTD_ACTIVATION_STATE_FOREGROUND_INACTIVE;
}

static void
state_changed (GtkWindow *window, GParamSpec *pspec, Tie *tie)
{
  OrientdActivationState state = window_state (window);

  if (orientd_scene_get_registered (tie->scene) && state != orientd_scene_get_activation_state (tie->scene))
    orientd_scene_set_activation_state (tie->scene, state, NULL, report, "activation state");
}

static void
window_destroyed (GtkWindow *window, Tie *tie)
{
  if (orientd_scene_get_registered (tie->scene))
    orientd_scene_unregister (tie->scene, NULL, NULL, NULL);
}

/* gtk_window_destroy () takes the window off the toplevels; "destroy" comes only once the
 * last reference goes, which a binding may keep. */
static void
toplevels_changed (GListModel *toplevels, guint position, guint removed, guint added, Tie *tie)
{
  guint n = g_list_model_get_n_items (toplevels);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (toplevels, i);

      if (item == (GObject *) tie->window)
        return;
    }
  g_signal_handler_disconnect (toplevels, tie->toplevels_handler);
  tie->toplevels_handler = 0;
  window_destroyed (tie->window, tie);
}

static void
tie_free (Tie *tie)
{
  if (tie->toplevels_handler != 0)
    g_signal_handler_disconnect (gtk_window_get_toplevels (), tie->toplevels_handler);
  g_object_unref (tie->scene);
  g_free (tie);
}

static void
tie (GtkWindow *window, OrientdScene *scene)
{
  Tie *tie = g_new0 (Tie, 1);

  tie->scene = g_object_ref (scene);
  tie->window = window;
  tie->handlers[0] = g_signal_connect (window, "notify::default-width", G_CALLBACK (size_changed), tie);
  tie->handlers[1] = g_signal_connect (window, "notify::default-height", G_CALLBACK (size_changed), tie);
  tie->handlers[2] = g_signal_connect (window, "notify::is-active", G_CALLBACK (state_changed), tie);
  tie->handlers[3] = g_signal_connect (window, "notify::visible", G_CALLBACK (state_changed), tie);
  if (g_object_class_find_property (G_OBJECT_GET_CLASS (window), "suspended") != NULL)
    tie->handlers[4] = g_signal_connect (window, "notify::suspended", G_CALLBACK (state_changed), tie);
  tie->handlers[5] = g_signal_connect (window, "destroy", G_CALLBACK (window_destroyed), tie);
  tie->toplevels_handler = g_signal_connect (gtk_window_get_toplevels (), "items-changed",
                                             G_CALLBACK (toplevels_changed), tie);
  g_object_set_data_full (G_OBJECT (window), "orientd-gtk-tie", tie, (GDestroyNotify) tie_free);
  size_changed (window, NULL, tie);
  state_changed (window, NULL, tie);
}

static void
registered (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  GError *error = NULL;
  OrientdScene *scene = orientd_client_register_scene_with_options_finish (ORIENTD_CLIENT (source), result, &error);
  GtkWindow *window = g_task_get_task_data (task);

  if (scene == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  tie (window, scene);
  g_task_return_pointer (task, scene, g_object_unref);
}

/**
 * orientd_gtk_register_window:
 * @client: a client
 * @window: a window of a #GtkApplication with an application id
 * @supported: the app's supported orientations, or %ORIENTD_ORIENTATION_MASK_NONE for
 *   its desktop entry's (else the idiom's default)
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the window's scene is registered
 * @user_data: data for @callback
 *
 * Registers @window as a scene under its application's id (the id the compositor reports,
 * so orientd matches the scene to the window), with the window's size, and keeps the scene
 * in step: the size as the window is resized, the activation state from whether the window
 * is active, shown and (GTK 4.12 and later) not suspended; the scene is unregistered when
 * the window is destroyed. A window without an application (or one without an id) is
 * %ORIENTD_ERROR_INVALID_ARGS, saying so.
 */
void
orientd_gtk_register_window (OrientdClient *client, GtkWindow *window, OrientdOrientationMask supported,
                             GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  GTask *task;
  GtkApplication *application;
  const char *app_id;
  g_autoptr (OrientdSceneOptions) options = NULL;
  int width = 0, height = 0;

  g_return_if_fail (ORIENTD_IS_CLIENT (client));
  g_return_if_fail (GTK_IS_WINDOW (window));
  task = g_task_new (client, cancellable, callback, user_data);
  g_task_set_source_tag (task, orientd_gtk_register_window);
  g_task_set_task_data (task, g_object_ref (window), g_object_unref);
  application = gtk_window_get_application (window);
  app_id = application != NULL ? g_application_get_application_id (G_APPLICATION (application)) : NULL;
  if (app_id == NULL)
    {
      g_task_return_new_error (task, ORIENTD_ERROR, ORIENTD_ERROR_INVALID_ARGS,
                               "the window has no application with an id: give it its GtkApplication "
                               "(gtk_window_set_application), whose id is the app id the compositor reports");
      g_object_unref (task);
      return;
    }
  options = orientd_scene_options_new (app_id);
  orientd_scene_options_set_supported_orientations (options, supported);
  gtk_window_get_default_size (window, &width, &height);
  if (width > 0 && height > 0)
    orientd_scene_options_set_size (options, MIN (width, 100000), MIN (height, 100000));
  orientd_client_register_scene_with_options (client, options, cancellable, registered, task);
}

/**
 * orientd_gtk_register_window_finish:
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Finishes orientd_gtk_register_window().
 *
 * Returns: (transfer full): the window's scene, or %NULL with @error set
 */
OrientdScene *
orientd_gtk_register_window_finish (GAsyncResult *result, GError **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
store (GObject *source, GAsyncResult *result, gpointer slot)
{
  *(GAsyncResult **) slot = g_object_ref (result);
}

/**
 * orientd_gtk_register_window_sync:
 * @client: a client
 * @window: a window of a #GtkApplication with an application id
 * @supported: the app's supported orientations, or %ORIENTD_ORIENTATION_MASK_NONE
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * As orientd_gtk_register_window(), blocking.
 *
 * Returns: (transfer full): the window's scene, or %NULL with @error set
 */
OrientdScene *
orientd_gtk_register_window_sync (OrientdClient *client, GtkWindow *window, OrientdOrientationMask supported,
                                  GCancellable *cancellable, GError **error)
{
  g_autoptr (GMainContext) context = g_main_context_new ();
  GAsyncResult *result = NULL;
  OrientdScene *scene;

  g_main_context_push_thread_default (context);
  orientd_gtk_register_window (client, window, supported, cancellable, store, &result);
  while (result == NULL)
    g_main_context_iteration (context, TRUE);
  g_main_context_pop_thread_default (context);
  scene = orientd_gtk_register_window_finish (result, error);
  g_object_unref (result);
  return scene;
}

/* orientd-scene-options.c: RegisterScene's options vardict.
 * SPDX-License-Identifier: MIT */
#include "orientd-private.h"

/**
 * OrientdSceneOptions:
 *
 * How a window registers as a scene (RegisterScene's options): its app id (the id the
 * compositor reports for the window: the GApplication id), and what is not the default.
 */
struct _OrientdSceneOptions
{
  GObject parent_instance;
  char *app_id;
  char *display;
  gboolean has_idiom, detached;
  OrientdIdiom idiom;
  OrientdOrientationMask supported, scene_delegate, app_delegate;
  guint width, height;
};

G_DEFINE_FINAL_TYPE (OrientdSceneOptions, orientd_scene_options, G_TYPE_OBJECT)

static void
orientd_scene_options_finalize (GObject *object)
{
  OrientdSceneOptions *self = ORIENTD_SCENE_OPTIONS (object);

  g_free (self->app_id);
  g_free (self->display);
  G_OBJECT_CLASS (orientd_scene_options_parent_class)->finalize (object);
}

static void
orientd_scene_options_class_init (OrientdSceneOptionsClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = orientd_scene_options_finalize;
}

static void
orientd_scene_options_init (OrientdSceneOptions *self)
{
}

/**
 * orientd_scene_options_new:
 * @app_id: the app's id, 1–255 characters of A-Z a-z 0-9 . _ - (for a GTK app, its
 *   GApplication id, which is what the compositor reports for its windows)
 *
 * Options with orientd's defaults for the rest.
 *
 * Returns: (transfer full): new #OrientdSceneOptions
 */
OrientdSceneOptions *
orientd_scene_options_new (const char *app_id)
{
  OrientdSceneOptions *self;

  g_return_val_if_fail (app_id != NULL, NULL);
  self = g_object_new (ORIENTD_TYPE_SCENE_OPTIONS, NULL);
  self->app_id = g_strdup (app_id);
  return self;
}

/**
 * orientd_scene_options_set_idiom:
 * @self: options
 * @idiom: %ORIENTD_IDIOM_PHONE (the default) or %ORIENTD_IDIOM_PAD
 *
 * The idiom: its default masks and sizes, and split view on a pad.
 */
void
orientd_scene_options_set_idiom (OrientdSceneOptions *self, OrientdIdiom idiom)
{
  g_return_if_fail (ORIENTD_IS_SCENE_OPTIONS (self));
  self->has_idiom = TRUE;
  self->idiom = idiom;
}

/**
 * orientd_scene_options_set_supported_orientations:
 * @self: options
 * @mask: the app's supported orientations (Info.plist's), or
 *   %ORIENTD_ORIENTATION_MASK_NONE for the app's desktop entry, else the idiom's default
 *
 * The app's supported orientations, fixed for the life of the scene.
 */
void
orientd_scene_options_set_supported_orientations (OrientdSceneOptions *self, OrientdOrientationMask mask)
{
  g_return_if_fail (ORIENTD_IS_SCENE_OPTIONS (self));
  self->supported = mask;
}

/**
 * orientd_scene_options_set_window_orientations:
 * @self: options
 * @scene_delegate: the scene delegate's mask, %ORIENTD_ORIENTATION_MASK_NONE for none
 * @app_delegate: the app delegate's mask, %ORIENTD_ORIENTATION_MASK_NONE for none
 *
 * The window policy at registration (see orientd_scene_set_window_orientations()).
 */
void
orientd_scene_options_set_window_orientations (OrientdSceneOptions *self, OrientdOrientationMask scene_delegate,
                                               OrientdOrientationMask app_delegate)
{
  g_return_if_fail (ORIENTD_IS_SCENE_OPTIONS (self));
  self->scene_delegate = scene_delegate;
  self->app_delegate = app_delegate;
}

/**
 * orientd_scene_options_set_size:
 * @self: options
 * @width: the window's width in points, 1–100000, or 0 for the idiom's default
 * @height: the window's height in points, 1–100000, or 0 for the idiom's default
 *
 * The window's size at registration.
 */
void
orientd_scene_options_set_size (OrientdSceneOptions *self, guint width, guint height)
{
  g_return_if_fail (ORIENTD_IS_SCENE_OPTIONS (self));
  self->width = width;
  self->height = height;
}

/**
 * orientd_scene_options_set_display:
 * @self: options
 * @display: (nullable): the display the window is on; %NULL for "builtin"
 *
 * Only scenes on "builtin" follow the device.
 */
void
orientd_scene_options_set_display (OrientdSceneOptions *self, const char *display)
{
  g_return_if_fail (ORIENTD_IS_SCENE_OPTIONS (self));
  g_free (self->display);
  self->display = g_strdup (display);
}

/**
 * orientd_scene_options_set_detached:
 * @self: options
 * @detached: whether the scene outlives the connection (for scripts)
 *
 * A detached scene has no owner: any client may change it, and only
 * orientd_scene_unregister() removes it.
 */
void
orientd_scene_options_set_detached (OrientdSceneOptions *self, gboolean detached)
{
  g_return_if_fail (ORIENTD_IS_SCENE_OPTIONS (self));
  self->detached = detached;
}

/* RegisterScene's a{sv}, floating. */
GVariant *
orientd_scene_options_to_variant (OrientdSceneOptions *self)
{
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&builder, "{sv}", "app-id", g_variant_new_string (self->app_id));
  if (self->has_idiom)
    g_variant_builder_add (&builder, "{sv}", "idiom",
                           g_variant_new_string (orientd_wire_nick (ORIENTD_TYPE_IDIOM, self->idiom)));
  if (self->supported != 0)
    g_variant_builder_add (&builder, "{sv}", "supported-orientations", orientd_wire_mask_to_variant (self->supported));
  if (self->scene_delegate != 0)
    g_variant_builder_add (&builder, "{sv}", "scene-delegate-orientations",
                           orientd_wire_mask_to_variant (self->scene_delegate));
  if (self->app_delegate != 0)
    g_variant_builder_add (&builder, "{sv}", "app-delegate-orientations",
                           orientd_wire_mask_to_variant (self->app_delegate));
  if (self->width != 0)
    g_variant_builder_add (&builder, "{sv}", "width", g_variant_new_uint32 (self->width));
  if (self->height != 0)
    g_variant_builder_add (&builder, "{sv}", "height", g_variant_new_uint32 (self->height));
  if (self->display != NULL)
    g_variant_builder_add (&builder, "{sv}", "display", g_variant_new_string (self->display));
  if (self->detached)
    g_variant_builder_add (&builder, "{sv}", "detached", g_variant_new_boolean (TRUE));
  return g_variant_builder_end (&builder);
}

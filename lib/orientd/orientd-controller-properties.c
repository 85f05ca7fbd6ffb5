/* orientd-controller-properties.c: a controller's declaration, as the contract's vardict.
 * SPDX-License-Identifier: MIT */
#include "orientd-private.h"

/**
 * OrientdControllerProperties:
 *
 * What a view controller declares: UIKit's supportedInterfaceOrientations,
 * preferredInterfaceOrientationForPresentation, shouldAutorotate, and whether a presented
 * controller fills the window and a container forwards the decision to its child, and iOS
 * 26's prefersInterfaceOrientationLocked. Only what is set is sent; orientd's defaults hold
 * for the rest.
 */
struct _OrientdControllerProperties
{
  GObject parent_instance;
  guint has_mask : 1, has_preferred : 1, has_autorotate : 1, has_fills : 1, has_forwards : 1, has_locked : 1;
  guint autorotate : 1, fills : 1, forwards : 1, prefers_locked : 1;
  OrientdOrientationMask mask;
  OrientdInterfaceOrientation preferred;
};

G_DEFINE_FINAL_TYPE (OrientdControllerProperties, orientd_controller_properties, G_TYPE_OBJECT)

static void
orientd_controller_properties_class_init (OrientdControllerPropertiesClass *klass)
{
}

static void
orientd_controller_properties_init (OrientdControllerProperties *self)
{
}

/**
 * orientd_controller_properties_new:
 *
 * A declaration that sets nothing: orientd's defaults.
 *
 * Returns: (transfer full): a new #OrientdControllerProperties
 */
OrientdControllerProperties *
orientd_controller_properties_new (void)
{
  return g_object_new (ORIENTD_TYPE_CONTROLLER_PROPERTIES, NULL);
}

/**
 * orientd_controller_properties_set_supported_orientations:
 * @self: a #OrientdControllerProperties
 * @mask: the orientations the controller supports, at least one
 *
 * UIKit's supportedInterfaceOrientations (`supported-orientations`).
 */
void
orientd_controller_properties_set_supported_orientations (OrientdControllerProperties *self,
                                                          OrientdOrientationMask mask)
{
  g_return_if_fail (ORIENTD_IS_CONTROLLER_PROPERTIES (self));
  self->has_mask = TRUE;
  self->mask = mask;
}

/**
 * orientd_controller_properties_set_preferred_orientation:
 * @self: a #OrientdControllerProperties
 * @orientation: the orientation to present in, or %ORIENTD_INTERFACE_ORIENTATION_UNKNOWN
 *   to clear it
 *
 * UIKit's preferredInterfaceOrientationForPresentation (`preferred-orientation`); it must
 * lie within the controller's own mask.
 */
void
orientd_controller_properties_set_preferred_orientation (OrientdControllerProperties *self,
                                                         OrientdInterfaceOrientation orientation)
{
  g_return_if_fail (ORIENTD_IS_CONTROLLER_PROPERTIES (self));
  self->has_preferred = TRUE;
  self->preferred = orientation;
}

/**
 * orientd_controller_properties_set_should_autorotate:
 * @self: a #OrientdControllerProperties
 * @autorotate: whether the controller follows the device (the default)
 *
 * UIKit's shouldAutorotate (`should-autorotate`).
 */
void
orientd_controller_properties_set_should_autorotate (OrientdControllerProperties *self, gboolean autorotate)
{
  g_return_if_fail (ORIENTD_IS_CONTROLLER_PROPERTIES (self));
  self->has_autorotate = TRUE;
  self->autorotate = !!autorotate;
}

/**
 * orientd_controller_properties_set_fills_window:
 * @self: a #OrientdControllerProperties
 * @fills: %TRUE (the default) for a full-screen presentation, %FALSE for a sheet
 *
 * Whether a presented controller takes over the decision (`fills-window`).
 */
void
orientd_controller_properties_set_fills_window (OrientdControllerProperties *self, gboolean fills)
{
  g_return_if_fail (ORIENTD_IS_CONTROLLER_PROPERTIES (self));
  self->has_fills = TRUE;
  self->fills = !!fills;
}

/**
 * orientd_controller_properties_set_forwards_orientation:
 * @self: a #OrientdControllerProperties
 * @forwards: %TRUE (the default): a container hands the decision to its child on screen
 *
 * Whether a navigation or tab controller forwards the decision (`forwards-orientation`).
 */
void
orientd_controller_properties_set_forwards_orientation (OrientdControllerProperties *self, gboolean forwards)
{
  g_return_if_fail (ORIENTD_IS_CONTROLLER_PROPERTIES (self));
  self->has_forwards = TRUE;
  self->forwards = !!forwards;
}

/**
 * orientd_controller_properties_set_prefers_orientation_locked:
 * @self: a #OrientdControllerProperties
 * @prefers_locked: %TRUE to ask that the scene keep its current orientation (a camera's
 *   capture screen); %FALSE, the default, to follow the device
 *
 * iOS 26's prefersInterfaceOrientationLocked (`prefers-orientation-locked`). orientd
 * honours it while the scene is foreground-active, not in split view, and apps may lock
 * the orientation (#OrientdClient:app-locks-allowed); the scene's
 * #OrientdScene:orientation-locked says when it does. Apply a change with
 * orientd_scene_set_controller_properties() and orientd_scene_update_orientation(), as UIKit's
 * setNeedsUpdateOfPrefersInterfaceOrientationLocked does. Needs orientd's interface
 * version 6: an older orientd refuses the key.
 */
void
orientd_controller_properties_set_prefers_orientation_locked (OrientdControllerProperties *self,
                                                              gboolean prefers_locked)
{
  g_return_if_fail (ORIENTD_IS_CONTROLLER_PROPERTIES (self));
  self->has_locked = TRUE;
  self->prefers_locked = !!prefers_locked;
}

/**
 * orientd_controller_properties_get_prefers_orientation_locked:
 * @self: a #OrientdControllerProperties
 *
 * Returns: whether the declaration asks to keep the scene's orientation (%FALSE, orientd's
 *   default, when not set)
 */
gboolean
orientd_controller_properties_get_prefers_orientation_locked (OrientdControllerProperties *self)
{
  g_return_val_if_fail (ORIENTD_IS_CONTROLLER_PROPERTIES (self), FALSE);
  return self->has_locked && self->prefers_locked;
}

/* The contract's a{sv}, floating; an empty one for NULL. */
GVariant *
orientd_controller_properties_to_variant (OrientdControllerProperties *self)
{
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE_VARDICT);
  if (self == NULL)
    return g_variant_builder_end (&builder);
  if (self->has_autorotate)
    g_variant_builder_add (&builder, "{sv}", "should-autorotate", g_variant_new_boolean (self->autorotate));
  if (self->has_mask)
    g_variant_builder_add (&builder, "{sv}", "supported-orientations", orientd_wire_mask_to_variant (self->mask));
  if (self->has_preferred)
    {
      const char *nick = orientd_wire_nick (ORIENTD_TYPE_INTERFACE_ORIENTATION, self->preferred);

      g_variant_builder_add (&builder, "{sv}", "preferred-orientation",
                             g_variant_new_string (self->preferred == ORIENTD_INTERFACE_ORIENTATION_UNKNOWN || nick == NULL ? "" : nick));
    }
  if (self->has_fills)
    g_variant_builder_add (&builder, "{sv}", "fills-window", g_variant_new_boolean (self->fills));
  if (self->has_forwards)
    g_variant_builder_add (&builder, "{sv}", "forwards-orientation", g_variant_new_boolean (self->forwards));
  if (self->has_locked)
    g_variant_builder_add (&builder, "{sv}", "prefers-orientation-locked", g_variant_new_boolean (self->prefers_locked));
  return g_variant_builder_end (&builder);
}

/* orientd-enums.h: the contract's values as C enums and flags.
 * SPDX-License-Identifier: MIT */
#pragma once

#if !defined(__ORIENTD_H_INSIDE__) && !defined(ORIENTD_COMPILATION)
#error "Only <orientd.h> can be included directly."
#endif

#include <glib.h>

G_BEGIN_DECLS

/**
 * OrientdOrientationMask:
 * @ORIENTD_ORIENTATION_MASK_NONE: no orientation (a mask not given)
 * @ORIENTD_ORIENTATION_MASK_PORTRAIT: "portrait"
 * @ORIENTD_ORIENTATION_MASK_PORTRAIT_UPSIDE_DOWN: "portrait-upside-down"
 * @ORIENTD_ORIENTATION_MASK_LANDSCAPE_RIGHT: "landscape-right"
 * @ORIENTD_ORIENTATION_MASK_LANDSCAPE_LEFT: "landscape-left"
 * @ORIENTD_ORIENTATION_MASK_LANDSCAPE: both landscape orientations
 * @ORIENTD_ORIENTATION_MASK_ALL_BUT_UPSIDE_DOWN: all but "portrait-upside-down"
 * @ORIENTD_ORIENTATION_MASK_ALL: the four orientations
 *
 * A set of interface orientations (UIKit's UIInterfaceOrientationMask, with its bit
 * values, the same as the scene's SupportedOrientationsMask property on the bus).
 */
typedef enum /*< flags >*/
{
  ORIENTD_ORIENTATION_MASK_NONE = 0,
  ORIENTD_ORIENTATION_MASK_PORTRAIT = 1 << 1,
  ORIENTD_ORIENTATION_MASK_PORTRAIT_UPSIDE_DOWN = 1 << 2,
  ORIENTD_ORIENTATION_MASK_LANDSCAPE_RIGHT = 1 << 3,
  ORIENTD_ORIENTATION_MASK_LANDSCAPE_LEFT = 1 << 4,
  ORIENTD_ORIENTATION_MASK_LANDSCAPE = (1 << 3) | (1 << 4),
  ORIENTD_ORIENTATION_MASK_ALL_BUT_UPSIDE_DOWN = (1 << 1) | (1 << 3) | (1 << 4),
  ORIENTD_ORIENTATION_MASK_ALL = (1 << 1) | (1 << 2) | (1 << 3) | (1 << 4),
} OrientdOrientationMask;

/**
 * OrientdInterfaceOrientation:
 * @ORIENTD_INTERFACE_ORIENTATION_UNKNOWN: not known (a value orientd did not send, or
 *   none, such as an empty OutputOrientation)
 * @ORIENTD_INTERFACE_ORIENTATION_PORTRAIT: "portrait"
 * @ORIENTD_INTERFACE_ORIENTATION_PORTRAIT_UPSIDE_DOWN: "portrait-upside-down"
 * @ORIENTD_INTERFACE_ORIENTATION_LANDSCAPE_RIGHT: "landscape-right"
 * @ORIENTD_INTERFACE_ORIENTATION_LANDSCAPE_LEFT: "landscape-left"
 *
 * An interface orientation (UIKit's UIInterfaceOrientation, with its values).
 */
typedef enum
{
  ORIENTD_INTERFACE_ORIENTATION_UNKNOWN = 0,
  ORIENTD_INTERFACE_ORIENTATION_PORTRAIT = 1,
  ORIENTD_INTERFACE_ORIENTATION_PORTRAIT_UPSIDE_DOWN = 2,
  ORIENTD_INTERFACE_ORIENTATION_LANDSCAPE_RIGHT = 3,
  ORIENTD_INTERFACE_ORIENTATION_LANDSCAPE_LEFT = 4,
} OrientdInterfaceOrientation;

/**
 * OrientdDeviceOrientation:
 * @ORIENTD_DEVICE_ORIENTATION_UNKNOWN: "unknown"
 * @ORIENTD_DEVICE_ORIENTATION_PORTRAIT: "portrait"
 * @ORIENTD_DEVICE_ORIENTATION_PORTRAIT_UPSIDE_DOWN: "portrait-upside-down"
 * @ORIENTD_DEVICE_ORIENTATION_LANDSCAPE_LEFT: "landscape-left" (the bottom edge on the right)
 * @ORIENTD_DEVICE_ORIENTATION_LANDSCAPE_RIGHT: "landscape-right"
 * @ORIENTD_DEVICE_ORIENTATION_FACE_UP: "face-up"
 * @ORIENTD_DEVICE_ORIENTATION_FACE_DOWN: "face-down"
 *
 * How the device is held (UIKit's UIDeviceOrientation, with its values). Device
 * "landscape-left" is interface "landscape-right" and the reverse.
 */
typedef enum
{
  ORIENTD_DEVICE_ORIENTATION_UNKNOWN = 0,
  ORIENTD_DEVICE_ORIENTATION_PORTRAIT = 1,
  ORIENTD_DEVICE_ORIENTATION_PORTRAIT_UPSIDE_DOWN = 2,
  ORIENTD_DEVICE_ORIENTATION_LANDSCAPE_LEFT = 3,
  ORIENTD_DEVICE_ORIENTATION_LANDSCAPE_RIGHT = 4,
  ORIENTD_DEVICE_ORIENTATION_FACE_UP = 5,
  ORIENTD_DEVICE_ORIENTATION_FACE_DOWN = 6,
} OrientdDeviceOrientation;

/**
 * OrientdControllerKind:
 * @ORIENTD_CONTROLLER_KIND_VIEW: "view", a plain view controller
 * @ORIENTD_CONTROLLER_KIND_NAVIGATION: "navigation", a stack whose top child is on screen
 * @ORIENTD_CONTROLLER_KIND_TAB: "tab", a set of children of which the selected one is on screen
 *
 * The kind of a view controller.
 */
typedef enum
{
  ORIENTD_CONTROLLER_KIND_VIEW,
  ORIENTD_CONTROLLER_KIND_NAVIGATION,
  ORIENTD_CONTROLLER_KIND_TAB,
} OrientdControllerKind;

/**
 * OrientdOrientationMode:
 * @ORIENTD_ORIENTATION_MODE_NONE: "none", no mode: the declared mask counts
 * @ORIENTD_ORIENTATION_MODE_PORTRAIT: "portrait"
 * @ORIENTD_ORIENTATION_MODE_LANDSCAPE: "landscape", both landscape orientations
 * @ORIENTD_ORIENTATION_MODE_DYNAMIC: "dynamic", all four
 * @ORIENTD_ORIENTATION_MODE_LOCKED: "locked", the orientation the scene has, no autorotation
 *
 * A controller's orientation mode, which replaces its declared mask while set.
 */
typedef enum
{
  ORIENTD_ORIENTATION_MODE_NONE,
  ORIENTD_ORIENTATION_MODE_PORTRAIT,
  ORIENTD_ORIENTATION_MODE_LANDSCAPE,
  ORIENTD_ORIENTATION_MODE_DYNAMIC,
  ORIENTD_ORIENTATION_MODE_LOCKED,
} OrientdOrientationMode;

/**
 * OrientdActivationState:
 * @ORIENTD_ACTIVATION_STATE_UNKNOWN: not known (a value orientd did not send)
 * @ORIENTD_ACTIVATION_STATE_FOREGROUND_ACTIVE: "foreground-active", a new scene's state
 * @ORIENTD_ACTIVATION_STATE_FOREGROUND_INACTIVE: "foreground-inactive"
 * @ORIENTD_ACTIVATION_STATE_BACKGROUND: "background"
 *
 * A scene's activation state (UIKit's UIScene.ActivationState).
 */
typedef enum
{
  ORIENTD_ACTIVATION_STATE_UNKNOWN,
  ORIENTD_ACTIVATION_STATE_FOREGROUND_ACTIVE,
  ORIENTD_ACTIVATION_STATE_FOREGROUND_INACTIVE,
  ORIENTD_ACTIVATION_STATE_BACKGROUND,
} OrientdActivationState;

/**
 * OrientdIdiom:
 * @ORIENTD_IDIOM_PHONE: "phone", the default
 * @ORIENTD_IDIOM_PAD: "pad": other defaults, and split view
 *
 * The kind of device a scene lays out for.
 */
typedef enum
{
  ORIENTD_IDIOM_PHONE,
  ORIENTD_IDIOM_PAD,
} OrientdIdiom;

/**
 * OrientdScreenClass:
 * @ORIENTD_SCREEN_CLASS_UNKNOWN: not known (an orientd before version 6, or a value it
 *   did not send)
 * @ORIENTD_SCREEN_CLASS_PHONE: "phone": a phone's screen (its shorter logical side under
 *   600), always held; the default with no panel
 * @ORIENTD_SCREEN_CLASS_LARGE: "large": a tablet's, a laptop's or a monitor's
 *
 * Which rules an app's declaration meets (the manager's ScreenClass).
 */
typedef enum
{
  ORIENTD_SCREEN_CLASS_UNKNOWN,
  ORIENTD_SCREEN_CLASS_PHONE,
  ORIENTD_SCREEN_CLASS_LARGE,
} OrientdScreenClass;

/**
 * OrientdPosture:
 * @ORIENTD_POSTURE_UNKNOWN: not known (an orientd before version 6, or a value it did
 *   not send)
 * @ORIENTD_POSTURE_HELD: "held": in the hand; the device turns the panel
 * @ORIENTD_POSTURE_DESK: "desk": on a desk (a laptop, a monitor, a docked tablet); only
 *   kiosk mode, the administrator and the user's per-app choices turn the panel
 *
 * How the device is held (the manager's Posture).
 */
typedef enum
{
  ORIENTD_POSTURE_UNKNOWN,
  ORIENTD_POSTURE_HELD,
  ORIENTD_POSTURE_DESK,
} OrientdPosture;

G_END_DECLS

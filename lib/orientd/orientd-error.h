/* orientd-error.h: the error domain of the contract's errors.
 * SPDX-License-Identifier: MIT */
#pragma once

#if !defined(__ORIENTD_H_INSIDE__) && !defined(ORIENTD_COMPILATION)
#error "Only <orientd.h> can be included directly."
#endif

#include <glib.h>

G_BEGIN_DECLS

/**
 * ORIENTD_ERROR:
 *
 * The error domain of liborientd: the contract's D-Bus errors, and what the library
 * itself finds wrong.
 */
#define ORIENTD_ERROR (orientd_error_quark ())

/**
 * OrientdError:
 * @ORIENTD_ERROR_FAILED: another error orientd sent (its D-Bus name is in the message)
 * @ORIENTD_ERROR_UNKNOWN_SCENE: io.github.orientd.OrientationManager1.Error.UnknownScene
 * @ORIENTD_ERROR_UNKNOWN_CONTROLLER: …Error.UnknownController
 * @ORIENTD_ERROR_DUPLICATE_CONTROLLER: …Error.DuplicateController
 * @ORIENTD_ERROR_WRONG_CONTROLLER_KIND: …Error.WrongControllerKind
 * @ORIENTD_ERROR_NO_SUPPORTED_ORIENTATION: …Error.NoSupportedOrientation (the message names both masks)
 * @ORIENTD_ERROR_UNSUPPORTED_ORIENTATION: …Error.UnsupportedOrientation
 * @ORIENTD_ERROR_NOT_PERMITTED: …Error.NotPermitted
 * @ORIENTD_ERROR_LIMIT_EXCEEDED: …Error.LimitExceeded
 * @ORIENTD_ERROR_SAVE_FAILED: …Error.SaveFailed
 * @ORIENTD_ERROR_INVALID_ARGS: org.freedesktop.DBus.Error.InvalidArgs (the message names
 *   the bad value and the valid ones)
 * @ORIENTD_ERROR_ACCESS_DENIED: org.freedesktop.DBus.Error.AccessDenied
 * @ORIENTD_ERROR_NOT_RUNNING: orientd is not on the bus and the bus cannot start it
 * @ORIENTD_ERROR_PROTOCOL: the name's owner answered something the contract does not
 *   allow (the message says what)
 * @ORIENTD_ERROR_NOT_REGISTERED: the scene was unregistered, or orientd restarted and
 *   the scene could not be registered again
 *
 * The errors of #ORIENTD_ERROR.
 */
typedef enum
{
  ORIENTD_ERROR_FAILED,
  ORIENTD_ERROR_UNKNOWN_SCENE,
  ORIENTD_ERROR_UNKNOWN_CONTROLLER,
  ORIENTD_ERROR_DUPLICATE_CONTROLLER,
  ORIENTD_ERROR_WRONG_CONTROLLER_KIND,
  ORIENTD_ERROR_NO_SUPPORTED_ORIENTATION,
  ORIENTD_ERROR_UNSUPPORTED_ORIENTATION,
  ORIENTD_ERROR_NOT_PERMITTED,
  ORIENTD_ERROR_LIMIT_EXCEEDED,
  ORIENTD_ERROR_SAVE_FAILED,
  ORIENTD_ERROR_INVALID_ARGS,
  ORIENTD_ERROR_ACCESS_DENIED,
  ORIENTD_ERROR_NOT_RUNNING,
  ORIENTD_ERROR_PROTOCOL,
  ORIENTD_ERROR_NOT_REGISTERED,
} OrientdError;

GQuark orientd_error_quark (void);

G_END_DECLS

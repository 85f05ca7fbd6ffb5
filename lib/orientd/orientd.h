/* orientd.h: liborientd, the GObject client library of orientd.
 * SPDX-License-Identifier: MIT */
#pragma once

#define __ORIENTD_H_INSIDE__

#include "orientd-version.h"
#include "orientd-enums.h"
#include "orientd-enum-types.h"
#include "orientd-error.h"
#include "orientd-controller-properties.h"
#include "orientd-scene-options.h"
#include "orientd-explain-step.h"
#include "orientd-client.h"
#include "orientd-scene.h"

#undef __ORIENTD_H_INSIDE__

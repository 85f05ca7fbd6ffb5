/* orientd-explain-step.h: one step of Explain's answer.
 * SPDX-License-Identifier: MIT */
#pragma once

#if !defined(__ORIENTD_H_INSIDE__) && !defined(ORIENTD_COMPILATION)
#error "Only <orientd.h> can be included directly."
#endif

#include <glib-object.h>
#include "orientd-enums.h"

G_BEGIN_DECLS

#define ORIENTD_TYPE_EXPLAIN_STEP (orientd_explain_step_get_type ())
G_DECLARE_FINAL_TYPE (OrientdExplainStep, orientd_explain_step, ORIENTD, EXPLAIN_STEP, GObject)

const char *orientd_explain_step_get_name (OrientdExplainStep *self);
OrientdOrientationMask orientd_explain_step_get_mask (OrientdExplainStep *self);
const char *orientd_explain_step_get_sentence (OrientdExplainStep *self);

G_END_DECLS

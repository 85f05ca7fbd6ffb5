/* orientd-explain-step.c: one (name, mask, sentence) of Explain and ExplainPanel.
 * SPDX-License-Identifier: MIT */
#include "orientd-private.h"

/**
 * OrientdExplainStep:
 *
 * One step of a decision as orientd explains it (orientd_scene_explain(),
 * orientd_client_explain_panel()): the layer's name, the mask it left, and a sentence
 * for people (not for parsing).
 */
struct _OrientdExplainStep
{
  GObject parent_instance;
  char *name;
  OrientdOrientationMask mask;
  char *sentence;
};

G_DEFINE_FINAL_TYPE (OrientdExplainStep, orientd_explain_step, G_TYPE_OBJECT)

static void
orientd_explain_step_finalize (GObject *object)
{
  OrientdExplainStep *self = ORIENTD_EXPLAIN_STEP (object);

  g_free (self->name);
  g_free (self->sentence);
  G_OBJECT_CLASS (orientd_explain_step_parent_class)->finalize (object);
}

static void
orientd_explain_step_class_init (OrientdExplainStepClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = orientd_explain_step_finalize;
}

static void
orientd_explain_step_init (OrientdExplainStep *self)
{
}

/* The steps of an a(sass), as a GList of OrientdExplainStep (each one referenced). */
GList *
orientd_explain_steps_from_variant (GVariant *steps)
{
  GList *list = NULL;
  GVariantIter iter;
  const char *name, *sentence;
  GVariant *mask;

  g_variant_iter_init (&iter, steps);
  while (g_variant_iter_next (&iter, "(&s@as&s)", &name, &mask, &sentence))
    {
      OrientdExplainStep *step = g_object_new (ORIENTD_TYPE_EXPLAIN_STEP, NULL);

      step->name = g_strdup (name);
      step->mask = orientd_wire_mask_from_variant (mask);
      step->sentence = g_strdup (sentence);
      g_variant_unref (mask);
      list = g_list_prepend (list, step);
    }
  return g_list_reverse (list);
}

/**
 * orientd_explain_step_get_name:
 * @self: a step
 *
 * Returns: the layer's name, such as "supported-orientations" or "decision"
 */
const char *
orientd_explain_step_get_name (OrientdExplainStep *self)
{
  g_return_val_if_fail (ORIENTD_IS_EXPLAIN_STEP (self), NULL);
  return self->name;
}

/**
 * orientd_explain_step_get_mask:
 * @self: a step
 *
 * Returns: the mask the layer left
 */
OrientdOrientationMask
orientd_explain_step_get_mask (OrientdExplainStep *self)
{
  g_return_val_if_fail (ORIENTD_IS_EXPLAIN_STEP (self), 0);
  return self->mask;
}

/**
 * orientd_explain_step_get_sentence:
 * @self: a step
 *
 * Returns: why, in a sentence for people
 */
const char *
orientd_explain_step_get_sentence (OrientdExplainStep *self)
{
  g_return_val_if_fail (ORIENTD_IS_EXPLAIN_STEP (self), NULL);
  return self->sentence;
}

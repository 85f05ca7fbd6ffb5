/* orientd-scene-ledger.c: what orientd last said about each scene, noted as its signals
 * arrive, before the client's main context hears them.
 * SPDX-License-Identifier: MIT */
#include "orientd-scene-ledger.h"

/* orientd sends a call's signals before its reply. GDBus reads them in its worker thread,
 * where the ledger notes them; a call's reply then catches its scene up from the ledger,
 * so that the scene's properties are current when the call returns, without reading them
 * all again (a GetAll per call cost as much as the call). */

typedef struct
{
  GVariant *value;
  guint32 serial; /* the signal's that said it */
} Said;

typedef struct
{
  char *sender;       /* the unique name that said it */
  GHashTable *values; /* property name → Said */
  guint32 serial;     /* the newest signal's */
} Entry;

struct _OrientdSceneLedger
{
  GMutex lock;
  GHashTable *entries; /* scene path → Entry */
};

static void
said_free (Said *said)
{
  g_variant_unref (said->value);
  g_free (said);
}

static void
entry_free (Entry *entry)
{
  g_free (entry->sender);
  g_hash_table_unref (entry->values);
  g_free (entry);
}

OrientdSceneLedger *
orientd_scene_ledger_new (void)
{
  OrientdSceneLedger *ledger = g_new0 (OrientdSceneLedger, 1);

  g_mutex_init (&ledger->lock);
  ledger->entries = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) entry_free);
  return ledger;
}

void
orientd_scene_ledger_free (OrientdSceneLedger *ledger)
{
  g_hash_table_unref (ledger->entries);
  g_mutex_clear (&ledger->lock);
  g_free (ledger);
}

/* In GDBus's worker thread: @changed (a{sv}) said by @sender about the scene at @path. A new
 * sender (orientd restarted) starts the scene's entry afresh. */
void
orientd_scene_ledger_note (OrientdSceneLedger *ledger, const char *sender, const char *path, GVariant *changed,
                           guint32 serial)
{
  GVariantIter iter;
  char *name;
  GVariant *value;
  Entry *entry;

  if (sender == NULL)
    return;
  g_mutex_lock (&ledger->lock);
  entry = g_hash_table_lookup (ledger->entries, path);
  if (entry != NULL && !g_str_equal (entry->sender, sender))
    {
      g_hash_table_remove (ledger->entries, path);
      entry = NULL;
    }
  if (entry == NULL)
    {
      entry = g_new0 (Entry, 1);
      entry->sender = g_strdup (sender);
      entry->values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) said_free);
      g_hash_table_insert (ledger->entries, g_strdup (path), entry);
    }
  g_variant_iter_init (&iter, changed);
  while (g_variant_iter_next (&iter, "{sv}", &name, &value))
    {
      Said *said = g_new0 (Said, 1);

      said->value = value;
      said->serial = serial;
      g_hash_table_insert (entry->values, name, said);
    }
  entry->serial = MAX (entry->serial, serial);
  g_mutex_unlock (&ledger->lock);
}

/* In the client's context: the signal @serial about @path has been handled, so the entry
 * goes if it holds nothing newer. */
void
orientd_scene_ledger_handled (OrientdSceneLedger *ledger, const char *path, guint32 serial)
{
  Entry *entry;

  g_mutex_lock (&ledger->lock);
  entry = g_hash_table_lookup (ledger->entries, path);
  if (entry != NULL && entry->serial <= serial)
    g_hash_table_remove (ledger->entries, path);
  g_mutex_unlock (&ledger->lock);
}

/* Takes what @owner said about @path after the signal @after and has not been handled yet:
 * an a{sv} (NULL when nothing) and, in @serial, its newest signal's serial. */
GVariant *
orientd_scene_ledger_take (OrientdSceneLedger *ledger, const char *owner, const char *path, guint32 after,
                           guint32 *serial)
{
  GVariantBuilder builder;
  GHashTableIter iter;
  gpointer name, value;
  Entry *entry;
  GVariant *dict = NULL;
  gboolean any = FALSE;

  g_mutex_lock (&ledger->lock);
  entry = g_hash_table_lookup (ledger->entries, path);
  if (entry != NULL && g_strcmp0 (entry->sender, owner) == 0 && entry->serial > after)
    {
      g_variant_builder_init (&builder, G_VARIANT_TYPE_VARDICT);
      g_hash_table_iter_init (&iter, entry->values);
      while (g_hash_table_iter_next (&iter, &name, &value))
        if (((Said *) value)->serial > after)
          {
            g_variant_builder_add (&builder, "{sv}", name, ((Said *) value)->value);
            any = TRUE;
          }
      dict = g_variant_ref_sink (g_variant_builder_end (&builder));
      *serial = entry->serial;
    }
  if (!any)
    g_clear_pointer (&dict, g_variant_unref);
  if (entry != NULL)
    g_hash_table_remove (ledger->entries, path);
  g_mutex_unlock (&ledger->lock);
  return dict;
}

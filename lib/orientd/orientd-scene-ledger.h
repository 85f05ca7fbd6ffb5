/* orientd-scene-ledger.h: what orientd last said about each scene (not exported).
 * SPDX-License-Identifier: MIT */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct _OrientdSceneLedger OrientdSceneLedger;

OrientdSceneLedger *orientd_scene_ledger_new (void);
void orientd_scene_ledger_free (OrientdSceneLedger *ledger);
void orientd_scene_ledger_note (OrientdSceneLedger *ledger, const char *sender, const char *path,
                                GVariant *changed, guint32 serial);
void orientd_scene_ledger_handled (OrientdSceneLedger *ledger, const char *path, guint32 serial);
GVariant *orientd_scene_ledger_take (OrientdSceneLedger *ledger, const char *owner, const char *path,
                                     guint32 after, guint32 *serial);

G_END_DECLS

/* orientd-scene-mirror.c: the controller tree as the app built it, kept from the calls
 * orientd accepted, and the calls that build it again on a restarted orientd (the
 * contract's "When the service restarts").
 * SPDX-License-Identifier: MIT */
#include "orientd-scene-mirror.h"

typedef struct Node Node;

struct Node
{
  char *id;
  char *kind;
  GVariant *properties; /* a{sv}, merged with every SetControllerProperties */
  char *mode;
  GPtrArray *children; /* contained, in order (a stack bottom to top, tabs as added) */
  Node *presented;
  Node *parent;
  char *selected; /* a tab controller's selected child */
};

struct _OrientdSceneMirror
{
  Node *root;
  GHashTable *nodes; /* id → Node, not owned */
};

static void
node_free (Node *node)
{
  g_free (node->id);
  g_free (node->kind);
  g_variant_unref (node->properties);
  g_free (node->mode);
  g_ptr_array_unref (node->children);
  if (node->presented != NULL)
    node_free (node->presented);
  g_free (node->selected);
  g_free (node);
}

static Node *
node_new (OrientdSceneMirror *mirror, const char *id, const char *kind, GVariant *properties)
{
  Node *node = g_new0 (Node, 1);

  node->id = g_strdup (id);
  node->kind = g_strdup (kind);
  node->properties = g_variant_ref_sink (properties);
  node->children = g_ptr_array_new_with_free_func ((GDestroyNotify) node_free);
  g_hash_table_replace (mirror->nodes, node->id, node);
  return node;
}

/* Forgets the ids of a subtree (before it is freed). */
static void
forget (OrientdSceneMirror *mirror, Node *node)
{
  g_hash_table_remove (mirror->nodes, node->id);
  for (guint i = 0; i < node->children->len; i++)
    forget (mirror, node->children->pdata[i]);
  if (node->presented != NULL)
    forget (mirror, node->presented);
}

OrientdSceneMirror *
orientd_scene_mirror_new (void)
{
  OrientdSceneMirror *mirror = g_new0 (OrientdSceneMirror, 1);

  mirror->nodes = g_hash_table_new (g_str_hash, g_str_equal);
  return mirror;
}

void
orientd_scene_mirror_free (OrientdSceneMirror *mirror)
{
  if (mirror->root != NULL)
    node_free (mirror->root);
  g_hash_table_unref (mirror->nodes);
  g_free (mirror);
}

void
orientd_scene_mirror_set_root (OrientdSceneMirror *mirror, const char *id, const char *kind, GVariant *properties)
{
  if (mirror->root != NULL)
    {
      forget (mirror, mirror->root);
      node_free (mirror->root);
    }
  mirror->root = node_new (mirror, id, kind, properties);
}

void
orientd_scene_mirror_add_child (OrientdSceneMirror *mirror, const char *container, const char *id,
                                const char *kind, GVariant *properties)
{
  Node *parent = g_hash_table_lookup (mirror->nodes, container);
  Node *node;

  if (parent == NULL)
    return;
  node = node_new (mirror, id, kind, properties);
  node->parent = parent;
  g_ptr_array_add (parent->children, node);
  if (g_str_equal (parent->kind, "tab") && parent->selected == NULL)
    parent->selected = g_strdup (id);
}

void
orientd_scene_mirror_pop (OrientdSceneMirror *mirror, const char *navigation)
{
  Node *parent = g_hash_table_lookup (mirror->nodes, navigation);

  if (parent == NULL || parent->children->len < 2)
    return;
  forget (mirror, g_ptr_array_index (parent->children, parent->children->len - 1));
  g_ptr_array_remove_index (parent->children, parent->children->len - 1);
}

void
orientd_scene_mirror_select_tab (OrientdSceneMirror *mirror, const char *tab, const char *child)
{
  Node *parent = g_hash_table_lookup (mirror->nodes, tab);

  if (parent == NULL)
    return;
  g_free (parent->selected);
  parent->selected = g_strdup (child);
}

void
orientd_scene_mirror_present (OrientdSceneMirror *mirror, const char *presenter, const char *id, const char *kind,
                              GVariant *properties)
{
  Node *parent = g_hash_table_lookup (mirror->nodes, presenter);
  Node *node;

  if (parent == NULL || parent->presented != NULL)
    return;
  node = node_new (mirror, id, kind, properties);
  node->parent = parent;
  parent->presented = node;
}

void
orientd_scene_mirror_dismiss (OrientdSceneMirror *mirror, const char *id)
{
  Node *node = g_hash_table_lookup (mirror->nodes, id);

  if (node == NULL || node->parent == NULL || node->parent->presented != node)
    return;
  node->parent->presented = NULL;
  forget (mirror, node);
  node_free (node);
}

void
orientd_scene_mirror_set_properties (OrientdSceneMirror *mirror, const char *id, GVariant *properties)
{
  Node *node = g_hash_table_lookup (mirror->nodes, id);
  GVariantDict dict;
  GVariantIter iter;
  const char *key;
  GVariant *value;

  g_variant_ref_sink (properties);
  if (node != NULL)
    {
      g_variant_dict_init (&dict, node->properties);
      g_variant_iter_init (&iter, properties);
      while (g_variant_iter_next (&iter, "{&sv}", &key, &value))
        {
          g_variant_dict_insert_value (&dict, key, value);
          g_variant_unref (value);
        }
      g_variant_unref (node->properties);
      node->properties = g_variant_ref_sink (g_variant_dict_end (&dict));
    }
  g_variant_unref (properties);
}

void
orientd_scene_mirror_set_mode (OrientdSceneMirror *mirror, const char *id, const char *mode)
{
  Node *node = g_hash_table_lookup (mirror->nodes, id);

  if (node == NULL)
    return;
  g_free (node->mode);
  node->mode = g_str_equal (mode, "none") ? NULL : g_strdup (mode);
}

static void
add_call (GArray *calls, const char *method, GVariant *parameters)
{
  OrientdReplayCall call = { method, g_variant_ref_sink (parameters) };

  g_array_append_val (calls, call);
}

static void
replay_children (Node *node, GArray *calls, GPtrArray *modes)
{
  if (node->mode != NULL)
    g_ptr_array_add (modes, node);
  for (guint i = 0; i < node->children->len; i++)
    {
      Node *child = node->children->pdata[i];

      add_call (calls, g_str_equal (node->kind, "navigation") ? "PushController" : "AddTab",
                g_variant_new ("(sss@a{sv})", node->id, child->id, child->kind, child->properties));
      replay_children (child, calls, modes);
    }
  if (node->selected != NULL && node->children->len > 0 &&
      !g_str_equal (node->selected, ((Node *) node->children->pdata[0])->id))
    add_call (calls, "SelectTab", g_variant_new ("(ss)", node->id, node->selected));
  if (node->presented != NULL)
    {
      Node *presented = node->presented;

      add_call (calls, "PresentController",
                g_variant_new ("(sss@a{sv})", node->id, presented->id, presented->kind, presented->properties));
      replay_children (presented, calls, modes);
    }
}

static void
replay_call_clear (OrientdReplayCall *call)
{
  g_variant_unref (call->parameters);
}

/* The Scene calls that build the tree again, in order: the root, each container's
 * children depth first, tab selections, presentations, then the orientation modes and an
 * UpdateOrientation that applies them. */
GArray *
orientd_scene_mirror_replay (OrientdSceneMirror *mirror)
{
  GArray *calls = g_array_new (FALSE, FALSE, sizeof (OrientdReplayCall));
  g_autoptr (GPtrArray) modes = g_ptr_array_new ();

  g_array_set_clear_func (calls, (GDestroyNotify) replay_call_clear);
  if (mirror->root == NULL)
    return calls;
  add_call (calls, "SetRootController",
            g_variant_new ("(ss@a{sv})", mirror->root->id, mirror->root->kind, mirror->root->properties));
  replay_children (mirror->root, calls, modes);
  for (guint i = 0; i < modes->len; i++)
    {
      Node *node = modes->pdata[i];

      add_call (calls, "SetOrientationMode", g_variant_new ("(ss)", node->id, node->mode));
    }
  if (modes->len > 0)
    add_call (calls, "UpdateOrientation", g_variant_new ("()"));
  return calls;
}

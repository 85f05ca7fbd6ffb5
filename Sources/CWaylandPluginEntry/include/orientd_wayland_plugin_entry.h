// Nothing to import: this target only completes liborientd-wayland.so (see the .c file).
#ifndef ORIENTD_WAYLAND_PLUGIN_ENTRY_H
#define ORIENTD_WAYLAND_PLUGIN_ENTRY_H
#endif

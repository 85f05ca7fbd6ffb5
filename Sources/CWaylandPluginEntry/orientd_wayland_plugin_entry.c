// The Swift toolchain links its swiftrt.o into every shared library it makes, the C-only
// Wayland plugin too. swiftrt.o hands the library's Swift metadata to the Swift runtime at
// load, which keeps a pointer to it for the life of the process: for a plugin orientd unloads
// again, a pointer into unmapped memory. The plugin has no Swift metadata, so it answers
// swiftrt.o's two references itself (hidden: bound inside the plugin when it is linked), and
// needs no Swift runtime at all (the linker drops libswiftCore, --as-needed).
#include <stdbool.h>

#include "orientd_wayland_plugin_entry.h"

__attribute__((visibility("hidden"))) void swift_addNewDSOImage(const void *sections) {
    (void)sections;
}

__attribute__((visibility("hidden"))) bool _swift_backtrace_isThunkFunction(const char *name) {
    (void)name;
    return false;
}

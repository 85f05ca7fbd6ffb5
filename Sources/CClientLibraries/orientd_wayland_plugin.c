#include "orientd_wayland_plugin.h"
#include "orientd_library.h"

ORIENTD_LIBRARY_DEFINE(orientd_wayland, ORIENTD_WL_FUNCTIONS);

const struct orientd_wayland *orientd_wayland_open(const char *path, char *error, size_t size) {
    return orientd_library_open(&library, path, error, size) == 0 ? &functions : NULL;
}

void orientd_wayland_close(void) {
    orientd_library_close(&library);
}

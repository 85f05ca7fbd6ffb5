#include "orientd_wayland_plugin.h"
#include "orientd_library.h"

static struct orientd_wayland functions;
#define ORIENTD_WL_NAME(name) #name,
static const char *const names[] = { ORIENTD_WL_FUNCTIONS(ORIENTD_WL_NAME) };
_Static_assert(sizeof functions == sizeof names, "one function pointer per name");
static struct orientd_library library = {
    .names = names, .functions = (void **)&functions, .count = sizeof names / sizeof *names,
};

const struct orientd_wayland *orientd_wayland_open(const char *path, char *error, size_t size) {
    return orientd_library_open(&library, path, error, size) == 0 ? &functions : NULL;
}

void orientd_wayland_close(void) {
    orientd_library_close(&library);
}

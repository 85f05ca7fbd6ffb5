#include "orientd_xcb.h"
#include "orientd_library.h"

static struct orientd_xcb functions;
#define ORIENTD_XCB_NAME(name) #name,
static const char *const names[] = { ORIENTD_XCB_FUNCTIONS(ORIENTD_XCB_NAME) };
_Static_assert(sizeof functions == sizeof names, "one function pointer per name");
static struct orientd_library library = {
    .names = names, .functions = (void **)&functions, .count = sizeof names / sizeof *names,
};

const struct orientd_xcb *orientd_xcb_open(char *error, size_t size) {
    return orientd_library_open(&library, ORIENTD_XCB_LIBRARY, error, size) == 0 ? &functions : NULL;
}

void orientd_xcb_close(void) {
    orientd_library_close(&library);
}

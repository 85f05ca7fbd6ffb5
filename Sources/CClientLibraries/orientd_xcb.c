#include "orientd_xcb.h"
#include "orientd_library.h"

ORIENTD_LIBRARY_DEFINE(orientd_xcb, ORIENTD_XCB_FUNCTIONS);

const struct orientd_xcb *orientd_xcb_open(char *error, size_t size) {
    return orientd_library_open(&library, ORIENTD_XCB_LIBRARY, error, size) == 0 ? &functions : NULL;
}

void orientd_xcb_close(void) {
    orientd_library_close(&library);
}

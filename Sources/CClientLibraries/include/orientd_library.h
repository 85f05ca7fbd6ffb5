// A shared library opened when its first user needs it and closed after its last one, so a
// session maps only the compositor client libraries its adapters use (a GNOME session maps
// neither libxcb nor libwayland-client).
#ifndef ORIENTD_LIBRARY_H
#define ORIENTD_LIBRARY_H

#include <stddef.h>

/// One library and the functions orientd calls in it (static storage; one per library).
struct orientd_library {
    /// The functions' names, and where their addresses go (`count` of each).
    const char *const *names;
    void **functions;
    size_t count;
    /// dlopen's handle while `users` is not 0.
    void *handle;
    unsigned users;
};

/// Adds a user: opens `file` (a soname or a path) and finds every function on the first one.
/// 0 on success; -1 with why in `error` (the file, what the dynamic linker said, or the
/// function missing) when the library cannot be used, and then no user was added.
/// Callable from any thread.
int orientd_library_open(struct orientd_library *library, const char *file, char *error, size_t size);

/// Removes a user (one per successful open): the library is closed after the last one.
void orientd_library_close(struct orientd_library *library);

/// Defines, in a library's .c file, `functions` (a `struct TABLE` with one field per function
/// of the X-macro LIST, each named as its function) and `library`, finding them by those names.
#define ORIENTD_LIBRARY_NAME(name) #name,
#define ORIENTD_LIBRARY_DEFINE(TABLE, LIST) \
    static struct TABLE functions; \
    static const char *const names[] = { LIST(ORIENTD_LIBRARY_NAME) }; \
    _Static_assert(sizeof functions == sizeof names, "one function pointer per name"); \
    static struct orientd_library library = { \
        .names = names, .functions = (void **)&functions, .count = sizeof names / sizeof *names, \
    }

#endif

#include "orientd_library.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/// One lock for every library: opens and closes are rare (a compositor coming or going).
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

int orientd_library_open(struct orientd_library *library, const char *file, char *error, size_t size) {
    pthread_mutex_lock(&lock);
    if (library->users == 0) {
        void *handle = dlopen(file, RTLD_NOW | RTLD_LOCAL);
        if (handle == NULL) {
            const char *why = dlerror();
            snprintf(error, size, "%s could not be loaded: %s", file, why ? why : "no reason given");
            pthread_mutex_unlock(&lock);
            return -1;
        }
        for (size_t i = 0; i < library->count; i++) {
            void *function = dlsym(handle, library->names[i]);
            if (function == NULL) {
                snprintf(error, size, "%s has no function %s", file, library->names[i]);
                dlclose(handle);
                pthread_mutex_unlock(&lock);
                return -1;
            }
            library->functions[i] = function;
        }
        library->handle = handle;
    }
    library->users++;
    pthread_mutex_unlock(&lock);
    return 0;
}

void orientd_library_close(struct orientd_library *library) {
    pthread_mutex_lock(&lock);
    if (library->users > 0 && --library->users == 0) {
        dlclose(library->handle);
        library->handle = NULL;
        memset(library->functions, 0, library->count * sizeof *library->functions);
    }
    pthread_mutex_unlock(&lock);
}

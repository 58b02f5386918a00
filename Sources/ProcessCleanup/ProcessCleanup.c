#include "ProcessCleanup.h"

#include <string.h>
#include <unistd.h>

enum { capacity = 4096 };
static char temporary_path[capacity];
static volatile int has_path = 0;

void pcleanup_set_temporary_path(const char *path) {
    has_path = 0;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    if (path == NULL) return;
    size_t length = strlen(path);
    if (length >= capacity) return;
    memcpy(temporary_path, path, length + 1);
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    has_path = 1;
}

void pcleanup_remove_temporary_file(void) {
    if (has_path) unlink(temporary_path);
}

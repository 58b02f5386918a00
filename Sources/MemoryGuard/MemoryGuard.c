#include "MemoryGuard.h"
#include "ProcessCleanup.h"

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static int ended = 0;

/// Writes the line, removes the temporary output file and ends the process; a second thread
/// that runs out meanwhile waits for the first to end it.
static void out_of_memory(size_t size) {
    if (__atomic_exchange_n(&ended, 1, __ATOMIC_SEQ_CST)) {
        for (;;) pause();
    }
    char digits[24];
    int n = sizeof digits;
    do {
        digits[--n] = (char)('0' + size % 10);
        size /= 10;
    } while (size > 0 && n > 0);
    const char *head = "cellheight: out of memory: the system refused ";
    const char *tail = " bytes (an address-space limit, ulimit -v?)\n";
    // One write, so that the line is never cut by another's.
    char line[160];
    size_t length = 0;
    memcpy(line, head, strlen(head));
    length += strlen(head);
    memcpy(line + length, digits + n, sizeof digits - n);
    length += sizeof digits - n;
    memcpy(line + length, tail, strlen(tail));
    length += strlen(tail);
    ssize_t ignored = write(2, line, length);
    (void)ignored;
    pcleanup_remove_temporary_file();
    _exit(MGUARD_EXIT_STATUS);
}

static void *checked(void *pointer, size_t size) {
    if (pointer == NULL && size > 0 && size < MGUARD_ABSURD_SIZE) out_of_memory(size);
    return pointer;
}

void *malloc(size_t size) {
    return checked(__libc_malloc(size), size);
}

void *calloc(size_t count, size_t size) {
    size_t total;
    if (__builtin_mul_overflow(count, size, &total)) return __libc_calloc(count, size);
    return checked(__libc_calloc(count, size), total);
}

void *realloc(void *pointer, size_t size) {
    return checked(__libc_realloc(pointer, size), size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    return checked(__libc_memalign(alignment, size), size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *pointer = checked(__libc_memalign(alignment, size), size);
    if (pointer == NULL && size > 0) return ENOMEM;
    *result = pointer;
    return 0;
}

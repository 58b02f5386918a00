#ifndef CELLHEIGHT_MEMORY_GUARD_H
#define CELLHEIGHT_MEMORY_GUARD_H

// The executable's malloc, calloc, realloc, aligned_alloc and posix_memalign: glibc's, except
// that a request the system refuses ends the process with one line on stderr and exit 71
// (EX_OSERR), its temporary output file removed, instead of Swift's "Fatal error" and a backtrace
// (or a NULL that a C library turns into a crash). Linked into the `cellheight` executable only.

#include <stddef.h>

/// Requests at least this large (a corrupt size, not a shortage) still return NULL to their caller.
#define MGUARD_ABSURD_SIZE ((size_t)1 << 40)

/// Exit status of a run that ran out of memory (sysexits' EX_OSERR).
#define MGUARD_EXIT_STATUS 71

#endif

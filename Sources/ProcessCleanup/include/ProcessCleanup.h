#ifndef CELLHEIGHT_PROCESS_CLEANUP_H
#define CELLHEIGHT_PROCESS_CLEANUP_H

// The temporary file an output is being written to, kept where code that ends the process at
// once (an allocation the system refuses) can remove it without allocating.

#ifdef __cplusplus
extern "C" {
#endif

/// Records `path` (copied; at most 4095 bytes, longer is not recorded) as the temporary file to
/// remove; NULL forgets it.
void pcleanup_set_temporary_path(const char *path);

/// Removes the recorded temporary file, if any. Async-signal-safe: no allocation, no lock.
void pcleanup_remove_temporary_file(void);

#ifdef __cplusplus
}
#endif

#endif

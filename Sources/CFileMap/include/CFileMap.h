#ifndef CFILEMAP_H
#define CFILEMAP_H

#include <stddef.h>

/// Maps the `length` bytes of the open file `descriptor` read-only, its pages read in at once
/// where the system can (Linux's `MAP_POPULATE`), and guards the mapping: a page the file no
/// longer has when it is read (the file was cut short while mapped), which would stop the process
/// with SIGBUS, reads as zeros instead and marks the mapping changed. Returns the address and
/// sets `*slot` to the guard's slot, or returns NULL (the caller then reads the file instead) when
/// the file cannot be mapped, the guard cannot be set up or was handed back, or
/// `stringscheck_maximum_mappings` are open.
const void *_Nullable stringscheck_map_file(int descriptor, size_t length, int *_Nonnull slot);

/// Whether a page of the mapping in `slot` was read after the file lost it (see
/// `stringscheck_map_file`).
int stringscheck_mapped_file_changed(int slot);

/// Unmaps a mapping `stringscheck_map_file` made and frees its slot.
void stringscheck_unmap_file(const void *_Nonnull address, size_t length, int slot);

/// The most mappings open at once.
enum { stringscheck_maximum_mappings = 64 };

#endif

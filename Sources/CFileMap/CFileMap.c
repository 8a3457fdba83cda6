// A file mapped into memory is read where the kernel keeps it (its page cache): no fresh pages to
// fault in and zero, no copy. The price of a mapping is SIGBUS when a page is read that the file
// no longer has: another program cut the file short while it was mapped. The handler here turns
// such a read into a read of zeros, once per page, and marks the mapping changed, so the reader
// can read the file again instead of the process dying. A signal handler must be
// async-signal-safe: it only loads and stores atomics and calls `sigaction` and `raise` (on
// POSIX's list) and `mmap` (not on it, but a plain system call on Linux and Darwin).
#if defined(__linux__)
#define _GNU_SOURCE
#endif

#include "CFileMap.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#ifndef MAP_ANONYMOUS
#define MAP_ANONYMOUS MAP_ANON
#endif

// A slot is claimed (`used`) before its range is published; a range is live while `starts` is
// nonzero, set last when a mapping opens and cleared first when it closes.
static atomic_int used[stringscheck_maximum_mappings];
static _Atomic(uintptr_t) starts[stringscheck_maximum_mappings];
static _Atomic(uintptr_t) ends[stringscheck_maximum_mappings];
static atomic_int changed[stringscheck_maximum_mappings];

static struct sigaction previous;
static uintptr_t pageSize;
static pthread_once_t installOnce = PTHREAD_ONCE_INIT;
// Whether the handler stands: set once it is installed, cleared for good once it has handed
// SIGBUS back to the action there was before (no mapping is made unguarded).
static atomic_int guarding;

/// Whether the fault at `address` lies in a mapping's page the file lost, now read as zeros.
static int readAsZeros(uintptr_t address) {
    for (int slot = 0; slot < stringscheck_maximum_mappings; slot++) {
        uintptr_t start = atomic_load(&starts[slot]);
        if (start == 0 || address < start || address >= atomic_load(&ends[slot])) continue;
        void *page = (void *)(address & ~(pageSize - 1));
        if (mmap(page, pageSize, PROT_READ, MAP_FIXED | MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) == MAP_FAILED) return 0;
        atomic_store(&changed[slot], 1);
        return 1;
    }
    return 0;
}

static void onBusError(int signal, siginfo_t *info, void *context) {
    (void)context;
    int savedErrno = errno;
    // A fault (not a signal another program or thread sent) at a mapped file's lost page.
    if (info != NULL && info->si_code > 0 && readAsZeros((uintptr_t)info->si_addr)) {
        errno = savedErrno;
        return;
    }
    // Anything else goes to the action there was before: a fault happens again when the read is
    // retried, a sent signal is sent again.
    atomic_store(&guarding, 0);
    sigaction(SIGBUS, &previous, NULL);
    if (info == NULL || info->si_code <= 0) raise(signal);
    errno = savedErrno;
}

static void install(void) {
    long size = sysconf(_SC_PAGESIZE);
    if (size <= 0) return;
    pageSize = (uintptr_t)size;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = onBusError;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGBUS, &action, &previous) == 0) atomic_store(&guarding, 1);
}

const void *stringscheck_map_file(int descriptor, size_t length, int *slot) {
    if (length == 0) return NULL;
    pthread_once(&installOnce, install);
    if (!atomic_load(&guarding)) return NULL;
    int claimed = -1;
    for (int index = 0; index < stringscheck_maximum_mappings; index++) {
        int expected = 0;
        if (atomic_compare_exchange_strong(&used[index], &expected, 1)) {
            claimed = index;
            break;
        }
    }
    if (claimed < 0) return NULL;
    int flags = MAP_PRIVATE;
#if defined(MAP_POPULATE)
    flags |= MAP_POPULATE;
#endif
    void *address = mmap(NULL, length, PROT_READ, flags, descriptor, 0);
    if (address == MAP_FAILED) {
        atomic_store(&used[claimed], 0);
        return NULL;
    }
    atomic_store(&changed[claimed], 0);
    atomic_store(&ends[claimed], (uintptr_t)address + length);
    atomic_store(&starts[claimed], (uintptr_t)address);
    *slot = claimed;
    return address;
}

int stringscheck_mapped_file_changed(int slot) {
    if (slot < 0 || slot >= stringscheck_maximum_mappings) return 0;
    return atomic_load(&changed[slot]);
}

void stringscheck_unmap_file(const void *address, size_t length, int slot) {
    if (slot >= 0 && slot < stringscheck_maximum_mappings) atomic_store(&starts[slot], 0);
    munmap((void *)address, length);
    if (slot >= 0 && slot < stringscheck_maximum_mappings) atomic_store(&used[slot], 0);
}

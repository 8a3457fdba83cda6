#if canImport(Glibc)
    import Glibc
#endif

/// Models handed here are never freed: the process exits right after the report is written,
/// and the kernel reclaims the memory at once instead of freeing every object one by one. One
/// reference is leaked on purpose, which
/// any thread may do (the engine hands its context over from a worker).
func keepUntilExit(_ value: Any) {
    _ = Unmanaged.passRetained(value as AnyObject)
}

/// A run builds its model once and frees nothing (see `keepUntilExit`), so the heap only grows.
/// glibc grows each thread's heap a page or so at a time, each step an `mprotect` that also
/// stalls the other core's page faults, and a large `check` takes very many such steps. With a
/// 64 MB top pad set before any thread starts, each heap is made writable at once: a few calls in
/// all, and a faster `check`. Called first thing in `main`.
func prepareHeapForOneRun() {
    #if canImport(Glibc)
        // `mallopt` is not in Swift's Glibc module; glibc's `M_TOP_PAD` is -2.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(-2, 64 << 20)
    #endif
}

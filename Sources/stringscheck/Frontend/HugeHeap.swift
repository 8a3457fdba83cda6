import LocalizationFormats

#if canImport(Glibc)
    import Glibc
#endif

/// A run about to read large String Catalogs or `.stringsdict` files starts over once, its heap on
/// huge pages.
///
/// A run builds its model in glibc's heap and frees nothing (see `keepUntilExit`). The kernel
/// backs the heap with 4 KB pages, each faulted in when first written: checking a 26 MB String
/// Catalog takes about 21,000 faults, each several microseconds on a virtual machine, two cores
/// faulting at once. glibc backs its heap with transparent huge pages (2 MB, one fault each) when
/// its `glibc.malloc.hugetlb=1` tunable is set, and reads tunables only as a process starts. So a
/// run that finds `minimumBytes` or more of catalogs and `.stringsdict` files (whose models are
/// many small objects, several times the file; a `.strings` table's is a few arrays), on a system
/// that gives huge pages to the programs that ask for them (`madvise`, the default of most
/// distributions), starts itself again with the tunable added to `GLIBC_TUNABLES`, before it has
/// read a table or written anything: the same process, arguments and descriptors, which finds the
/// same files and goes on. Its heap then takes a few more megabytes (each huge page is whole).
/// `STRINGSCHECK_HUGE_HEAP=0` in the environment keeps the run as it is; the run started again
/// has it set to 1.
enum HugeHeap {
    /// The catalogs' and `.stringsdict` files' size from which the faults saved outweigh starting
    /// again (a few milliseconds) and the heap's few more megabytes.
    static let minimumBytes = 16 << 20
    static let variable = "STRINGSCHECK_HUGE_HEAP"
    static let tunable = "glibc.malloc.hugetlb"

    /// Starts the process again with the tunable set when the catalogs and `.stringsdict` files
    /// among `tables` (found, about to be read) are large and nothing stands in the way; returns,
    /// and the run goes on as it is, otherwise or when the system refuses.
    static func restartIfLarge(tables: [ProjectLoader.Candidate]) {
        #if os(Linux) && canImport(Glibc)
            let bytes = tables.reduce(0) { $0 + ($1.kind == .catalog || $1.kind == .stringsdict ? $1.size : 0) }
            guard bytes >= minimumBytes, getenv(variable) == nil, !Console.hasWritten, Console.startedWithStandardStreams,
                kernelGivesHugePagesOnRequest(), let environment = environment(adding: tunable + "=1")
            else { return }
            var cStrings = environment.map { strdup($0) }
            cStrings.append(nil)
            _ = execve("/proc/self/exe", CommandLine.unsafeArgv, &cStrings)
            // Only a failed start returns here: the run goes on with the heap it has.
            for string in cStrings { free(string) }
        #endif
    }

    /// What `--timings` says of the heap: "huge pages" in a run started again (see above).
    static var pagingNote: String? {
        getenv(variable).map { String(cString: $0) } == "1" ? "huge pages (\(tunable)=1, started again)" : nil
    }

    #if os(Linux) && canImport(Glibc)
        /// The process's environment with `setting` added to `GLIBC_TUNABLES` and the variable that
        /// marks a run started again; nil when the tunable is set already (by the user).
        static func environment(adding setting: String) -> [String]? {
            var result: [String] = []
            var tunables: String?
            var entry = environ
            while let pointer = entry.pointee {
                let text = String(cString: pointer)
                if text.hasPrefix("GLIBC_TUNABLES=") {
                    tunables = String(text.dropFirst("GLIBC_TUNABLES=".count))
                } else {
                    result.append(text)
                }
                entry += 1
            }
            if let tunables, tunables.contains(tunable) { return nil }
            result.append("GLIBC_TUNABLES=" + (tunables.map { $0.isEmpty ? "" : $0 + ":" } ?? "") + setting)
            result.append(variable + "=1")
            return result
        }

        /// Whether the kernel gives transparent huge pages to the memory a program asks them for, and
        /// only to that: `[madvise]` in its setting. With `[always]` the heap has them already; with
        /// `[never]` (or no such setting) asking changes nothing.
        static func kernelGivesHugePagesOnRequest() -> Bool {
            guard case .success(let setting) = FileBytes.read("/sys/kernel/mm/transparent_hugepage/enabled", maximumSize: 4096) else {
                return false
            }
            return String(decoding: setting, as: UTF8.self).contains("[madvise]")
        }
    #endif
}

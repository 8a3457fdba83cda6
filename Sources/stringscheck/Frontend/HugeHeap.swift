import LocalizationFormats

#if canImport(Glibc)
    import Glibc
#endif

/// A run about to read large String Catalogs or `.stringsdict` files starts over once, its heap on
/// huge pages, when the environment asks for it (`STRINGSCHECK_HUGE_HEAP=1`).
///
/// A run builds its model in glibc's heap and frees nothing (see `keepUntilExit`). The kernel
/// backs the heap with 4 KB pages, each faulted in when first written: checking a 26 MB String
/// Catalog takes about 21,000 faults, each several microseconds on a virtual machine, two cores
/// faulting at once. glibc (2.35 and later) backs its heap with transparent huge pages (2 MB, one
/// fault each) when its `glibc.malloc.hugetlb=1` tunable is set, and reads tunables only as a
/// process starts. So a run asked to, that finds `minimumBytes` or more of catalogs and
/// `.stringsdict` files (whose models are many small objects, several times the file; a
/// `.strings` table's is a few arrays), on a system that gives huge pages to the programs that ask
/// for them (`madvise`), starts itself again with the tunable added to `GLIBC_TUNABLES`, once it
/// has read its configuration and found the files, and before it has read a table or written
/// anything: the same process, program, arguments, descriptors and signal mask, which reads the
/// configuration, finds the same files and goes on. Its heap then takes 5 to 10 MB more (each huge
/// page is resident whole). It is asked for, not done by default: what it saves comes and goes
/// with the machine (a run took from 19% less to 22% more time with it), and what it costs in
/// memory does not. The run started again has the variable set to `restarted:` and the
/// milliseconds the first start took.
enum HugeHeap {
    /// The catalogs' and `.stringsdict` files' size from which the faults saved can outweigh
    /// starting again (a few milliseconds) and the heap's 5 to 10 MB more.
    static let minimumBytes = 16 << 20
    static let variable = "STRINGSCHECK_HUGE_HEAP"
    static let tunable = "glibc.malloc.hugetlb"
    static let restartedMark = "restarted:"
    /// The value of `variable` that asks for the heap on huge pages.
    static let request = "1"

    #if os(Linux) && canImport(Glibc)
        /// The signal mask the process started with: the thread that starts the run again may be a
        /// worker whose mask blocks most signals (libdispatch's threads block them), and a new
        /// program keeps the mask of the thread that started it.
        nonisolated(unsafe) private static var startMask = sigset_t()
        nonisolated(unsafe) private static var startTime = timespec()
    #endif

    /// Notes the signal mask and the time the process started with. Called first thing in `main`,
    /// while this is the only thread.
    static func noteStart() {
        #if os(Linux) && canImport(Glibc)
            pthread_sigmask(SIG_SETMASK, nil, &startMask)
            clock_gettime(CLOCK_MONOTONIC, &startTime)
        #endif
    }

    /// Starts the process again with the tunable set when the environment asks for it
    /// (`isRequested()`), the catalogs and `.stringsdict` files among `tables` (found, about to be
    /// read) are large and nothing stands in the way; returns,
    /// and the run goes on as it is, otherwise or when the system refuses.
    static func restartIfLarge(tables: [ProjectLoader.Candidate]) {
        #if os(Linux) && canImport(Glibc)
            // A standard descriptor the process started without is open on /dev/null by now (see
            // `Console.prepareStandardStreams`): started again, the run would take it for a real
            // stream and no longer say that standard output is closed. Timings and messages
            // already written would be written twice.
            guard isRequested(), modelBytes(tables) >= minimumBytes, !Console.hasWritten, !PhaseClock.hasEmitted,
                Console.startedWithStandardStreams, !isSecure(), glibcReadsTunable(), kernelGivesHugePagesOnRequest(),
                var program = executable(), var environment = environment()
            else { return }
            var current = sigset_t()
            pthread_sigmask(SIG_SETMASK, &startMask, &current)
            _ = execve(&program, CommandLine.unsafeArgv, &environment.pointers)
            // Only a failed start returns here: the run goes on with the heap it has.
            pthread_sigmask(SIG_SETMASK, &current, nil)
            environment.release()
        #endif
    }

    /// Whether the environment asks for the heap on huge pages (the run started again has the
    /// variable set to its mark, and goes on as it is).
    static func isRequested() -> Bool {
        guard let value = getenv(variable) else { return false }
        return String(cString: value) == request
    }

    /// What `--timings` says of the heap in a run started again: the tunables it runs with and
    /// how long the first start took.
    static var pagingNote: String? {
        guard let mark = getenv(variable).map({ String(cString: $0) }), mark.hasPrefix(restartedMark) else { return nil }
        let tunables = getenv("GLIBC_TUNABLES").map { String(cString: $0) } ?? ""
        return "huge pages (GLIBC_TUNABLES=\(tunables), started again after \(mark.dropFirst(restartedMark.count)) ms)"
    }

    #if os(Linux) && canImport(Glibc)
        /// The bytes of the catalogs and `.stringsdict` files among `tables`; a file named on the
        /// command line, which discovery does not measure, is measured here.
        static func modelBytes(_ tables: [ProjectLoader.Candidate]) -> Int {
            tables.reduce(0) { total, table in
                guard table.kind == .catalog || table.kind == .stringsdict else { return total }
                if table.size > 0 { return total + table.size }
                var info = stat()
                return stat(table.filePath, &info) == 0 ? total + Int(info.st_size) : total
            }
        }

        /// Whether the process runs with privileges it was given by its file (set-user-ID): glibc
        /// then ignores `GLIBC_TUNABLES`.
        static func isSecure() -> Bool {
            typealias GetAuxiliaryValue = @convention(c) (UInt) -> UInt
            guard let symbol = dlsym(nil, "getauxval") else { return true }
            // AT_SECURE
            return unsafeBitCast(symbol, to: GetAuxiliaryValue.self)(23) != 0
        }

        /// Whether this glibc knows the tunable (2.35 and later; older ones ignore it).
        static func glibcReadsTunable() -> Bool {
            typealias Version = @convention(c) () -> UnsafePointer<CChar>?
            guard let symbol = dlsym(nil, "gnu_get_libc_version"), let text = unsafeBitCast(symbol, to: Version.self)() else {
                return false
            }
            let parts = String(cString: text).split(separator: ".").compactMap { Int($0) }
            guard parts.count >= 2 else { return false }
            return parts[0] > 2 || (parts[0] == 2 && parts[1] >= 35)
        }

        /// The program's path, as a C string: the file `/proc/self/exe` names when it is still that
        /// file (the process keeps its name, which starting `/proc/self/exe` would make "exe"),
        /// else `/proc/self/exe` itself; nil when the program was started through the dynamic
        /// loader (`ld.so ./stringscheck`), which `/proc/self/exe` is then.
        static func executable() -> [CChar]? {
            var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink("/proc/self/exe", &path, path.count - 1)
            guard count > 0 else { return nil }
            let name = path[..<count].split(separator: CChar(UInt8(ascii: "/"))).last.map {
                String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            if let name, name.hasPrefix("ld-") || name.hasPrefix("ld.so") { return nil }
            var named = stat()
            var running = stat()
            guard stat(path, &named) == 0, stat("/proc/self/exe", &running) == 0, named.st_dev == running.st_dev,
                named.st_ino == running.st_ino
            else { return Array("/proc/self/exe".utf8CString) }
            return path
        }

        /// The process's environment as the new program takes it: every variable as it is (its
        /// bytes untouched), `GLIBC_TUNABLES` with the tunable added, and the variable that asked
        /// for it set to the mark of a run started again. Nil when the tunable is set already (by the user).
        static func environment() -> Environment? {
            var kept: [UnsafeMutablePointer<CChar>?] = []
            var tunables: String?
            var entry = environ
            while let pointer = entry.pointee {
                if strncmp(pointer, "GLIBC_TUNABLES=", 15) == 0 {
                    tunables = String(cString: pointer + 15)
                } else if strncmp(pointer, variable + "=", variable.utf8.count + 1) == 0 {
                    // The request, replaced by the mark.
                } else {
                    kept.append(pointer)
                }
                entry += 1
            }
            if let tunables, tunables.contains(tunable) { return nil }
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let elapsed = Double(now.tv_sec - startTime.tv_sec) * 1000 + Double(now.tv_nsec - startTime.tv_nsec) / 1_000_000
            let before: String = tunables.map { $0.isEmpty ? "" : $0 + ":" } ?? ""
            let settings: [String] = ["GLIBC_TUNABLES=\(before)\(tunable)=1", "\(variable)=\(restartedMark)\(String(format1: elapsed))"]
            let made: [UnsafeMutablePointer<CChar>?] = settings.map { strdup($0) }
            return Environment(pointers: kept + made + [nil], made: made)
        }

        /// An environment for `execve`: the pointers, ending in nil, and the strings made for it.
        struct Environment {
            var pointers: [UnsafeMutablePointer<CChar>?]
            let made: [UnsafeMutablePointer<CChar>?]

            func release() { for string in made { free(string) } }
        }

        /// Whether the kernel gives transparent huge pages to the memory a program asks them for,
        /// and only to that: `[madvise]` in its setting. With `[always]` the heap has them
        /// already; with `[never]` (or no such setting) asking changes nothing.
        static func kernelGivesHugePagesOnRequest() -> Bool {
            guard case .success(let setting) = FileBytes.read("/sys/kernel/mm/transparent_hugepage/enabled", maximumSize: 4096) else {
                return false
            }
            return String(decoding: setting, as: UTF8.self).contains("[madvise]")
        }
    #endif
}

extension String {
    /// `value` with one decimal, as `12.3`.
    fileprivate init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(tenths % 10)"
    }
}

# `make install` builds the release binary and installs it in $(PREFIX)/bin (see Scripts/install.sh).
PREFIX ?= /usr/local

# `make bench` builds the command and the benchmark (a package of its own, in Benchmarks/, sharing
# this build folder) and runs it; BENCH_ARGS passes options, e.g. BENCH_ARGS="--tree path/to/App".
BENCH_ARGS ?=

# `make dist` builds a relocatable tarball of the stripped (on Linux statically linked) binary
# with completions and a checksum in dist/, and proves it runs without the toolchain (Scripts/dist.sh).

.PHONY: install dist test bench
install:
	Scripts/install.sh --prefix "$(PREFIX)"

dist:
	Scripts/dist.sh

test:
	swift test

bench:
	swift build -c release --product stringscheck
	swift run -c release --package-path Benchmarks --build-path .build stringscheck-bench $(BENCH_ARGS)

# `make install` builds the release binary and installs it in $(PREFIX)/bin (see Scripts/install.sh).
PREFIX ?= /usr/local

# `make bench` builds the command and the benchmark (a package of its own, in Benchmarks/, sharing
# this build folder) and runs it; BENCH_ARGS passes options, e.g. BENCH_ARGS="--tree path/to/App".
BENCH_ARGS ?=

.PHONY: install test bench
install:
	Scripts/install.sh --prefix "$(PREFIX)"

test:
	swift test

bench:
	swift build -c release --product stringscheck
	swift run -c release --package-path Benchmarks --build-path .build stringscheck-bench $(BENCH_ARGS)

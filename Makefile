# `make install` builds the release binary and installs it in $(PREFIX)/bin (see Scripts/install.sh).
PREFIX ?= /usr/local

.PHONY: install test
install:
	Scripts/install.sh --prefix "$(PREFIX)"

test:
	swift test

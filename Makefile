# cellheight: one command surface. `make run` and `make test` do all the set-up they need.
SHELL := /bin/bash

# Debian packages: the C libraries (with pkg-config files), Unicode's conformance data and the
# fonts the tests load by path; chromium (the layout oracle's browser) for the HTML report's
# browser tests; Pango, GNU time and GNU parallel for the benchmark and the README's examples.
DEB_PACKAGES := pkg-config libfreetype-dev libharfbuzz-dev libicu-dev libfontconfig-dev libssl-dev \
	unicode-data fontconfig fonts-dejavu-core fonts-liberation2 fonts-noto-core fonts-noto-cjk fonts-terminus-otb \
	chromium libpango1.0-dev time parallel
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SWIFT ?= swift
BIN := .build/release/cellheight
# The release binary links the Swift runtime and Foundation statically: about 5 ms less to start
# (no relocations of a dozen shared libraries), which is a quarter of a small run.
RELEASE := -c release --static-swift-stdlib
ORACLE_CHECK := ../shared/tools/check_oracle.py

.PHONY: all deps build run test oracle bench fuzz fuzz-build bench-hostile clean

all: build

## deps: install the Debian packages that are missing (apt-get update only when something is)
deps:
	@missing=$$(for p in $(DEB_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing:" $$missing; \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

## build: the release binary at .build/release/cellheight
build: deps
	$(SWIFT) build $(RELEASE)

## run: measure the sample fixture with the default font (fontconfig's sans-serif)
run: build
	$(BIN) --width 240 fixtures/sample.txt

## test: the README's examples (against the release binary), then every Swift test (the CLI
## tests run the debug binary, so it is built first)
test: deps
	$(SWIFT) build $(RELEASE)
	python3 scripts/check-readme-examples.py
	$(SWIFT) build
	$(SWIFT) test

## oracle: score the release binary with the shared Chromium checker
oracle: build
	python3 $(ORACLE_CHECK) $(BIN)

## bench: throughput on 10k/100k/1M rows of real prose, side by side with Pango
bench: build
	python3 bench/run.py

## fuzz: build the libFuzzer target (address sanitizer, own scratch path) and run it for
## FUZZ_SECONDS over fuzz/corpus/ (seeds, committed) and fuzz/findings/ (new inputs, not committed);
## crashes are written to fuzz/findings/ as crash-*
FUZZ_SECONDS ?= 60
FUZZ_SCRATCH := .build-fuzz
FUZZ_BIN := $(FUZZ_SCRATCH)/debug/CellHeightFuzz
fuzz-build: deps
	CELLHEIGHT_FUZZ=1 $(SWIFT) build -c debug --scratch-path $(FUZZ_SCRATCH) --product CellHeightFuzz \
		-Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library

fuzz: fuzz-build
	mkdir -p fuzz/findings
	SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=fuzz/lsan.supp $(FUZZ_BIN) -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -timeout=20 -rss_limit_mb=4096 \
		-artifact_prefix=fuzz/findings/ -print_final_stats=1 fuzz/findings fuzz/corpus

## bench-hostile: time hostile inputs at 10^4, 10^5 and 10^6 characters (linear time shows as
## ~10x per step)
bench-hostile:
	$(SWIFT) build $(RELEASE)
	python3 scripts/bench-hostile.py $(BIN)

clean:
	rm -rf .build $(FUZZ_SCRATCH)

# cellheight: one command surface. `make run` and `make test` do all the set-up they need.
SHELL := /bin/bash

# Debian packages: the C libraries (with pkg-config files), Unicode's conformance data and the
# fonts the tests load by path; chromium (the layout oracle's browser) for the HTML report's
# browser tests; Pango, GNU time and GNU parallel for the benchmark and the README's examples.
DEB_PACKAGES := pkg-config libfreetype-dev libharfbuzz-dev libicu-dev libfontconfig-dev libssl-dev \
	unicode-data fontconfig fonts-dejavu-core fonts-liberation2 fonts-noto-core fonts-noto-cjk \
	chromium libpango1.0-dev time parallel
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SWIFT ?= swift
BIN := .build/release/cellheight
ORACLE_CHECK := ../shared/tools/check_oracle.py

.PHONY: all deps build run test oracle bench clean

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
	$(SWIFT) build -c release

## run: measure the sample fixture with the default font (fontconfig's sans-serif)
run: build
	$(BIN) --width 240 fixtures/sample.txt

## test: the README's examples (against the release binary), then every Swift test (the CLI
## tests run the debug binary, so it is built first)
test: deps
	$(SWIFT) build -c release
	python3 scripts/check-readme-examples.py
	$(SWIFT) build
	$(SWIFT) test

## oracle: score the release binary with the shared Chromium checker
oracle: build
	python3 $(ORACLE_CHECK) $(BIN)

## bench: throughput on 10k/100k/1M rows of real prose, side by side with Pango
bench: build
	python3 bench/run.py

clean:
	rm -rf .build

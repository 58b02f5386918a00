# cellheight: one command surface. `make run` and `make test` do all the set-up they need.
SHELL := /bin/bash

# Debian packages, in two lists so that running the tool installs only what it needs.
# RUN_PACKAGES: building and running: the C libraries (with pkg-config files; libxml2 for
# Foundation's static library) and fontconfig with the default font families (DejaVu, Liberation).
RUN_PACKAGES := pkg-config libfreetype-dev libharfbuzz-dev libicu-dev libfontconfig-dev libssl-dev libxml2-dev \
	fontconfig fonts-dejavu-core fonts-liberation2
# TEST_PACKAGES: `make test` and `make bench` also need Unicode's conformance data, the fonts the
# tests load by path (Scheherazade and Tibetan Machine Uni: second fonts of a script, for the fallback
# order of fixtures/oracle-fidelity.jsonl), chromium (the layout oracle's browser, for the HTML report's browser tests),
# Pango, GNU time and GNU parallel (benchmark and README examples), dpkg-dev (`make deb`'s checks), and
# zsh and fish (the completion tests load the scripts into each shell), lintian (the package check),
# jq (docs/reference.md's examples).
TEST_PACKAGES := unicode-data fonts-noto-core fonts-noto-cjk fonts-terminus-otb fonts-dejavu-extra \
	fonts-sil-scheherazade fonts-tibetan-machine \
	chromium libpango1.0-dev time parallel dpkg-dev zsh fish lintian jq
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SWIFT ?= swift
BIN := .build/release/cellheight
# One release build serves the binary and the tests: the executable links the Swift runtime and
# Foundation statically (Package.swift; about 5 ms less to start, no relocations of a dozen shared
# libraries, a quarter of a small run), and the library is compiled for testing, so that the tests
# (`@testable import`) build on it. `make test` builds once and `make build` after it is a no-op.
RELEASE := -c release -Xswiftc -enable-testing
ORACLE_CHECK := ../shared/tools/check_oracle.py

VERSION := $(shell sed -n 's/.*static let number = "\(.*\)"/\1/p' Sources/CellHeightKit/Support/Version.swift)
PREFIX ?= /usr/local
DESTDIR ?=
# Generated from the command's own definitions (swift-argument-parser): the man page and completions.
SHARE := .build/share
# zsh searches /usr/local/share/zsh/site-functions (any prefix's site-functions, with fpath set),
# and Debian's zsh /usr/share/zsh/vendor-completions for packages.
ZSH_COMPLETIONS := $(if $(filter /usr,$(PREFIX)),share/zsh/vendor-completions,share/zsh/site-functions)

.PHONY: all deps test-deps build run test lint docs docs-preview oracle bench fuzz fuzz-build bench-hostile clean install uninstall deb man completions dist

all: build

# Installs the Debian packages of $(1) that are missing (apt-get update only when something is).
define install_missing
	@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing:" $$missing; \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

## deps: the packages to build and run
deps:
	$(call install_missing,$(RUN_PACKAGES))

## test-deps: and those of the tests, the benchmark and the browser checks
test-deps:
	$(call install_missing,$(RUN_PACKAGES) $(TEST_PACKAGES))

## build: the release binary at .build/release/cellheight
build: deps
	$(SWIFT) build $(RELEASE)

## run: measure the sample fixture with the default font (sans-serif, as Chromium resolves it)
run: build
	$(BIN) --width 240 fixtures/sample.txt

## test: lint, then one release build with the tests; the README's and docs' examples, the JSON Schemas, the
## installation and the CI kit against its binary, then every Swift test (the CLI tests run that same binary)
test: test-deps lint
	$(SWIFT) build $(RELEASE) --build-tests
	python3 scripts/check-readme-examples.py
	python3 scripts/check-schemas.py
	bash scripts/check-install.sh
	bash scripts/check-ci-kit.sh
	$(SWIFT) test $(RELEASE) --skip-build --disable-xctest

## docs: the library's documentation in .build/docs (DocC: Sources/CellHeightKit/CellHeightKit.docc and
## the public API's comments, with the engine's types that CellHeightKit re-exports), a static site;
## `make docs-preview` serves it at http://localhost:8000
# The symbol graph comes from the release build's module (swift symbolgraph-extract, no second build),
# and the toolchain's docc converts it: swift-docc-plugin would be a package dependency that every
# clone resolves and builds, for a target that only this one uses.
SYMBOL_GRAPHS := .build/symbol-graphs
MODULE_MAPS := $(foreach m,CFreeType CHarfBuzz CFontconfig CICU CLibCrypto CLibXML2,-Xcc -fmodule-map-file=Sources/$(m)/module.modulemap) \
	$(foreach m,ICUBridge HTMLBridge ProcessCleanup,-Xcc -fmodule-map-file=.build/release/$(m).build/module.modulemap) \
	-Xcc -fmodule-map-file=.build/checkouts/Yams/Sources/CYaml/include/module.modulemap
docs: build
	rm -rf $(SYMBOL_GRAPHS) .build/docs && mkdir -p $(SYMBOL_GRAPHS)
	$(SWIFT) symbolgraph-extract -module-name CellHeightKit -minimum-access-level public -I .build/release/Modules \
		-experimental-allowed-reexported-modules=CellHeightEngine \
		-target $$(uname -m)-unknown-linux-gnu -output-dir $(SYMBOL_GRAPHS) $(MODULE_MAPS) \
		$$(pkg-config --cflags-only-I freetype2 harfbuzz libxml-2.0 | sed 's/-I/-Xcc -I/g')
	docc convert Sources/CellHeightKit/CellHeightKit.docc --additional-symbol-graph-dir $(SYMBOL_GRAPHS) \
		--output-path .build/docs --fallback-display-name CellHeightKit \
		--fallback-bundle-identifier org.cellheight.CellHeightKit --transform-for-static-hosting
	@echo "documentation: .build/docs (make docs-preview serves it)"

## docs-preview: serve .build/docs at http://localhost:8000/documentation/cellheightkit
docs-preview:
	cd .build/docs && python3 -m http.server 8000

## lint: `swift format lint` with .swift-format (4 spaces, 120 columns) on Sources/ and Tests/, and no
## line over 120 columns beyond each file's allowance (scripts/long-lines.txt, which only goes down), and no
## declaration that nothing uses (scripts/check-unused.py)
# The rules run as lint rules only (--debug-disable-pretty-print): the code was written by hand before
# the configuration, and the pretty-printer would re-indent some 700 lines and re-wrap 500, so the
# line length is checked by scripts/check-line-length.py instead. Rules turned off in .swift-format
# (JSON has no comments), each because the code uses the construct on purpose:
#   OneVariableDeclarationPerLine (`var x = 0, y = 0` for values that go together, ~250 places),
#   DoNotUseSemicolons (short paired statements on one line, ~190), OnlyOneTrailingClosureArgument
#   (the measurers take a closure argument and a trailing `then:`), OrderedImports (Glibc is
#   imported under `#if canImport(Glibc)` before Foundation), OneCasePerLine (cases grouped by
#   meaning), NoParensAroundConditions (parentheses group an `||` inside a comma-separated
#   condition), UseSynthesizedInitializer (explicit inits document the stored properties' order).
lint:
	$(SWIFT) format lint --strict --debug-disable-pretty-print --recursive --parallel Sources Tests
	python3 scripts/check-line-length.py
	python3 scripts/check-unused.py

## man, completions: generated from the command's definitions into .build/share
# (swift-argument-parser's generate-manual tool, the one its plugin runs, over the release binary;
# built in the same configuration, on the ArgumentParser already built for it)
man: build
	$(SWIFT) build $(RELEASE) --product generate-manual
	mkdir -p $(SHARE)/man
	"$$($(SWIFT) build $(RELEASE) --show-bin-path)/generate-manual" $(BIN) --output-directory $(SHARE)/man \
		--date "$$(git log -1 --format=%cs 2>/dev/null || date +%F)"
	python3 scripts/man-page.py $(SHARE)/man/cellheight.1

completions: build
	mkdir -p $(SHARE)/completions
	$(BIN) --generate-completion-script bash | sed '1{/^#!/d}' > $(SHARE)/completions/cellheight.bash
	$(BIN) --generate-completion-script zsh > $(SHARE)/completions/_cellheight
	$(BIN) --generate-completion-script fish > $(SHARE)/completions/cellheight.fish

## install: the binary (stripped), man page, completions, ready-made templates and the forecast's expansion
## model under $(DESTDIR)$(PREFIX)
install: build man completions
	install -Dm755 -s $(BIN) $(DESTDIR)$(PREFIX)/bin/cellheight
	install -Dm644 $(SHARE)/man/cellheight.1 $(DESTDIR)$(PREFIX)/share/man/man1/cellheight.1
	install -Dm644 $(SHARE)/completions/cellheight.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/cellheight
	install -Dm644 $(SHARE)/completions/_cellheight $(DESTDIR)$(PREFIX)/$(ZSH_COMPLETIONS)/_cellheight
	install -Dm644 $(SHARE)/completions/cellheight.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/cellheight.fish
	install -d $(DESTDIR)$(PREFIX)/share/cellheight/templates
	install -m644 $(filter-out %.rows.json,$(wildcard fixtures/templates/*.json)) $(DESTDIR)$(PREFIX)/share/cellheight/templates/
	install -m755 scripts/pre-commit-hook.sh $(DESTDIR)$(PREFIX)/share/cellheight/pre-commit-hook.sh
	install -m644 data/expansion-model.json $(DESTDIR)$(PREFIX)/share/cellheight/expansion-model.json
	install -Dm644 LICENSE $(DESTDIR)$(PREFIX)/share/doc/cellheight/copyright
	install -Dm644 README.md $(DESTDIR)$(PREFIX)/share/doc/cellheight/README.md

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/cellheight $(DESTDIR)$(PREFIX)/share/man/man1/cellheight.1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions/cellheight \
		$(DESTDIR)$(PREFIX)/$(ZSH_COMPLETIONS)/_cellheight \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/cellheight.fish
	rm -rf $(DESTDIR)$(PREFIX)/share/cellheight $(DESTDIR)$(PREFIX)/share/doc/cellheight

## deb: a Debian 12 package at .build/cellheight_$(VERSION)_$(ARCH).deb (see scripts/make-deb.sh)
deb: build man completions
	$(call install_missing,dpkg-dev)
	bash scripts/make-deb.sh $(VERSION)

## dist: the release artifacts of $(VERSION) in .build/dist: cellheight-$(VERSION)-linux-ARCH.tar.gz
## (bin/, share/: the stripped binary, man page, completions, templates; LICENSE, README.md), the
## .deb and SHA256SUMS. The container image (Debian 12, its default fonts, the .deb) is built
## from them with: podman build -f Containerfile -t cellheight:$(VERSION) .build/dist
## (or docker build; see docs/install.md)
dist: deb
	bash scripts/make-dist.sh $(VERSION)

## oracle: score the release binary with the shared Chromium checker
oracle: build
	python3 $(ORACLE_CHECK) $(BIN)

## bench: throughput on 10k/100k/1M rows of real prose, side by side with Pango
bench: test-deps build
	python3 bench/run.py

## fuzz: build the libFuzzer target (address sanitizer, own scratch path) and run it for
## FUZZ_SECONDS over fuzz/corpus/ (seeds, committed) and fuzz/findings/ (new inputs, not committed);
## crashes are written to fuzz/findings/ as crash-*
FUZZ_SECONDS ?= 60
FUZZ_SCRATCH := .build-fuzz
FUZZ_BIN := $(FUZZ_SCRATCH)/debug/CellHeightFuzz
fuzz-build: test-deps
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

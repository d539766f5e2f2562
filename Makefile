# Radial: `make run` opens the gallery, `make test` runs every test. Both install what is missing.
SWIFT ?= swift

.PHONY: all setup build debug run test orca-test audio-test bench readme-images goldens clean install uninstall fuzz soak worst-cases docs api
PREFIX ?= /usr/local
DESTDIR ?=

all: build

setup:
	@scripts/setup

build: setup
	$(SWIFT) build -c release -Xswiftc -warnings-as-errors

debug: setup
	$(SWIFT) build

run: build
	@scripts/run

test: setup
	@scripts/test

# The window's audio graphs through a PulseAudio null sink, recorded with parec (WindowAudioTests).
audio-test: setup
	swift build --build-tests -Xswiftc -warnings-as-errors
	RADIAL_WINDOW_AUDIO=1 xvfb-run -a -s "-screen 0 1920x1200x24" swift test --skip-build --filter WindowAudioTests

# Orca 43 against the gallery, its every utterance compared with Tests/accessibility/orca_expected.txt
# (also part of `make test`, as the OrcaTests suite); the transcript lands in .build/orca-transcript.txt.
orca-test: setup
	swift build -Xswiftc -warnings-as-errors
	/usr/bin/python3 Tests/accessibility/orca_test.py --session .build/debug/radial --transcript .build/orca-transcript.txt

# DocC archives of the three products in .build/docs (warnings are errors).
docs: setup
	@scripts/api docs

# The public API against api/*.txt, and a doc comment on every public symbol (make test checks it too);
# `scripts/api record` after a deliberate change.
api: setup
	@scripts/api check

# Frame times of each demo against the floor (see docs/performance.md).
bench: build
	for d in ebike scan pies; do .build/release/radial bench --demo $$d --against floor --size 1280x720; done

# libFuzzer: TARGET=spec|csv|stream|options (the parsers alone) or pipeline (decode … draw …
# reload; the default), for FUZZ_SECONDS (default 60) or FUZZ_RUNS inputs; FUZZ_ASAN=1 under
# AddressSanitizer. Findings land in .build/fuzz/TARGET/findings/. Not part of build or test.
fuzz: setup
	@TARGET=$${TARGET:-pipeline} scripts/fuzz

# Long-running memory check: the dashboard reloaded every second for SOAK_MINUTES (default 30).
soak: build
	xvfb-run -a .build/release/radial bench --soak $${SOAK_MINUTES:-30} --offscreen --size 800x800

# The heaviest files inside the documented limits, in .build/worst-cases/ (docs/spec.md, Limits),
# each rendered at 16x16, 320x320 and 800x800 (PNG) and 320x320 (SVG), timed.
worst-cases: build
	@scripts/worst-cases .build/worst-cases --measure

# Draw the README's pictures again from the commands printed under them (scripts/readme-images
# --list); ReadmeImageTests fails until they match. Look at every PNG before committing.
readme-images: build
	scripts/readme-images

# Re-record the render goldens after a deliberate change; look at every PNG before committing.
goldens: setup
	RADIAL_RECORD_GOLDENS=1 scripts/test --filter RadialRenderTests || true

# The binary, radial(1), bash and zsh completions, a .desktop entry and its icon under PREFIX.
install: build
	install -D -m 755 .build/release/radial $(DESTDIR)$(PREFIX)/bin/radial
	mkdir -p $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions
	.build/release/radial manpage > $(DESTDIR)$(PREFIX)/share/man/man1/radial.1
	.build/release/radial completions bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/radial
	.build/release/radial completions zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_radial
	install -D -m 644 data/radial.desktop $(DESTDIR)$(PREFIX)/share/applications/radial.desktop
	install -D -m 644 data/radial.svg $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/radial.svg

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/radial $(DESTDIR)$(PREFIX)/share/man/man1/radial.1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions/radial $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_radial \
	  $(DESTDIR)$(PREFIX)/share/applications/radial.desktop $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/radial.svg

clean:
	rm -rf .build

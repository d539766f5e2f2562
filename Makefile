# Radial: `make run` opens the gallery, `make test` runs every test. Both install what is missing.
SWIFT ?= swift

.PHONY: all setup build debug run test bench screenshots goldens clean fuzz soak worst-cases

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

# Frame times of each demo against the floor (see docs/performance.md).
bench: build
	for d in ebike scan pies; do .build/release/radial bench --demo $$d --against floor --size 1280x720; done

# libFuzzer over the pure pipeline (decode … draw … reload) for FUZZ_SECONDS (default 60);
# findings land in .build/fuzz/findings/. Not part of build or test.
fuzz: setup
	@scripts/fuzz

# Long-running memory check: the dashboard reloaded every second for SOAK_MINUTES (default 30).
soak: build
	xvfb-run -a .build/release/radial bench --soak $${SOAK_MINUTES:-30} --offscreen --size 800x800

# The heaviest files inside the documented limits, in .build/worst-cases/ (docs/spec.md, Limits).
worst-cases:
	@scripts/worst-cases

# Re-record the render goldens after a deliberate change; look at every PNG before committing.
goldens: setup
	RADIAL_RECORD_GOLDENS=1 scripts/test --filter RadialRenderTests || true

clean:
	rm -rf .build

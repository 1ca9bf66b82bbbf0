# acqrel: plain GNU make. Targets: all check sanitize tsan fuzz demo bench litmus-check clean.
# V=1 shows full command lines; WERROR=1 adds -Werror (CI sets it).

CC ?= gcc
CFLAGS ?= -O2 -g
override CFLAGS += -std=gnu11 -D_GNU_SOURCE -Wall -Wextra -Wshadow -MMD -MP -pthread
ifeq ($(WERROR),1)
override CFLAGS += -Werror
endif
LDLIBS = -ltree-sitter -pthread

TS_C := .deps/tree-sitter-c-0.23.6
BUILD ?= build
KERNEL_DIR ?= $(CURDIR)/.kernel
export KERNEL_DIR

ifeq ($(V),1)
Q =
else
Q = @
endif

LIB_SRC := $(wildcard src/lib/*.c) $(wildcard src/litmus/*.c)
CMD_SRC := $(wildcard src/cmd/*.c)
LIB_OBJ := $(LIB_SRC:src/%.c=$(BUILD)/%.o) $(BUILD)/grammar/parser.o
CMD_OBJ := $(CMD_SRC:src/%.c=$(BUILD)/%.o) $(BUILD)/main.o
UNIT_SRC := $(wildcard tests/unit/t-*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
# fuzz targets: tests/fuzz/fuzz-<name>.c, one per reader of hostile input
FUZZ_TARGETS := $(patsubst tests/fuzz/fuzz-%.c,%,$(wildcard tests/fuzz/fuzz-*.c))
REPLAY_BIN := $(FUZZ_TARGETS:%=$(BUILD)/tests/replay-%)

all: $(BUILD)/acqrel $(UNIT_BIN) $(BUILD)/tests/ts-errors $(BUILD)/tests/xattr $(REPLAY_BIN)

# deps.sh is idempotent and quiet; the stamp keeps make from calling it for every object
$(TS_C)/src/parser.c:
	$(Q)sh scripts/deps.sh

.PHONY: deps
deps:
	$(Q)sh scripts/deps.sh

$(BUILD)/%.o: src/%.c | $(TS_C)/src/parser.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(CFLAGS) -Isrc -c -o $@ $<

# third-party grammar: built as shipped, without our warning flags
$(BUILD)/grammar/parser.o: $(TS_C)/src/parser.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) -O2 -g $(filter -fsanitize%,$(CFLAGS)) -std=gnu11 -w -I$(TS_C)/src -c -o $@ $<

$(BUILD)/libacqrel.a: $(LIB_OBJ)
	$(Q)rm -f $@ && ar rcs $@ $^

$(BUILD)/acqrel: $(CMD_OBJ) $(BUILD)/libacqrel.a
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/tests/t-%: tests/unit/t-%.c $(BUILD)/libacqrel.a
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(CFLAGS) -Isrc -o $@ $< $(BUILD)/libacqrel.a $(LDLIBS)

# test helper: counts tree-sitter ERROR nodes (patch.t, before and after a rewrite)
$(BUILD)/tests/ts-errors: tests/tools/ts-errors.c $(BUILD)/grammar/parser.o
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(CFLAGS) -o $@ $< $(BUILD)/grammar/parser.o $(LDLIBS)

# test helper: sets and reads extended attributes (apply.t)
$(BUILD)/tests/xattr: tests/tools/xattr.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(CFLAGS) -o $@ $<

# a fuzz target without libFuzzer, over files (tests/fuzz.t: regressions, seeds)
$(BUILD)/tests/replay-%: tests/fuzz/fuzz-%.c tests/fuzz/replay.c $(BUILD)/libacqrel.a
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(CFLAGS) -Isrc -o $@ $< tests/fuzz/replay.c $(BUILD)/libacqrel.a $(LDLIBS)

# The whole suite: unit tests, golden fixtures, bad input, and the real
# kernels (installed from Debian and unpacked under .kernel/ when missing).
.PHONY: check
# acqrel's result cache goes to a folder of this run, emptied first: no test
# reads what another run left.
check: all
	$(Q)rm -rf $(CURDIR)/$(BUILD)/test-cache
	$(Q)ACQREL=$(CURDIR)/$(BUILD)/acqrel UNIT_DIR=$(CURDIR)/$(BUILD)/tests \
		XDG_CACHE_HOME=$(CURDIR)/$(BUILD)/test-cache \
		prove -f $(UNIT_BIN) tests/*.t

# The same suite under AddressSanitizer and UndefinedBehaviorSanitizer.
.PHONY: sanitize
sanitize:
	$(Q)ACQREL_SANITIZE=1 ASAN_OPTIONS=exitcode=99:detect_leaks=1 $(MAKE) --no-print-directory BUILD=build-san \
		CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
		check

# acqrel litmus against herd7's results on ../shared/litmus (also part of
# check, through tests/litmus-collection.t): prints the agreement figures.
.PHONY: litmus-check
litmus-check: $(BUILD)/acqrel
	$(Q)ACQREL=$(CURDIR)/$(BUILD)/acqrel perl tests/litmus-collection.t
# The same suite under ThreadSanitizer (the worker threads of sites_run()).
.PHONY: tsan
tsan:
	$(Q)ACQREL_SANITIZE=1 TSAN_OPTIONS=exitcode=66:halt_on_error=1 $(MAKE) --no-print-directory \
		BUILD=build-tsan CFLAGS="-O1 -g -fsanitize=thread -fno-omit-frame-pointer" check

# libFuzzer over every reader of hostile input (tests/fuzz/fuzz-*.c), built
# with Debian's clang under ASan and UBSan into build-fuzz/, seeded from the
# test fixtures; each target runs FUZZ_TIME seconds, one job. Not part of
# check: a crash it finds becomes a file in tests/fuzz/regressions/TARGET/,
# which tests/fuzz.t replays in every make check.
FUZZ_TIME ?= 60
FUZZ_BUILD := build-fuzz
FUZZ_CC ?= clang
FUZZ_CFLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
	-fno-sanitize-recover=all -std=gnu11 -D_GNU_SOURCE -pthread
FUZZ_LIB_OBJ := $(LIB_SRC:src/%.c=$(FUZZ_BUILD)/%.o) $(FUZZ_BUILD)/grammar/parser.o

.PHONY: fuzz fuzz-build
fuzz:
	$(Q)sh scripts/deps.sh --fuzz
	$(Q)$(MAKE) --no-print-directory fuzz-build
	$(Q)sh tests/fuzz/run.sh $(FUZZ_BUILD) "$(FUZZ_TIME)" $(FUZZ_TARGETS)

fuzz-build: $(FUZZ_TARGETS:%=$(FUZZ_BUILD)/fuzz-%)
.SECONDARY: $(FUZZ_LIB_OBJ)

$(FUZZ_BUILD)/%.o: src/%.c | $(TS_C)/src/parser.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $< (fuzz)")
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -MMD -MP -fsanitize=fuzzer-no-link -Isrc -c -o $@ $<

$(FUZZ_BUILD)/grammar/parser.o: $(TS_C)/src/parser.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $< (fuzz)")
	$(Q)$(FUZZ_CC) -O1 -g -fsanitize=address,undefined -std=gnu11 -w -I$(TS_C)/src -c -o $@ $<

$(FUZZ_BUILD)/fuzz-%: tests/fuzz/fuzz-%.c $(FUZZ_LIB_OBJ)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -Isrc -o $@ $(filter %.c %.o,$^) -ltree-sitter

.PHONY: demo
demo: $(BUILD)/acqrel
	$(Q)tree=$$(sh scripts/kernel.sh 6.12) && $(BUILD)/acqrel sites --summary "$$tree" && \
		echo && $(BUILD)/acqrel pairs --summary "$$tree" && echo && rm -rf out && \
		$(BUILD)/acqrel patch -o out "$$tree"

.PHONY: bench
bench: $(BUILD)/acqrel
	$(Q)sh bench/bench.sh $(BUILD)/acqrel "$$(sh scripts/kernel.sh 6.12)"

# Builds what the 6.12 series touches for x86_64 and arm64, before and after,
# and compares the barrier instructions with acqrel cost (not part of check:
# it configures and compiles kernel objects, ~30 min).
# KERNEL_CHECK_FLAGS='--arch all --jobs 2' builds the six architectures.
KERNEL_CHECK_FLAGS ?=
.PHONY: kernel-check
kernel-check: $(BUILD)/acqrel $(BUILD)/tests/ts-errors
	$(Q)perl scripts/kernel-check.pl $(KERNEL_CHECK_FLAGS) $(BUILD)/acqrel \
		"$$(sh scripts/kernel.sh 6.12)"

.PHONY: report
report: $(BUILD)/acqrel
	$(Q)perl scripts/pairs-report.pl --write $(BUILD)/acqrel

# docs/patches-6.12.md: the default 6.12 series with the reviews of
# docs/patches-6.12-review.md (runs acqrel patch on the tree, ~35 s).
.PHONY: patches-doc
patches-doc: $(BUILD)/acqrel
	$(Q)perl scripts/patches-doc.pl $(BUILD)/acqrel

.PHONY: clean
clean:
	rm -rf build build-san build-tsan build-fuzz

-include $(shell find $(BUILD) $(if $(filter fuzz-build,$(MAKECMDGOALS)),$(FUZZ_BUILD)) -name '*.d' 2>/dev/null)

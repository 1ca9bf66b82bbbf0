# acqrel: plain GNU make. Targets: all check sanitize demo bench clean.
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

LIB_SRC := $(wildcard src/lib/*.c)
CMD_SRC := $(wildcard src/cmd/*.c)
LIB_OBJ := $(LIB_SRC:src/%.c=$(BUILD)/%.o) $(BUILD)/grammar/parser.o
CMD_OBJ := $(CMD_SRC:src/%.c=$(BUILD)/%.o) $(BUILD)/main.o
UNIT_SRC := $(wildcard tests/unit/t-*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)

all: $(BUILD)/acqrel $(UNIT_BIN) $(BUILD)/tests/ts-errors $(BUILD)/tests/xattr

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

# The whole suite: unit tests, golden fixtures, bad input, and the real
# kernels (installed from Debian and unpacked under .kernel/ when missing).
.PHONY: check
check: all
	$(Q)ACQREL=$(CURDIR)/$(BUILD)/acqrel UNIT_DIR=$(CURDIR)/$(BUILD)/tests \
		prove -f $(UNIT_BIN) tests/*.t

# The same suite under AddressSanitizer and UndefinedBehaviorSanitizer.
.PHONY: sanitize
sanitize:
	$(Q)ACQREL_SANITIZE=1 ASAN_OPTIONS=exitcode=99:detect_leaks=1 $(MAKE) --no-print-directory BUILD=build-san \
		CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
		check

.PHONY: demo
demo: $(BUILD)/acqrel
	$(Q)tree=$$(sh scripts/kernel.sh 6.12) && $(BUILD)/acqrel sites --summary "$$tree" && \
		echo && $(BUILD)/acqrel pairs --summary "$$tree" && echo && rm -rf out && \
		$(BUILD)/acqrel patch -o out "$$tree"

.PHONY: bench
bench: $(BUILD)/acqrel
	$(Q)sh bench/bench.sh $(BUILD)/acqrel "$$(sh scripts/kernel.sh 6.12)"

# Builds what the 6.12 series touches for x86_64 and arm64, before and after
# (not part of check: it configures and compiles kernel objects, ~30 min).
.PHONY: kernel-check
kernel-check: $(BUILD)/acqrel $(BUILD)/tests/ts-errors
	$(Q)perl scripts/kernel-check.pl $(BUILD)/acqrel "$$(sh scripts/kernel.sh 6.12)"

.PHONY: report
report: $(BUILD)/acqrel
	$(Q)perl scripts/pairs-report.pl --write $(BUILD)/acqrel

.PHONY: clean
clean:
	rm -rf build build-san

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

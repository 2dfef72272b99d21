# uidx -- PGXS build.  `make demo` and `make test` are the two entry points;
# the usual `make`, `make install` and `make installcheck` work as for any
# PGXS extension.

EXTENSION    = uidx
EXTVERSION   = 1.3
# The PostgreSQL majors uidx supports, each built and tested (make test-all;
# docs/upgrades.md "Supported servers and upgrades").  The Debian packaging's
# debian/pgversions and every "15 to N" of the docs must agree with it
# (test/t/readme-examples.sh checks).
PG_MAJORS    = 15 16 17 18 19
MODULE_big   = uidx
OBJS         = $(patsubst %.c,%.o,$(sort $(wildcard src/*.c)))
# The current version's script is assembled from src/sql/install/; every released
# version's script and every upgrade script are kept as they shipped in
# src/sql/versions/ (uidx--1.0.sql is the 1.0 install script, byte for byte).
# The open update script (from the last release), while a version is in
# development, is the one version file that is built: src/sql/assemble.sh
# --update expands its --@functions line into every function of
# src/sql/install/.  A released tree has none (OPEN_UPDATE empty): its delta
# is frozen in src/sql/versions/ as the build expanded it (test/README.md
# "Upgrade scripts"); the next version opens with OPEN_UPDATE =
# uidx--$(last release)--$(EXTVERSION).sql.
OPEN_UPDATE  =
DATA_built   = uidx--$(EXTVERSION).sql $(OPEN_UPDATE)
DATA         = $(filter-out $(addprefix src/sql/versions/,$(OPEN_UPDATE)),$(sort $(wildcard src/sql/versions/uidx--*.sql)))
# UIDX_CLOCK_GRAIN_NS=N (e.g. 1000000) builds a real clock that ticks only
# every N ns, for a test run that proves no result depends on how many calls
# fall into one tick (src/clock.c, test/README.md "Testing"); never for use.
# UIDX_VERSION: the version the magic block gives PostgreSQL 18 and later
# (src/compat.h).
PG_CPPFLAGS  = -I$(srcdir)/src -DUIDX_VERSION='"$(EXTVERSION)"' \
               $(if $(UIDX_CLOCK_GRAIN_NS),-DUIDX_CLOCK_GRAIN_NS=$(UIDX_CLOCK_GRAIN_NS))
# Since PostgreSQL 16 the varlena macros need varatt.h; a missing include must
# fail the build, not the library load.  -Wextra less the two warnings that
# PostgreSQL's own C idioms trip (PG_FUNCTION_ARGS handlers that ignore
# fcinfo, partial struct initializers); UIDX_WERROR=1 (CI) makes every
# warning an error.
PG_CFLAGS    = -Werror=implicit-function-declaration -Wextra -Wno-unused-parameter \
               -Wno-missing-field-initializers $(if $(UIDX_WERROR),-Werror)
SHLIB_LINK   = -lcrypto
EXTRA_CLEAN  = uidx--$(EXTVERSION).sql uidx--$(EXTVERSION).sql.tmp $(OPEN_UPDATE) $(addsuffix .tmp,$(OPEN_UPDATE)) \
               results/ regression.diffs regression.out

# Every sql/NAME.sql is a pg_regress test with expected/NAME.out.
REGRESS      = $(basename $(notdir $(sort $(wildcard sql/*.sql))))
REGRESS_OPTS = --load-extension=uidx
# `make installcheck` first checks that psql reaches the server (PGHOST,
# PGPORT, PGUSER) as a superuser, which the suite needs (README "Installing"):
# otherwise pg_regress fails on its first ALTER DATABASE (lc_messages), which
# does not say why, and leaves a regression.out and regression.diffs that
# `pgxn check` copies into the current directory.
REGRESS_PREP = installcheck-preflight

# The install script is assembled from one fragment per family.
INSTALL_FRAGMENTS = $(sort $(wildcard src/sql/install/*.sql))

PG_CONFIG ?= pg_config
PGXS := $(shell $(PG_CONFIG) --pgxs 2>/dev/null)

.PHONY: deps demo test test-full test-all test-citus stress test-timefilter bench fuzz asan-check managed test-managed installcheck-preflight

ifneq ($(wildcard $(PGXS)),)
include $(PGXS)

# Objects built for one server must not be linked for another: a change of
# PG_CONFIG or of the clock's grain (recorded in src/.built-for) rebuilds
# everything.
BUILT_FOR = src/.built-for
BUILT_FOR_KEY = $(VERSION) $(PG_CONFIG)$(if $(UIDX_CLOCK_GRAIN_NS), clock grain $(UIDX_CLOCK_GRAIN_NS) ns)
$(shell echo '$(BUILT_FOR_KEY)' | cmp -s - $(BUILT_FOR) 2>/dev/null || echo '$(BUILT_FOR_KEY)' > $(BUILT_FOR))
$(OBJS): $(BUILT_FOR) $(wildcard src/*.h)
# `make clean all` removes it after the line above wrote it: written again then
$(BUILT_FOR):
	echo '$(BUILT_FOR_KEY)' > $@
EXTRA_CLEAN += $(BUILT_FOR)

# The install script is the fragments of src/sql/install/ one after another:
# plain SQL, every object written out where grep finds it, in its family file
# or, where uidx_sql installs it too, in the src/sql/common/ file that the family
# file includes (src/sql/assemble.sh).
uidx--$(EXTVERSION).sql: $(INSTALL_FRAGMENTS) $(wildcard src/sql/common/*.sql) src/sql/assemble.sh
	bash src/sql/assemble.sh uidx $(INSTALL_FRAGMENTS) > $@.tmp
	mv $@.tmp $@

ifneq ($(OPEN_UPDATE),)
$(OPEN_UPDATE): src/sql/versions/$(OPEN_UPDATE) $(INSTALL_FRAGMENTS) $(wildcard src/sql/common/*.sql) src/sql/assemble.sh
	bash src/sql/assemble.sh --update uidx src/sql/versions/$(OPEN_UPDATE) $(INSTALL_FRAGMENTS) > $@.tmp
	mv $@.tmp $@
endif

installcheck-preflight:
	@out=$$('$(bindir)/psql' -X -A -t -q -d postgres \
	        -c 'SELECT current_user || CASE WHEN rolsuper THEN $$$$ is a superuser$$$$ ELSE $$$$ is not a superuser$$$$ END FROM pg_roles WHERE rolname = current_user' 2>&1) \
	  || { echo "uidx: make installcheck cannot connect to the server: $$out" >&2; \
	       echo "uidx: set PGHOST, PGPORT and PGUSER (as for psql) to a test server and a superuser role on it" >&2; exit 1; }; \
	case "$$out" in \
	  *' is a superuser') ;; \
	  *) echo "uidx: make installcheck must connect as a superuser role; $$out" >&2; \
	     echo "uidx: the suite creates its database, the extension and regress_* roles, and sets lc_messages and the test clock: set PGUSER to a superuser of a test server" >&2; exit 1 ;; \
	esac
endif

# Installs what a fresh Debian 12 machine is missing to build and run make test
# (PostgreSQL 15 server and headers, OpenSSL headers, Perl's IPC::Run, git).
# Does nothing when all is there.  The slower suites install what they need
# themselves when they run (test/scripts/ensure-deps.sh lists the groups).
deps: clone-only
	@bash test/scripts/ensure-deps.sh test

# The release zip (make dist) carries what make, make install and make
# installcheck need, not the developers' scripts under test/: the targets that
# run them say so instead of failing on a missing file.
.PHONY: clone-only
clone-only:
	@test -f test/scripts/ensure-deps.sh || { \
	  echo "uidx: make $(or $(filter-out clone-only,$(MAKECMDGOALS)),deps) needs a clone of the uidx repository: this tree is a release zip, which builds, installs and tests the extension with make, make install and make installcheck (README.md \"Installing\")" >&2; exit 2; }

# `make install` writes into the server's directories: as root directly,
# otherwise through sudo (the build itself stays the user's).
SUDO = $(if $(filter 0,$(shell id -u)),,sudo)
demo: clone-only
	@bash test/scripts/ensure-deps.sh demo
	$(MAKE) all
	$(SUDO) $(MAKE) install PG_CONFIG=$(PG_CONFIG)
	bash test/scripts/demo.sh

# The quick suite, for every change: pg_regress and the TAP and script tests
# that guard the core (a few minutes on 2 cores), one [n/N] line per test.
# Runs against a private copy of the server with this tree installed into it,
# so it never touches the system install or a running cluster.
test: deps
	$(MAKE) all
	bash test/scripts/run-tests.sh

# Everything on one server: the quick suite with its full counts, and the
# drivers, uidx_sql (managed), pg_partman, encodings, fuzz smoke, package-list
# and fresh-clone tests (test/scripts/run-tests.sh names them).  CI runs it.
test-full: deps
	$(MAKE) all
	UIDX_SUITE=full bash test/scripts/run-tests.sh

# make test-full on PostgreSQL 15, 16, 17, 18 and 19 (16 to 19 built by
# test/scripts/build-pg.sh on first use, then cached), one summary line per
# version, then the Citus test.
test-all: deps
	bash test/scripts/test-all.sh

# uidx types as Citus distribution columns (test/t/citus.sh): a coordinator
# and two workers of PostgreSQL 18 with the vendored Citus, built once into the
# cache; uidx is built for them in a copy of the tree, so whatever this tree
# was built for stays as it is.  Skipped, not failed, without the archive.
test-citus: deps
	@status=0; bash test/t/citus.sh || status=$$?; \
	  if [ $$status -eq 77 ]; then exit 0; else exit $$status; fi

# The full concurrency load: 8 pgbench clients x 250,000 ids for every
# generator (make test-full runs 4 x 200,000 to stay within the CI budget,
# make test 4 x 20,000).
stress: deps
	$(MAKE) all
	CONC_CLIENTS=8 CONC_IDS=250000 UIDX_TESTS=none UIDX_SCRIPTS=t/concurrency.pl \
	  bash test/scripts/run-tests.sh

# The time-filter differential test (test/t/time-filter-differential.pl) at
# scale: 30,000 generated queries (make test runs 300), each with the
# rewrite off, on the reference table, in the default configuration and in 2
# of the 7 others (UIDX_DIFF_SAMPLE; make test runs every query in all 10),
# as many configurations at once as there are CPUs (UIDX_DIFF_JOBS).
# UIDX_DIFF_SEED picks the seed; the seed a run printed replays its queries
# whatever UIDX_DIFF_SAMPLE is.  CI runs this target as it is.
test-timefilter: deps
	$(MAKE) all
	UIDX_DIFF_QUERIES=$${UIDX_DIFF_QUERIES:-30000} UIDX_DIFF_SAMPLE=$${UIDX_DIFF_SAMPLE:-2} \
	  UIDX_TESTS=none UIDX_SCRIPTS=t/time-filter-differential.pl \
	  bash test/scripts/run-tests.sh

bench: deps
	@bash test/scripts/ensure-deps.sh bench
	$(MAKE) all
	bash test/bench/run.sh

# libFuzzer harnesses under test/fuzz/; FUZZ_SECONDS per harness (default 60).
fuzz: clone-only
	@bash test/scripts/ensure-deps.sh fuzz
	bash test/fuzz/run.sh

# The pg_regress suite against an -fsanitize=address,undefined build.
asan-check: deps
	@bash test/scripts/ensure-deps.sh fuzz
	bash test/scripts/asan-check.sh

# `make dist`: the PGXN release uidx-<META.json version>.zip, archived from the
# committed HEAD (not the working tree), holding only what `make`, `make
# install` and `make installcheck` need: test/t/generators.list and its
# fixtures are read by test/regress/generators.sql.  Its Markdown is made to
# stand alone (test/packaging/dist-docs.py, which writes the zip): the README opens with what the
# zip is for instead of the clone's make demo and make test, and a link to a
# file the zip omits names the file in the repository instead.
# test/packaging/dist.sh checks the list, the links and the README's
# promises, and builds from the unpacked zip.
DISTVERSION = $(EXTVERSION).0
DIST_PATHS  = LICENSE CHANGELOG.md META.json Makefile README.md docs uidx.control src sql expected test/regress \
              test/t/generators.list test/t/generators-fixtures.sql
.PHONY: dist deb test-packaging
dist:
	@git diff --quiet HEAD -- $(DIST_PATHS) || echo "uidx: uncommitted changes are not in the zip (it archives HEAD)" >&2
	git archive --format=tar --prefix=uidx-$(DISTVERSION)/ HEAD \
	  -- $$(git ls-tree -r --name-only HEAD -- $(DIST_PATHS)) \
	  | python3 test/packaging/dist-docs.py uidx-$(DISTVERSION) uidx-$(DISTVERSION).zip

# `make deb`: postgresql-N-uidx_<version>-1_<arch>.deb in deb/, built with
# pg_buildext from the release zip and test/packaging/debian/, for every N of
# debian/pgversions whose postgresql-server-dev-N is installed, each checked
# with make installcheck against the build's files (DEB_BUILD_OPTIONS=nocheck
# skips that).  docs/upgrades.md "From a Debian package".
deb:
	bash test/packaging/build-deb.sh deb

# The release channels, as root (test/packaging/): the PGXN zip built,
# unpacked and installchecked on 15 (with pgxnclient), and the Debian package
# built with pg_buildext, installed and installchecked.
test-packaging:
	bash test/packaging/dist.sh
	bash test/packaging/deb.sh
# uidx_sql, the SQL edition for managed servers (docs/managed.md):
# `make managed` writes its psql script and its pg_tle registration, both
# built from the family files src/sql/managed/[0-9]*.sql, into MANAGED_OUT.  `make test-managed`
# runs its tests (test/t/managed.sh, test/t/managed-pgtle.sh,
# test/t/managed-partman.sh, test/t/managed-regions.pl; make test-full runs them too, with fewer IDs) with
# 1,000,000 IDs per monotonic generator.
MANAGED_OUT ?= src/sql/managed/dist
managed:
	bash src/sql/managed/build.sh $(MANAGED_OUT) $(EXTVERSION)

# .ci/run reads MANAGED_SCRIPTS too, to leave them out of make test-full.
MANAGED_SCRIPTS = t/managed.sh t/managed-pgtle.sh t/managed-partman.sh t/managed-regions.pl
test-managed: deps
	$(MAKE) all
	MANAGED_IDS=1000000 MANAGED_RANDOM_IDS=100000 UIDX_TESTS=none \
	  UIDX_SCRIPTS="$(MANAGED_SCRIPTS)" bash test/scripts/run-tests.sh

# survey — see README.md. `make demo` and `make test` are the first two
# commands a new user runs.

GO      ?= go
BIN     ?= bin/survey
DEMO    ?= demo-data
PKGS    := ./...
# The sink reads rows through unsafe pointers; its tests run with the
# compiler's pointer checks (-d=checkptr, as under -race) so that pointer
# arithmetic leaving an allocation fails a test instead of a crawl.
CHECKPTR := -gcflags='github.com/agentpolicy/survey/sink=-d=checkptr'

.PHONY: all build test test-short test-race demo bench bench-quick notebooks fuzz docs vet lint clean

all: build

# -buildvcs=auto records the source revision in the binary (survey version,
# crawls.tool_version, documents.parser_version) even where GOFLAGS turns
# it off; outside a git checkout it records none.
build:
	$(GO) build -buildvcs=auto -o $(BIN) ./cmd/survey

## test: every test (real servers on loopback, real DuckDB and Parquet, Chromium for the report)
test:
	$(GO) vet $(PKGS)
	$(GO) test -count=1 -timeout 20m $(CHECKPTR) $(PKGS)

## test-race: the tests of the concurrent packages under the race detector
## (the crawler, the pipeline, the sink, the simulated web, the seeds). The
## pipeline's comparisons of two crawls, or of a crawl with the ground
## truth, skip there (internal/racetest): they need every fetch within its
## timeout, which the detector's slowdown makes a matter of luck.
RACEPKGS := ./crawl/... ./pipeline/... ./sink/... ./testweb/... ./seeds/...
test-race:
	$(GO) test -race -count=1 -timeout 30m $(RACEPKGS)

## test-short: the fast tests only
test-short:
	$(GO) test -short -count=1 $(CHECKPTR) $(PKGS)

## demo: start the simulated web, crawl it, print an adoption summary from DuckDB
demo: build
	./scripts/demo.sh $(BIN) $(DEMO)

## bench: the benchmark program (figures and ratios; see README)
bench: build
	$(GO) run ./cmd/survey-bench -survey $(BIN)

## bench-quick: the same program on a small population (under three minutes)
bench-quick: build
	$(GO) run ./cmd/survey-bench -survey $(BIN) -quick

## notebooks: execute every notebook against the demo dataset (crawled
## first, by make demo, only when there is none)
notebooks: build
	@test -f $(DEMO)/survey.duckdb || $(MAKE) demo
	./scripts/notebooks.sh $(DEMO)

## fuzz: run every fuzz target for FUZZTIME each (default 5m)
FUZZTIME ?= 5m
fuzz:
	./scripts/fuzz.sh $(FUZZTIME)

## docs: regenerate the generated documentation (diagnostic codes, data dictionary)
docs: build
	$(BIN) check --codes --format markdown > docs/diagnostics.md
	$(GO) run ./sink/cmd/gendict -o docs/data-dictionary.md -views notebooks/parquet-views.json

vet:
	$(GO) vet $(PKGS)
	@test -z "$$(gofmt -l .)" || (gofmt -l . && exit 1)

## lint: vet, then staticcheck and goimports at pinned versions (fetched through the module proxy)
lint: vet
	$(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2 $(PKGS)
	@test -z "$$($(GO) run golang.org/x/tools/cmd/goimports@v0.52.0 -l .)" || ($(GO) run golang.org/x/tools/cmd/goimports@v0.52.0 -l . && exit 1)

clean:
	rm -rf bin $(DEMO)

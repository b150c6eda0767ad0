# Stages of the service. `make start` is the README's first command: setup, sample city, pipeline, site, serve.
SHELL := /bin/bash
NPX := npx --no-install
# Settings are resolved once, by config/resolve.ts (README, Configuration). Make passes a setting on only when it was
# given (`make build SCALE=1`, or RAW_DIR / SAMPLE_SCALE … in the environment), so its defaults live in one place.
SCALE ?=
SEED ?=
AS_OF ?=
RAW_DIR ?=
SAMPLE_ENV = $(if $(SCALE),SAMPLE_SCALE=$(SCALE)) $(if $(SEED),SAMPLE_SEED=$(SEED)) $(if $(AS_OF),SAMPLE_AS_OF=$(AS_OF))
RAW_ENV = $(if $(RAW_DIR),RAW_DIR=$(RAW_DIR))
RAW_SHOWN = $(or $(RAW_DIR),the configured raw folder (data/raw by default))
# SAMPLE=0 uses the real City files already in RAW_DIR instead of generating the sample city
SAMPLE ?= 1

.PHONY: setup sample pipeline review-sample evaluate-links site build serve start test bench fit-links rebuild-state clean

setup:            ## install the locked dependencies (npm install: see README on why not npm ci)
	npm install --no-audit --no-fund

sample:           ## write the sample city into RAW_DIR (skipped when SAMPLE=0); SCALE=, SEED=, AS_OF= override the configuration
	@if [ "$(SAMPLE)" = "1" ]; then $(SAMPLE_ENV) $(RAW_ENV) $(NPX) tsx sample/cli.ts; \
	else echo "SAMPLE=0: using the files in $(RAW_SHOWN)"; fi

pipeline:         ## raw files → DuckDB warehouse (data/warehouse/warehouse.duckdb)
	$(RAW_ENV) $(NPX) tsx pipeline/run.ts

review-sample:    ## sample city only: reviewers' decisions (RAW_DIR/review/decisions.csv, warehouse ids) over the built warehouse, then the pipeline again to read them
	@if [ "$(SAMPLE)" = "1" ]; then $(RAW_ENV) $(NPX) tsx links-fitting/review-sample.ts && $(RAW_ENV) $(NPX) tsx pipeline/run.ts; \
	else echo "SAMPLE=0: using the decisions in $(RAW_SHOWN)/review"; fi

evaluate-links:   ## sample city only: link quality against the planted truth → link-quality.json beside the warehouse (says so and writes nothing without planted truth)
	$(RAW_ENV) $(NPX) tsx links-fitting/evaluate-cli.ts

site:             ## warehouse → static site, published atomically to site/current
	$(NPX) tsx build/cli.ts

build: sample pipeline review-sample evaluate-links site   ## sample city (unless SAMPLE=0) → pipeline → reviewer decisions (sample) → link quality (sample) → site

serve:            ## serve the current site on http://localhost:$${PORT:-3000}/api/v1
	$(NPX) tsx gateway/server.ts

start: setup build serve

test:             ## the whole test suite (the README's second command runs this through npm)
	$(NPX) vitest run

bench:            ## pipeline+build and gateway benchmarks (BENCH_SCALE=1 for the City's real volumes)
	$(NPX) tsx bench/run.ts

fit-links:        ## refit every link model on sample cities of scale 0.004, 0.02 and 1 and report their quality (offline; ~15 min)
	$(NPX) tsx links-fitting/fit-cities.ts

rebuild-state:    ## forget the snapshot history and ids, then rebuild them from the archived snapshots
	rm -rf data/state && $(MAKE) pipeline

clean:
	rm -rf data/warehouse site .tmp

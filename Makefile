# Stages of the service. `make start` is the README's first command: setup, sample city, pipeline, site, serve.
SHELL := /bin/bash
NPX := npx --no-install
SCALE ?= 0.02
SEED ?= 20261122
AS_OF ?= 2026-11-20
RAW_DIR ?= data/raw
# SAMPLE=0 uses the real City files already in RAW_DIR instead of generating the sample city
SAMPLE ?= 1

.PHONY: setup sample pipeline review-sample evaluate-links site build serve start test bench fit-links rebuild-state clean

setup:            ## install the locked dependencies (npm install: see README on why not npm ci)
	npm install --no-audit --no-fund

sample:           ## write the sample city into RAW_DIR (skipped when SAMPLE=0)
	@if [ "$(SAMPLE)" = "1" ]; then $(NPX) tsx sample/cli.ts --out $(RAW_DIR) --seed $(SEED) --scale $(SCALE) --as-of $(AS_OF); \
	else echo "SAMPLE=0: using the files in $(RAW_DIR)"; fi

pipeline:         ## raw files → DuckDB warehouse (data/warehouse/warehouse.duckdb)
	RAW_DIR=$(RAW_DIR) $(NPX) tsx pipeline/run.ts

review-sample:    ## sample city only: reviewers' decisions (RAW_DIR/review/decisions.csv, warehouse ids) over the built warehouse, then the pipeline again to read them
	@if [ "$(SAMPLE)" = "1" ]; then RAW_DIR=$(RAW_DIR) $(NPX) tsx links-fitting/review-sample.ts && RAW_DIR=$(RAW_DIR) $(NPX) tsx pipeline/run.ts; \
	else echo "SAMPLE=0: using the decisions in $(RAW_DIR)/review"; fi

evaluate-links:   ## sample city only: link quality against the planted truth → link-quality.json beside the warehouse (says so and writes nothing without planted truth)
	RAW_DIR=$(RAW_DIR) $(NPX) tsx links-fitting/evaluate-cli.ts

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

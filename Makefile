# Stages of the service. `make start` is the README's first command: setup, sample city, pipeline, site, serve.
SHELL := /bin/bash
NPX := npx --no-install
# tsx straight from node_modules: the same program as `npx tsx`, without npm's start-up and its warnings
TSX := node_modules/.bin/tsx
# `make` alone prints the targets; `make start` is the README's first command
.DEFAULT_GOAL := help
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

.PHONY: help setup sample pipeline review-sample evaluate-links site build serve review review-user start test golden bench bench-search bench-edge bench-charts bench-soak bench-take-away fit-links rebuild-state clean

help:             ## list the targets (this text)
	@echo "Toronto lobbying API. make start = install, build the sample city end to end and serve it (README)."
	@echo "Settings are environment variables (README, Configuration); SCALE=, SEED=, AS_OF=, SAMPLE=0 for make build/start."
	@echo
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/^([a-z-]+):[^#]*## (.*)/  \1\t\2/' | expand -t 18

setup:            ## install the locked dependencies (npm install: see README on why not npm ci)
	npm install --no-audit --no-fund

sample:           ## write the sample city into RAW_DIR (skipped when SAMPLE=0); SCALE=, SEED=, AS_OF= override the configuration
	@if [ "$(SAMPLE)" = "1" ]; then STAGE=1/6 $(SAMPLE_ENV) $(RAW_ENV) $(TSX) sample/cli.ts; \
	else echo "[1/6] sample city skipped (SAMPLE=0): using the files in $(RAW_SHOWN)"; fi

pipeline:         ## raw files → DuckDB warehouse (data/warehouse/warehouse.duckdb)
	@STAGE=2/6 $(RAW_ENV) $(TSX) pipeline/run.ts

review-sample:    ## sample city only: reviewers' decisions (RAW_DIR/review/decisions.csv, warehouse ids) over the built warehouse, then the pipeline again to read them
	@if [ "$(SAMPLE)" = "1" ]; then STAGE=3/6 $(RAW_ENV) $(TSX) links-fitting/review-sample.ts && \
	STAGE=4/6 STAGE_TITLE="Pipeline again, now reading the reviewers' decisions (L5, L7 and position links publish only once confirmed)" $(RAW_ENV) $(TSX) pipeline/run.ts; \
	else echo "[3/6] and [4/6] skipped (SAMPLE=0): the pipeline read the decisions in $(RAW_SHOWN)/review"; fi

evaluate-links:   ## sample city only: link quality against the planted truth → link-quality.json beside the warehouse (says so and writes nothing without planted truth)
	@STAGE=5/6 $(RAW_ENV) $(TSX) links-fitting/evaluate-cli.ts

site:             ## warehouse → static site, published atomically to site/current
	@STAGE=6/6 $(TSX) build/cli.ts

build: sample pipeline review-sample evaluate-links site   ## sample city (unless SAMPLE=0) → pipeline → reviewer decisions (sample) → link quality (sample) → site

serve:            ## serve the current site on http://localhost:$${PORT:-3000}/api/v1
	@$(TSX) gateway/server.ts

review:           ## the reviewers' desk on http://127.0.0.1:$${REVIEW_PORT:-3100}: decide the review queue into RAW_DIR/review/decisions.csv (docs/review.md)
	@$(RAW_ENV) $(TSX) review/server.ts

review-user:      ## add or replace a reviewer's credential in REVIEW_USERS (default data/review-users): make review-user NAME="Ana Reviewer"
	@$(TSX) review/add-user.ts "$(NAME)"

start: setup build serve   ## install, build the sample city end to end (stages 1-6), then serve it (the README's first command)

test:             ## the whole test suite (the README's second command runs this through npm)
	npm test

golden:           ## rewrite test/golden/ (one reviewed answer per route of the e2e city) and say what changed (docs/testing.md)
	$(TSX) test/golden/regenerate.ts

bench:            ## pipeline+build and gateway benchmarks, then the edge table (BENCH_SCALE=1 for the City's real volumes)
	$(TSX) bench/run.ts

bench-search:     ## /search and list search (answer cache off) vs a node:http server on SQLite FTS5, index build time and memory (SITE_DIR)
	$(TSX) bench/search.ts

bench-edge:       ## the edge table alone over the built site: nginx vs gateway, 1 vs 2 workers, answer cache, start, RSS
	$(TSX) bench/edge.ts

bench-charts:     ## the site build's charts stage alone over a built warehouse's insight rows (WAREHOUSE, read-only; RUNS=3)
	$(TSX) bench/charts.ts

bench-take-away:  ## a 100k-row filtered list answered whole as CSV and JSON Lines: MB/s, gateway CPU, RSS rise (SITE_DIR, TAKE_AWAY_ROWS)
	$(TSX) bench/take-away.ts

bench-soak:       ## one gateway worker under an hour of load over a broad URL mix, RSS each minute (SOAK_MINUTES=60)
	$(TSX) bench/soak.ts

fit-links:        ## refit every link model on sample cities of scale 0.004, 0.02 and 1 and report their quality (offline; ~15 min)
	$(TSX) links-fitting/fit-cities.ts

rebuild-state:    ## forget the snapshot history and ids, then rebuild them from the archived snapshots
	rm -rf data/state && $(MAKE) pipeline

clean:            ## remove the warehouse, the published site, logs and test caches (raw files and state stay)
	rm -rf data/warehouse data/logs site .tmp

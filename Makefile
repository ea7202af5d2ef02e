# Benchmarks. `make bench` runs every Go benchmark of the module once and
# keeps the output in bench/results/latest.txt (benchstat format); compare
# two runs with
#   go run golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da old.txt bench/results/latest.txt
# `make bench-corpus` prints the token/cache table for the corpus and writes
# bench/results/corpus.{md,json} and tokens.svg; `make bench-scaling` prints
# render time per element on synthetic pages of 1k..1M elements.

GO ?= go
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c

.PHONY: bench bench-corpus bench-scaling

bench:
	mkdir -p bench/results
	$(GO) test -run='^$$' -bench=. -benchmem -count=1 ./... | tee bench/results/latest.txt

bench-corpus:
	$(GO) run ./cmd/axtree bench --out bench/results --svg bench/results/tokens.svg

bench-scaling:
	$(GO) run ./cmd/axtree bench --scaling

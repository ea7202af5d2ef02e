# Benchmarks. `make bench` runs every Go benchmark of the module once and
# keeps the output in bench/results/latest.txt (benchstat format); compare
# two runs with
#   go run golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da old.txt bench/results/latest.txt
# `make bench-speed` runs html.Parse and the whole render of every corpus
# page twelve times over (-count=1 each time, 0.5 s per op, so that a page's
# parse and render samples are taken one after the other and pair up; with
# -count=12 all of a page's parse samples would come before its render
# samples) into bench/results/speed.txt and prints the README's speed table
# (bench/results/speed.md) and benchstat's view;
# `make bench-instr` prints valgrind instruction counts per render and per
# parse of every corpus page into bench/results/instr.txt (bench/instr.sh);
# `make bench-corpus` prints the token/cache table for the corpus and writes
# bench/results/corpus.{md,json} and tokens.svg; `make bench-scaling` prints
# render time per element on synthetic pages of 1k..1M elements.

GO ?= go
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c

.PHONY: bench bench-speed bench-instr bench-corpus bench-scaling

bench:
	mkdir -p bench/results
	$(GO) test -run='^$$' -bench=. -benchmem -count=1 ./... | tee bench/results/latest.txt

bench-speed:
	mkdir -p bench/results
	: > bench/results/speed.txt
	for i in $$(seq 12); do \
		$(GO) test -run='^$$' -bench=RenderVsParse -benchmem -benchtime=0.5s -count=1 ./bench | tee -a bench/results/speed.txt || exit 1; \
	done
	$(GO) run ./bench/speedtable bench/results/speed.txt | tee bench/results/speed.md
	$(GO) run golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da -col /op bench/results/speed.txt

bench-instr:
	mkdir -p bench/results
	bash bench/instr.sh | tee bench/results/instr.txt

bench-corpus:
	$(GO) run ./cmd/axtree bench --out bench/results --svg bench/results/tokens.svg

bench-scaling:
	$(GO) run ./cmd/axtree bench --scaling

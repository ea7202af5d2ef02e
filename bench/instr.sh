#!/usr/bin/env bash
# bench/instr.sh [PAGE...]: valgrind instruction counts per render and per
# html.Parse of corpus pages (all of them by default), as
#   page render-instructions parse-instructions render/parse
# each the median of three counts of ((N=5) - (N=1)) / 4 inside
# bench/instrdrv's work function (one OS thread, GOMAXPROCS=1, GC off).
# The counts repeat to about 1% (0.2% on the small pages) but drift with
# the machine's load: compare two commits measured back to back.
# Set INSTRDRV to a driver built elsewhere to measure another checkout.
# INSTR_SIM=1 adds callgrind's simulated first-level instruction-cache
# misses and mispredicted conditional branches per render and per parse
#   ... render-I1-misses parse-I1-misses render-mispredicts parse-mispredicts
# (one ((5) - (1)) / 4 count each, about 3x slower). On the small pages
# the render misses I1 and mispredicts far more often per instruction
# than the parse (job-form 10.3 K / 1.5 K misses, 14.7 K / 6.6 K
# mispredicts), which fits the CPU ratio running above the instruction
# ratio there; but these are a simulated cache and predictor: a warm-up
# pass that halved orders-grid's simulated I1 misses for 2% more
# instructions did not move its CPU ratio (measured A/B). Judge by CPU.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "bench/instr.sh: valgrind not found (apt-get install -y valgrind)" >&2; exit 1; }
shared="${AXTREE_SHARED:-../shared}"
drv="${INSTRDRV:-}"
if [ -z "$drv" ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  drv=$tmp/instrdrv
  go build -o "$drv" ./bench/instrdrv
fi
page_file() {
  for d in "$shared/corpus/pages" corpus/pages; do
    [ -f "$d/$1.html" ] && { echo "$d/$1.html"; return; }
  done
  echo "bench/instr.sh: no page $1" >&2; exit 1
}
count() { # mode file reps
  GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1 GOGC=off valgrind --tool=callgrind \
    --toggle-collect=main.work --callgrind-out-file=/dev/null "$drv" "$1" "$2" "$3" 2>&1 |
    sed -n 's/.*refs: *\([0-9,]*\).*/\1/p' | tr -d ,
}
per() { # mode file: one ((5)-(1))/4 count
  local a b; a=$(count "$1" "$2" 5); b=$(count "$1" "$2" 1); echo $(((a - b) / 4))
}
sim() { # mode file reps: "I1-misses mispredicts"
  GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1 GOGC=off valgrind --tool=callgrind \
    --cache-sim=yes --branch-sim=yes --toggle-collect=main.work \
    --callgrind-out-file=/dev/null "$drv" "$1" "$2" "$3" 2>&1 |
    awk '/I1 +misses:/ { gsub(",", "", $4); i = $4 }
         /Mispredicts:/ { gsub(",", "", $3); m = $3 }
         END { print i + 0, m + 0 }'
}
simper() { # mode file: "I1-misses mispredicts" per op, ((5)-(1))/4
  local a b; a=($(sim "$1" "$2" 5)); b=($(sim "$1" "$2" 1))
  echo $(((a[0] - b[0]) / 4)) $(((a[1] - b[1]) / 4))
}
med3() { printf '%s\n' "$@" | sort -n | sed -n 2p; }
pages=("$@")
if [ ${#pages[@]} -eq 0 ]; then
  for d in "$shared/corpus/pages" corpus/pages; do
    for f in "$d"/*.html; do [ -f "$f" ] && pages+=("$(basename "$f" .html)"); done
  done
fi
for p in "${pages[@]}"; do
  f=$(page_file "$p")
  r=$(med3 "$(per render "$f")" "$(per render "$f")" "$(per render "$f")")
  q=$(med3 "$(per parse "$f")" "$(per parse "$f")" "$(per parse "$f")")
  if [ "${INSTR_SIM:-}" = 1 ]; then
    rs=($(simper render "$f")); qs=($(simper parse "$f"))
    awk -v p="$p" -v r="$r" -v q="$q" -v ri="${rs[0]}" -v qi="${qs[0]}" -v rm="${rs[1]}" -v qm="${qs[1]}" \
      'BEGIN { printf "%s %d %d %.3f %d %d %d %d\n", p, r, q, r / q, ri, qi, rm, qm }'
  else
    awk -v p="$p" -v r="$r" -v q="$q" 'BEGIN { printf "%s %d %d %.3f\n", p, r, q, r / q }'
  fi
done

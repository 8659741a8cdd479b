#!/usr/bin/env bash
# What a new process's first read of the cold screen spends its time on: writes the cache of
# `graft-bench cache cold` (100,000 records) once, runs PROCESSES (200) new processes that open it
# and read the screen once (`graft-bench cache cold-read PATH --first-only`) under
# `perf record -e cpu-clock` with call chains, and sorts the samples of the read into type metadata
# made on first use, page faults, lazy binding and the read's own work (cold-read-categories.py).
#
#   Scripts/bench/cold-read-profile.sh [PROCESSES]
#   GRAFT_BENCH=path/to/graft-bench FREQUENCY=40000 Scripts/bench/cold-read-profile.sh 200
#
# Needs `perf` (software events are enough: cpu-clock works in a VM). The profiler slows the
# processes, so its milliseconds are larger than `graft-bench cache cold`'s; the shares are what it
# tells. Figures and what they showed: Documentation/Benchmarks.md ("What the first read pays for").
set -euo pipefail
cd "$(dirname "$0")/../.."

processes=${1:-200}
frequency=${FREQUENCY:-40000}
bench=${GRAFT_BENCH:-.build/release/graft-bench}
command -v perf >/dev/null || { echo "cold-read-profile.sh: needs perf (linux-perf)" >&2; exit 1; }
if [ -z "${GRAFT_BENCH:-}" ]; then swift build -c release --product graft-bench >/dev/null; fi

work=$(mktemp -d /tmp/graft-cold-profile.XXXXXX)
trap 'rm -rf "$work"' EXIT
"$bench" cache cold-fill "$work/cache.sqlite"
perf record -q -e cpu-clock -F "$frequency" -g -o "$work/perf.data" -- \
    bash -c 'for _ in $(seq "$1"); do "$2" cache cold-read "$3" --first-only >/dev/null; done' _ \
    "$processes" "$bench" "$work/cache.sqlite" 2>/dev/null
perf script -i "$work/perf.data" -F comm,ip,sym,dso 2>/dev/null \
    | python3 Scripts/bench/cold-read-categories.py "$processes" "$frequency"

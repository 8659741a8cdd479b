#!/usr/bin/env bash
# Builds the documentation catalog (Sources/Graft/Graft.docc) into .build/docs/Graft.doccarchive
# with the toolchain's docc, and fails on any warning: a broken symbol or article link, a Topics
# entry that names nothing, a malformed directive. No package dependency: the compiler emits the
# module's symbol graph, docc turns it and the articles into the archive.
#
# The symbol graphs come from `swift package dump-symbol-graph`, which builds the package in the
# main build folder (after `swift test`, as in .ci/run, nothing is left to compile) and extracts
# every module's graph from its .swiftmodule.
# Usage: Scripts/docs.sh [--keep-going]   (--keep-going: report warnings without failing)
set -euo pipefail
cd "$(dirname "$0")/.."

strict=(--warnings-as-errors)
[ "${1:-}" = "--keep-going" ] && strict=()

graphs=.build/docs-symbol-graphs
output=.build/docs/Graft.doccarchive
rm -rf "$graphs" "$output"
mkdir -p "$graphs" "$(dirname "$output")"

swift package dump-symbol-graph >.build/docs-symbol-graphs.log 2>&1 \
  || { tail -40 .build/docs-symbol-graphs.log >&2; echo "error: swift package dump-symbol-graph failed" >&2; exit 1; }
all_graphs=$(sed -n 's/^Files written to //p' .build/docs-symbol-graphs.log | tail -1)
[ -f "$all_graphs/Graft.symbols.json" ] || { echo "error: no Graft.symbols.json in '$all_graphs'" >&2; exit 1; }

# The catalog documents the Graft module: its own graph and its extensions of other modules
# (Graft@Swift.symbols.json ...). The other modules' graphs would make docc see several modules.
cp "$all_graphs"/Graft.symbols.json "$graphs"/
for extension in "$all_graphs"/Graft@*.symbols.json; do
  [ -e "$extension" ] && cp "$extension" "$graphs"/
done

docc convert Sources/Graft/Graft.docc \
  --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name Graft --fallback-bundle-identifier org.graft.Graft \
  --output-path "$output" "${strict[@]}"
echo "documentation: $output"

#!/usr/bin/env bash
# Builds the documentation catalog (Sources/Graft/Graft.docc) into .build/docs/Graft.doccarchive
# with the toolchain's docc, and fails on any warning: a broken symbol or article link, a Topics
# entry that names nothing, a malformed directive. No package dependency: the compiler emits the
# module's symbol graph, docc turns it and the articles into the archive.
#
# The symbol graphs come from a build of the Graft module in a scratch folder of its own
# (.build/docs-build), so the flags that emit them never invalidate the main build.
# Usage: Scripts/docs.sh [--keep-going]   (--keep-going: report warnings without failing)
set -euo pipefail
cd "$(dirname "$0")/.."

strict=(--warnings-as-errors)
[ "${1:-}" = "--keep-going" ] && strict=()

scratch=.build/docs-build
graphs=.build/docs-symbol-graphs
all_graphs="$scratch/symbol-graphs"
output=.build/docs/Graft.doccarchive
rm -rf "$graphs" "$all_graphs" "$output"
mkdir -p "$graphs" "$all_graphs" "$(dirname "$output")"

swift build --target Graft --scratch-path "$scratch" \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$all_graphs" >"$scratch.log" 2>&1 \
  || { tail -40 "$scratch.log" >&2; echo "error: building Graft for its symbol graph failed" >&2; exit 1; }

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

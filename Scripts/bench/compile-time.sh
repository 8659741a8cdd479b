#!/usr/bin/env bash
# Compile time of generated modules, as the benchmark page's compile table measures it: a clean
# module build, `swift build [-c release] --target <Module>` after touching all of the module's sources
# and deleting its object files, with the runtime already built, minus a no-op
# `swift build --target <Module>`; median of RUNS (default 5).
#
#   Scripts/bench/compile-time.sh [Module ...]      (default: StarWarsAPI AnimalKingdomAPI)
#   RUNS=10 CONFIGS="debug" Scripts/bench/compile-time.sh StarWarsAPI
#   REBUILD=touch Scripts/bench/compile-time.sh StarWarsAPI
#
# REBUILD=clean (the default) deletes the module's object files as well: LLVM runs, as in a clean
# build or for edited files. REBUILD=touch only touches the sources: the Swift frontend then finds
# each object file's LLVM module hash unchanged and skips LLVM's optimization and code generation,
# so the figure is the front end and IR generation alone.
#
# A module's sources are found at Tests/GraftCodegenTests/Golden/<Module> (the golden modules that
# Package.swift builds), or at $<Module>_DIR. Prints, per module and configuration, the medians of
# wall and user CPU time (user CPU is less disturbed by other work on a shared machine) of the full
# build, of the no-op build, and their difference.
set -euo pipefail
cd "$(dirname "$0")/../.."

runs=${RUNS:-5}
configs=${CONFIGS:-debug release}
rebuild=${REBUILD:-clean}
case $rebuild in touch|clean) ;; *) echo "REBUILD is touch or clean, not '$rebuild'" >&2; exit 2 ;; esac
modules=("$@")
[ ${#modules[@]} -gt 0 ] || modules=(StarWarsAPI AnimalKingdomAPI)

# One build, timed: prints "wall user" (seconds). Fails loudly if the build fails.
timed_build() {
    local config=$1 module=$2 out
    out=$(mktemp)
    if ! /usr/bin/time -f '%e %U' -o "$out.time" swift build -c "$config" --target "$module" >"$out" 2>&1; then
        cat "$out" >&2
        rm -f "$out" "$out.time"
        echo "build of $module ($config) failed" >&2
        exit 1
    fi
    tail -n 1 "$out.time"
    rm -f "$out" "$out.time"
}

# The median of the numbers on standard input.
median() {
    sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

echo "runs=$runs  rebuild=$rebuild  $(date -u '+%Y-%m-%d %H:%M UTC')  load: $(cut -d' ' -f1-3 /proc/loadavg)  $(nproc) cores"
printf '%-18s %-8s %12s %12s %12s %12s %12s %12s\n' module config full-wall full-user noop-wall noop-user wall-noop user-noop
for config in $configs; do
    for module in "${modules[@]}"; do
        dir_var="${module}_DIR"
        dir=${!dir_var:-Tests/GraftCodegenTests/Golden/$module}
        [ -d "$dir" ] || { echo "no sources at $dir (set ${module}_DIR)" >&2; exit 1; }
        timed_build "$config" "$module" >/dev/null   # the runtime and everything else, built once
        full_wall=() full_user=() noop_wall=() noop_user=()
        for _ in $(seq "$runs"); do
            find "$dir" -name '*.swift' -exec touch {} +
            [ "$rebuild" = clean ] && find .build -path "*/$config/$module.build/*.o" -delete
            read -r wall user < <(timed_build "$config" "$module")
            full_wall+=("$wall") full_user+=("$user")
            read -r wall user < <(timed_build "$config" "$module")
            noop_wall+=("$wall") noop_user+=("$user")
        done
        fw=$(printf '%s\n' "${full_wall[@]}" | median)
        fu=$(printf '%s\n' "${full_user[@]}" | median)
        nw=$(printf '%s\n' "${noop_wall[@]}" | median)
        nu=$(printf '%s\n' "${noop_user[@]}" | median)
        printf '%-18s %-8s %12s %12s %12s %12s %12.2f %12.2f\n' "$module" "$config" "$fw" "$fu" "$nw" "$nu" \
            "$(echo "$fw - $nw" | bc -l)" "$(echo "$fu - $nu" | bc -l)"
    done
done

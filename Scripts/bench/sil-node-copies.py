#!/usr/bin/env python3
"""Lists the functions of a module whose optimized SIL still copies and destroys a whole value
it has just built: `%a = load %s; %b = load %s; retain_value %a; release_value %b`.

Swift 6.3 leaves this pattern behind an initializer that assigns a large struct's properties one
by one (see Documentation/Architecture.md, "Language layer"). Usage:

    python3 Scripts/bench/sil-node-copies.py [Sources/GraftLanguage]

Compiles the module's sources with `swiftc -O -wmo -emit-sil` (about ten seconds; the modules it
imports come from a release build, `swift build -c release`) and prints one line per function
with the number of such pairs; prints nothing when there are none.
"""
import glob, os, re, subprocess, sys, tempfile

module_dir = sys.argv[1] if len(sys.argv) > 1 else "Sources/GraftLanguage"
module = os.path.basename(os.path.normpath(module_dir))
sources = sorted(glob.glob(os.path.join(module_dir, "**", "*.swift"), recursive=True))
with tempfile.TemporaryDirectory() as scratch:
    sil = os.path.join(scratch, "module.sil")
    subprocess.run(["swiftc", "-O", "-wmo", "-emit-sil", "-parse-as-library", "-module-name", module,
                    "-I", ".build/release/Modules", *sources, "-o", sil], check=True)
    function, loads, previous, pairs = None, {}, "", {}
    for line in open(sil):
        if line.startswith("sil "):
            function, loads = line.split("@")[1].split(" ")[0], {}
        load = re.match(r"\s*(%\d+) = load (%\d+)", line)
        if load:
            loads[load.group(1)] = load.group(2)
        release = re.match(r"\s*release_value (%\d+)", line)
        retain = re.match(r"\s*retain_value (%\d+)", previous)
        if release and retain and loads.get(retain.group(1)) is not None \
                and loads.get(retain.group(1)) == loads.get(release.group(1)):
            pairs[function] = pairs.get(function, 0) + 1
        previous = line
for function, count in sorted(pairs.items()):
    name = subprocess.run(["swift", "demangle", "-compact", function], capture_output=True, text=True).stdout.strip()
    print(f"{count} {name}")

#!/usr/bin/env python3
"""Sorts a time profile of new processes' first cache reads into what the time went to.

Reads `perf script -F comm,ip,sym,dso` output (call chains) on standard input; used by
cold-read-profile.sh. Only samples whose chain passes through `CacheStore.readNow` count: the
read, not the process's start or the open. Each is put in the first category its chain matches:

- type metadata and first-use initializers: the Swift runtime making a type's metadata or a
  conformance's witness table, or running a `static let` initializer, the first time the process
  uses them;
- lazy symbol binding: the dynamic linker resolving a function on its first call;
- page faults: the kernel mapping a page the process touches for the first time (those left here
  are on code: the standard library's dictionary and hashing code, libm's `ceil`, Graft's read
  path; new memory the runtime or SQLite takes faults under the categories above or in SQLite);
- other kernel;
- the read's own work: everything else (decoding records, building the JSON and the model).

SQLite's own frames are not unwound to their callers (the system library has no frame pointers),
so its samples fall outside the read and are counted apart; `graft-bench cache cold` measures
SQLite's share with its floor.

    perf script -F comm,ip,sym,dso | cold-read-categories.py PROCESSES FREQUENCY
"""
import collections
import sys

METADATA = (
    "__swift_instantiate", "swift_getGenericMetadata", "getTypeByMangledName", "swift_getWitnessTable",
    "swift_getAssociated", "swift_once", "once_slow", "swift_initEnumMetadata", "swift_initStructMetadata",
    "swift_initClassMetadata", "swift_getTupleTypeMetadata", "swift_conformsToProtocol",
)
BINDING = ("_dl_runtime_resolve", "_dl_fixup")
FAULT = ("exc_page_fault",)
READ = "CacheStoreC7readNow"  # the mangled name of CacheStore.readNow


def frame_symbol(line):
    parts = line.strip().split(" ", 1)
    return parts[1] if len(parts) == 2 else parts[0]


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: perf script -F comm,ip,sym,dso | cold-read-categories.py PROCESSES FREQUENCY")
    processes, frequency = int(sys.argv[1]), float(sys.argv[2])
    categories = collections.Counter()
    sites = collections.Counter()
    sqlite = 0
    total = 0
    for block in sys.stdin.read().split("\n\n"):
        # The process's name, then its frames, innermost first.
        lines = [line for line in block.strip().split("\n") if line.strip()][1:]
        if not lines:
            continue
        leaf = lines[0]
        if READ not in block:
            if "libsqlite3" in leaf:
                sqlite += 1
            continue
        total += 1
        if any(name in block for name in METADATA):
            categories["type metadata and first-use initializers"] += 1
            # Where the read asked for it: the first frame of the program below the runtime's.
            for line in lines:
                symbol = frame_symbol(line)
                if "libswift" in symbol or "kernel" in symbol or "libc.so" in symbol or symbol.startswith("__swift_instantiate"):
                    continue
                if "ld-linux" in symbol:
                    continue
                sites[symbol] += 1
                break
        elif any(name in block for name in BINDING):
            categories["lazy symbol binding"] += 1
        elif any(name in block for name in FAULT):
            categories["page faults"] += 1
        elif "kernel" in leaf:
            categories["other kernel"] += 1
        else:
            categories["the read's own work"] += 1
    if total == 0:
        sys.exit("no sample passed through CacheStore.readNow")
    per_process_ms = 1000.0 / frequency / processes
    print(f"cold-read profile: {processes} processes at {frequency:.0f} Hz; {total} samples in the first read "
          f"({total * per_process_ms:.3f} ms per process under the profiler)")
    for name in ("type metadata and first-use initializers", "page faults", "lazy symbol binding",
                 "other kernel", "the read's own work"):
        count = categories[name]
        print(f"  {name:<44} {100.0 * count / total:5.1f}%  {count * per_process_ms:.3f} ms")
    print("where the read asked for metadata (first frame of the program), share of the read:")
    for symbol, count in sites.most_common(10):
        print(f"  {100.0 * count / total:5.1f}%  {symbol[:160]}")
    print(f"samples in libsqlite3, not unwound to a caller (open and read): {sqlite} ({sqlite * per_process_ms:.3f} ms per process)")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Runs the workspace's test executables that the Rust build listed, as `cargo test` would.

`scripts/test.sh` builds every test with `cargo test --workspace --all-targets --no-run
--message-format=json-render-diagnostics` and keeps cargo's JSON. Running the executables from
that list, instead of a second `cargo test`, lets `scripts/test-server.sh` run a share of them
(the integration tests, the others) and a subset again on PostgreSQL, with nothing compiled again: a `cargo test` with another
choice of targets resolved other features and recompiled the server (80 s).

Usage: test-binaries.py LIST SELECTION
  SELECTION: `integration` (the server's HTTP tests), `others` (every test executable but the
  integration tests, the benches and the examples), `database` (what can reach a database:
  every crate's own unit tests, the integration tests and `store_campaign`).

Each executable runs in its package's folder, as under cargo, one after another; the first that
fails ends the run with its status.
"""

import json
import os
import subprocess
import sys
import time

UNIT_KINDS = {"lib", "rlib", "cdylib", "dylib", "staticlib", "bin", "proc-macro"}
DATABASE_TESTS = {"integration", "store_campaign"}


def executables(path):
    seen = set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line.startswith("{"):
                continue
            msg = json.loads(line)
            if msg.get("reason") != "compiler-artifact" or not msg.get("executable"):
                continue
            if not msg["profile"]["test"] or msg["executable"] in seen:
                continue
            seen.add(msg["executable"])
            kinds = set(msg["target"]["kind"])
            yield kinds, msg["target"]["name"], os.path.dirname(msg["manifest_path"]), msg["executable"]


def chosen(selection, kinds, name):
    if "bench" in kinds or "example" in kinds:
        return False
    is_test = "test" in kinds
    if selection == "integration":
        return is_test and name == "integration"
    if selection == "others":
        return not (is_test and name == "integration")
    if selection == "database":
        return bool(kinds & UNIT_KINDS) or (is_test and name in DATABASE_TESTS)
    raise SystemExit(f"test-binaries.py: unknown selection {selection!r} (integration, others, database)")


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    listing, selection = sys.argv[1], sys.argv[2]
    runs = [(name, folder, exe) for kinds, name, folder, exe in executables(listing) if chosen(selection, kinds, name)]
    if not runs:
        raise SystemExit(f"test-binaries.py: no test executable for {selection!r} in {listing}")
    for name, folder, exe in runs:
        print(f"     Running {name} ({os.path.relpath(exe)})", flush=True)
        began = time.monotonic()
        status = subprocess.run([exe], cwd=folder).returncode
        print(f"     ({name}: {time.monotonic() - began:.0f} s)", flush=True)
        if status != 0:
            print(f"test-binaries.py: {name} failed (exit status {status})", file=sys.stderr, flush=True)
            sys.exit(status or 1)


if __name__ == "__main__":
    main()

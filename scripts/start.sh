#!/usr/bin/env bash
# `npm start`: builds what is needed and runs the product.
# Until the server exists (issue 5), it builds core and says what there is to run.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
bash scripts/setup.sh
cargo build -p aivg-core --release
cat <<'MSG'

aivg-core is built (target/release/libaivg_core.rlib).
There is no server or app to open yet. What you can run now:
  npm test                                   every test (fixtures, lints, property tests)
  cargo bench -p aivg-benches                criterion benches (payload decoding, image downscaling)
  node benches/node/devalue-parse.mjs        devalue.parse on the same payloads, for the ratio
MSG

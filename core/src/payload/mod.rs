//! Decoding of prerendered page payloads (`{page}/_payload.json`) in the devalue format (spec 01 §5, §7).

// Materialises a payload decoded by aivg-core (wasm-bindings/src/payload/tape.rs documents the
// tape) into the value `devalue.parse` returns: step 1 builds every value without children and
// creates every container, step 2 fills the containers and builds boxed values, typed arrays,
// custom types and NuxtErrors in the order devalue finishes them. Loops only: no recursion.
//
// The typed arrays are views of WebAssembly memory, valid until the module allocates again; a
// reviver may call into the module, so they are copied first when the payload has one.

const HOLE = 0xffffffff;

const VIEWS = [
  "Int8Array",
  "Uint8Array",
  "Uint8ClampedArray",
  "Int16Array",
  "Uint16Array",
  "Float16Array",
  "Int32Array",
  "Uint32Array",
  "Float32Array",
  "Float64Array",
  "BigInt64Array",
  "BigUint64Array",
  "DataView",
];

const TEMPORAL = [
  "Duration",
  "Instant",
  "PlainDate",
  "PlainTime",
  "PlainDateTime",
  "PlainMonthDay",
  "PlainYearMonth",
  "ZonedDateTime",
];

/** Gives an error the engine threw while building a value a stable `code`. */
function coded(error, code) {
  if (error !== null && typeof error === "object" && !("code" in error)) {
    try {
      error.code = code;
    } catch {
      // A frozen error keeps its own shape.
    }
  }
  return error;
}

/** The string of UTF-16 units `a..b` (lone surrogates kept), in chunks `apply` can take. */
function wide(units, a, b) {
  let s = "";
  for (let i = a; i < b; i += 8192) {
    s += String.fromCharCode.apply(null, units.subarray(i, Math.min(b, i + 8192)));
  }
  return s;
}

/** An array of length `len` with no storage per slot (devalue 6's createSparseArray). */
function sparseArray(len) {
  const array = [];
  array[4294967294] = undefined;
  delete array[4294967294];
  array.length = len;
  return array;
}

function temporal(kind, text) {
  const name = TEMPORAL[kind];
  // devalue calls `Temporal[name].from(text)`; where Temporal does not exist this is its error.
  if (typeof Temporal === "undefined") throw coded(new ReferenceError("Temporal is not defined"), "unsupported_runtime");
  try {
    // eslint-disable-next-line no-undef
    return Temporal[name].from(text);
  } catch (e) {
    throw coded(e, "invalid_temporal");
  }
}

function view(kind, buffer, offset, length) {
  const Constructor = globalThis[VIEWS[kind]];
  if (typeof Constructor !== "function") {
    throw coded(new TypeError("Constructor is not a constructor"), "unsupported_runtime");
  }
  return new Constructor(buffer, offset, length);
}

const encoder = new TextEncoder();

export function encodeText(text, from, buf, out) {
  const { read, written } = encoder.encodeInto(from === 0 ? text : text.slice(from), buf);
  out[0] = read;
  out[1] = written;
}

// Node's Buffer builds a string from UTF-16 about twice as fast as its TextDecoder.
const NodeBuffer = typeof Buffer === "function" && typeof Buffer.prototype.ucs2Slice === "function" ? Buffer : null;
const utf16Decoder = new TextDecoder("utf-16le", { ignoreBOM: true });

/** The string of the UTF-16 units `units` (no lone surrogates here). */
function fromUtf16(units) {
  if (units.length === 0) return "";
  if (NodeBuffer !== null) return NodeBuffer.from(units.buffer, units.byteOffset, units.byteLength).ucs2Slice();
  return utf16Decoder.decode(units);
}

export function materialise(text, ops, nums, fill, edges, spans, unescaped, utf16, bytes, count, root, revivers) {
  // Strings, by id.
  unescaped = fromUtf16(unescaped);
  const nstr = spans.length / 3;
  const S = new Array(nstr);
  for (let i = 0, j = 0; i < nstr; i += 1, j += 3) {
    const where = spans[j];
    S[i] =
      where === 0
        ? text.slice(spans[j + 1], spans[j + 2])
        : where === 1
          ? unescaped.slice(spans[j + 1], spans[j + 2])
          : wide(utf16, spans[j + 1], spans[j + 2]);
  }

  // Step 1.
  const V = new Array(count);
  const end = ops.length;
  let custom = false;
  for (let p = 0, i = 0, n = 0; p < end; i += 1) {
    switch (ops[p]) {
      case 0:
        V[i] = undefined;
        p += 1;
        break;
      case 1:
        V[i] = null;
        p += 1;
        break;
      case 2:
        V[i] = false;
        p += 1;
        break;
      case 3:
        V[i] = true;
        p += 1;
        break;
      case 4:
        V[i] = nums[n++];
        p += 1;
        break;
      case 5:
        V[i] = S[ops[p + 1]];
        p += 2;
        break;
      case 6:
        V[i] = BigInt(S[ops[p + 1]]);
        p += 2;
        break;
      case 7:
        V[i] = new Array(ops[p + 1]);
        p += 2;
        break;
      case 8:
        V[i] = sparseArray(ops[p + 1]);
        p += 2;
        break;
      case 9:
        V[i] = {};
        p += 1;
        break;
      case 10:
        V[i] = Object.create(null);
        p += 1;
        break;
      case 11:
        V[i] = new Set();
        p += 1;
        break;
      case 12:
        V[i] = new Map();
        p += 1;
        break;
      case 13:
        V[i] = new Date(nums[n++]);
        p += 1;
        break;
      case 14:
        V[i] = new Date(S[ops[p + 1]]);
        p += 2;
        break;
      case 15:
        try {
          V[i] = new RegExp(S[ops[p + 1]], S[ops[p + 2]]);
        } catch (e) {
          throw coded(e, "invalid_regexp");
        }
        p += 3;
        break;
      case 16:
        try {
          V[i] = new URL(S[ops[p + 1]]);
        } catch (e) {
          throw coded(e, "invalid_url");
        }
        p += 2;
        break;
      case 17:
        V[i] = new URLSearchParams(S[ops[p + 1]]);
        p += 2;
        break;
      case 18: {
        const start = ops[p + 1];
        V[i] = bytes.slice(start, start + ops[p + 2]).buffer;
        p += 3;
        break;
      }
      case 19:
        V[i] = temporal(ops[p + 1], S[ops[p + 2]]);
        p += 3;
        break;
      default:
        custom = true;
        p += 1;
        break;
    }
  }

  // A reviver may allocate in WebAssembly memory, which detaches the views: keep copies.
  if (custom && revivers !== undefined && revivers !== null) {
    fill = fill.slice();
    edges = edges.slice();
  }

  // Step 2.
  const fend = fill.length;
  for (let p = 0; p < fend; ) {
    const id = fill[p + 1];
    switch (fill[p]) {
      case 0: {
        const array = V[id];
        const start = fill[p + 2];
        const len = fill[p + 3];
        for (let k = 0; k < len; k += 1) {
          const e = edges[start + k];
          if (e !== HOLE) array[k] = V[e];
        }
        p += 4;
        break;
      }
      case 1:
      case 2: {
        const target = V[id];
        const start = fill[p + 2];
        const stop = start + fill[p + 3];
        if (fill[p] === 1) {
          for (let k = start; k < stop; k += 2) target[edges[k]] = V[edges[k + 1]];
        } else {
          for (let k = start; k < stop; k += 2) target[S[edges[k]]] = V[edges[k + 1]];
        }
        p += 4;
        break;
      }
      case 3: {
        const set = V[id];
        const start = fill[p + 2];
        const stop = start + fill[p + 3];
        for (let k = start; k < stop; k += 1) set.add(V[edges[k]]);
        p += 4;
        break;
      }
      case 4: {
        const map = V[id];
        const start = fill[p + 2];
        const stop = start + fill[p + 3];
        for (let k = start; k < stop; k += 2) map.set(V[edges[k]], V[edges[k + 1]]);
        p += 4;
        break;
      }
      case 5:
        V[id] = Object(V[fill[p + 2]]);
        p += 3;
        break;
      case 6:
        V[id] = view(fill[p + 2], V[fill[p + 3]], fill[p + 4], fill[p + 5]);
        p += 6;
        break;
      case 7: {
        const reviver = revivers[S[fill[p + 2]]];
        V[id] = reviver(V[fill[p + 3]]);
        p += 4;
        break;
      }
      case 8: {
        const error = new Error(S[fill[p + 2]]);
        const start = fill[p + 3];
        const stop = start + fill[p + 4];
        for (let k = start; k < stop; k += 2) error[S[edges[k]]] = V[edges[k + 1]];
        V[id] = error;
        p += 5;
        break;
      }
      default:
        throw new Error(`payload tape: unknown fill code ${fill[p]}`);
    }
  }
  return V[root];
}

// Materialises a plain payload decoded by aivg-core (core/src/payload/plain/mod.rs documents the
// tape): step 1 builds every value and creates every object and array, step 2 fills them. Node
// ids are devalue's indices after the five constants, so every child is one read of `V`.
//
// Objects are built per shape (key sequence): a function made once per shape returns an object
// literal of its keys (V8 clones the literal's boilerplate, with the final hidden class at once)
// and another fills it with constant-key stores, instead of one store per property with a key
// that changes every time (V8's slow keyed path). The functions are kept across calls by key
// list. A shape whose keys Object.prototype has as an accessor or read-only gets plain
// assignments instead (what devalue does: `object[key] = value`, which runs such a setter).
//
// The typed arrays are views of WebAssembly memory; nothing here calls into the module.

const HOLE = 0xffffffff;
const CONSTANTS = 5;

/** Compiled shapes by key list ("\0"-joined: a key here never holds a control character). */
const compiled = new Map();
const MAX_COMPILED = 512;
/** Larger objects are built with plain assignments (one function per shape would be huge). */
const MAX_KEYS = 64;

// Node's Buffer builds a string from UTF-16 about twice as fast as its TextDecoder.
const NodeBuffer = typeof Buffer === "function" && typeof Buffer.prototype.ucs2Slice === "function" ? Buffer : null;
const utf16Decoder = new TextDecoder("utf-16le", { ignoreBOM: true });

/** The string of the UTF-16 units `units` (lone surrogates kept). */
function fromUtf16(units) {
  if (units.length === 0) return "";
  if (NodeBuffer !== null && units.every((u) => u < 0xd800 || u > 0xdfff)) {
    return NodeBuffer.from(units.buffer, units.byteOffset, units.byteLength).ucs2Slice();
  }
  let s = "";
  for (let i = 0; i < units.length; i += 8192) s += String.fromCharCode.apply(null, units.subarray(i, i + 8192));
  return s;
}

/** Whether assigning each key to a fresh object defines an own data property (no inherited setter). */
function plainKeys(keys) {
  for (const k of keys) {
    if (k in Object.prototype) {
      const d = Object.getOwnPropertyDescriptor(Object.prototype, k);
      if (d === undefined || !d.writable) return false;
    }
  }
  return true;
}

function assigned(keys) {
  return {
    make: () => ({}),
    fill(o, V, E, s) {
      for (let k = 0; k < keys.length; k += 1) o[keys[k]] = V[E[s + k]];
    },
  };
}

/**
 * False once the page forbids making functions from text: a Content-Security-Policy without
 * 'unsafe-eval' (the server's own allows only 'wasm-unsafe-eval') makes `new Function` throw an
 * EvalError. Shapes are then built with plain assignments: the same value, somewhat slower.
 */
let canCompile = true;

function compile(keys) {
  if (!canCompile) return assigned(keys);
  const lits = keys.map((k) => JSON.stringify(k));
  try {
    return {
      make: new Function(`return {${lits.map((l) => `${l}: undefined`).join(", ")}};`),
      fill: new Function("o", "V", "E", "s", lits.map((l, k) => `o[${l}] = V[E[s + ${k}]];`).join("\n")),
    };
  } catch {
    canCompile = false;
    return assigned(keys);
  }
}

/** The builder of shape `s`: its keys from the shape table, its functions compiled or cached. */
function builder(text, shapes, s) {
  const keys = [];
  for (let t = s; t !== 0; t = shapes[3 * t]) keys.push(text.slice(shapes[3 * t + 1], shapes[3 * t + 2]));
  keys.reverse();
  if (keys.length > MAX_KEYS || !plainKeys(keys)) return assigned(keys);
  const id = keys.join("\0");
  let b = compiled.get(id);
  if (b === undefined) {
    b = compile(keys);
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    compiled.set(id, b);
  }
  return b;
}

export function materialisePlain(text, ops, nums, fill, edges, shapes, unescaped, count) {
  const esc = fromUtf16(unescaped);
  const V = new Array(count + CONSTANTS);
  V[0] = undefined;
  V[1] = NaN;
  V[2] = Infinity;
  V[3] = -Infinity;
  V[4] = -0;
  const built = new Array(shapes.length / 3);

  // Step 1.
  const end = ops.length;
  for (let p = 0, i = CONSTANTS, n = 0; p < end; i += 1) {
    switch (ops[p]) {
      case 0:
        V[i] = null;
        p += 1;
        break;
      case 1:
        V[i] = false;
        p += 1;
        break;
      case 2:
        V[i] = true;
        p += 1;
        break;
      case 3:
        V[i] = ops[p + 1];
        p += 2;
        break;
      case 4:
        V[i] = nums[n++];
        p += 1;
        break;
      case 5:
        V[i] = text.slice(ops[p + 1], ops[p + 2]);
        p += 3;
        break;
      case 6:
        V[i] = esc.slice(ops[p + 1], ops[p + 2]);
        p += 3;
        break;
      case 7:
        V[i] = new Date(nums[n++]);
        p += 1;
        break;
      case 8:
        V[i] = new Array(ops[p + 1]);
        p += 2;
        break;
      case 9: {
        const s = ops[p + 1];
        const b = built[s] ?? (built[s] = builder(text, shapes, s));
        V[i] = b.make();
        p += 2;
        break;
      }
      default:
        throw new Error(`plain payload tape: unknown code ${ops[p]}`);
    }
  }

  // Step 2.
  const fend = fill.length;
  for (let p = 0; p < fend; p += 4) {
    const target = V[fill[p]];
    const code = fill[p + 1];
    const start = fill[p + 2];
    if (code === 0) {
      const len = fill[p + 3];
      for (let k = 0; k < len; k += 1) {
        const e = edges[start + k];
        if (e !== HOLE) target[k] = V[e];
      }
    } else {
      built[code - 1].fill(target, V, edges, start);
    }
  }
  return V[CONSTANTS];
}

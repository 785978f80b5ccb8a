// The JSON.parse path of decodePayload, for payloads made mostly of long strings.
//
// devalue.parse is JSON.parse plus a walk that resolves references. On a string-heavy payload
// JSON.parse is nearly all of its time, and no decoder that first has to hand the text to
// WebAssembly (UTF-8 encoding alone costs two thirds of devalue's time on non-ASCII text) can
// match it. So for such payloads decodePayload runs JSON.parse itself and resolves the references
// in place: each parsed object and array *is* the decoded one (its indices are replaced by the
// values they point to), so nothing is built twice and the walk is lighter than devalue's.
//
// It covers what pages send (objects, arrays, strings, numbers, the negative constants, Date, Set,
// Map, holes) and nothing else: on any other type, on a reviver that applies, on a `__proto__`
// key, on an index devalue would reject (or accept with a quirk), on a JSON syntax error, or when
// something has added an enumerable property to Object.prototype it
// gives up with `undefined`, and the caller decodes the text with aivg-core's decoder, which owns
// every rule and every error message. It never calls a reviver and never throws.
//
// The object-heavy payloads are faster through aivg-core (it builds only the final values, where
// JSON.parse first builds one object per node): `suitsJson` picks the path from a sample of the
// text (see benches/node/compare.mjs for the figures).

/** Gives-up marker inside the walk. */
const GIVE_UP = 1;

/** The values devalue's negative indices stand for (HOLE, -2, is handled by arrays). */
function constant(index) {
  switch (index) {
    case -1:
      return undefined;
    case -3:
      return NaN;
    case -4:
      return Infinity;
    case -5:
      return -Infinity;
    case -6:
      return -0;
    default:
      throw GIVE_UP;
  }
}

/** Offsets of the digits in `YYYY-MM-DDTHH:mm:ss.sssZ`. */
const DATE_DIGITS = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18, 20, 21, 22];

/**
 * `new Date(text)`, without the engine's general date parser for the one form devalue writes
 * (`Date#toISOString`), when its fields are in ranges where every engine agrees.
 */
export function isoDate(text) {
  if (
    text.length === 24 &&
    text.charCodeAt(4) === 45 &&
    text.charCodeAt(7) === 45 &&
    text.charCodeAt(10) === 84 &&
    text.charCodeAt(13) === 58 &&
    text.charCodeAt(16) === 58 &&
    text.charCodeAt(19) === 46 &&
    text.charCodeAt(23) === 90
  ) {
    let digits = true;
    for (let k = 0; k < 17; k += 1) {
      const c = text.charCodeAt(DATE_DIGITS[k]);
      if (c < 48 || c > 57) {
        digits = false;
        break;
      }
    }
    const at = (k) => text.charCodeAt(k) - 48;
    const y = at(0) * 1000 + at(1) * 100 + at(2) * 10 + at(3);
    const mo = at(5) * 10 + at(6);
    const d = at(8) * 10 + at(9);
    const h = at(11) * 10 + at(12);
    const mi = at(14) * 10 + at(15);
    const s = at(17) * 10 + at(18);
    const ms = at(20) * 100 + at(21) * 10 + at(22);
    if (digits && y >= 1000 && mo >= 1 && mo <= 12 && d >= 1 && d <= 28 && h <= 23 && mi <= 59 && s <= 59) {
      // Days since 1970-01-01 in the proleptic Gregorian calendar (ECMAScript's MakeDay), by
      // Howard Hinnant's days_from_civil.
      const yy = mo <= 2 ? y - 1 : y;
      const era = Math.floor(yy / 400);
      const yoe = yy - era * 400;
      const doy = Math.floor((153 * (mo > 2 ? mo - 3 : mo + 9) + 2) / 5) + d - 1;
      const days = era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
      return new Date(days * 86400000 + h * 3600000 + mi * 60000 + s * 1000 + ms);
    }
  }
  return new Date(text);
}

/**
 * Whether Object.prototype has no enumerable property (for-in over a parsed object then lists
 * its own keys only).
 */
function plainPrototype() {
  // eslint-disable-next-line no-unreachable-loop
  for (const _ in Object.prototype) return false;
  return true;
}

/** Whether `revivers` has a reviver devalue would use for `type`. */
function revived(revivers, type) {
  return revivers !== undefined && Object.hasOwn(revivers, type) && Boolean(revivers[type]);
}

/** Resolves the references of the parsed `values` in place; returns the root. */
function walk(values, revivers) {
  const n = values.length;
  // Per node: 0 nothing to fill, 1 object, 2 array, 3 Set, 4 Map.
  const kinds = new Uint8Array(n);
  const raws = [];
  // Step 1: every value that has no children is final; Sets and Maps get created, their
  // raw entries kept apart.
  for (let i = 0; i < n; i += 1) {
    const v = values[i];
    if (typeof v !== "object" || v === null) continue;
    if (!Array.isArray(v)) {
      kinds[i] = 1;
      continue;
    }
    const type = v[0];
    if (typeof type !== "string") {
      if (type === -7) throw GIVE_UP; // sparse array
      kinds[i] = 2;
      continue;
    }
    if (revived(revivers, type)) throw GIVE_UP;
    if (type === "Date") {
      if (typeof v[1] !== "string") throw GIVE_UP;
      values[i] = isoDate(v[1]);
    } else if (type === "Set") {
      kinds[i] = 3;
      raws.push(v);
      values[i] = new Set();
    } else if (type === "Map") {
      if ((v.length & 1) === 0) throw GIVE_UP;
      kinds[i] = 4;
      raws.push(v);
      values[i] = new Map();
    } else {
      throw GIVE_UP;
    }
  }
  // Step 2: containers get their children (each index read once, then overwritten).
  for (let i = 0, r = 0; i < n; i += 1) {
    const kind = kinds[i];
    if (kind === 0) continue;
    if (kind === 1) {
      const object = values[i];
      // for-in lists own keys only here (`decodeJson` checked Object.prototype), faster than
      // Object.keys, which allocates an array per object.
      for (const key in object) {
        if (key === "__proto__") throw GIVE_UP;
        const c = object[key];
        object[key] = c >>> 0 === c && c < n ? values[c] : constant(c);
      }
    } else if (kind === 2) {
      const array = values[i];
      const len = array.length;
      for (let k = 0; k < len; k += 1) {
        const c = array[k];
        if (c >>> 0 === c && c < n) array[k] = values[c];
        else if (c === -2) delete array[k];
        else array[k] = constant(c);
      }
    } else if (kind === 3) {
      const raw = raws[r];
      const set = values[i];
      r += 1;
      for (let k = 1; k < raw.length; k += 1) {
        const c = raw[k];
        set.add(c >>> 0 === c && c < n ? values[c] : constant(c));
      }
    } else {
      const raw = raws[r];
      const map = values[i];
      r += 1;
      for (let k = 1; k < raw.length; k += 2) {
        const a = raw[k];
        const b = raw[k + 1];
        map.set(a >>> 0 === a && a < n ? values[a] : constant(a), b >>> 0 === b && b < n ? values[b] : constant(b));
      }
    }
  }
  return values[0];
}

/**
 * `devalue.parse(text, revivers)` through JSON.parse, or `undefined` when this path does not
 * cover the text (the decoded value itself is never `undefined` here: the root is a parsed value).
 */
export function decodeJson(text, revivers) {
  if (typeof text !== "string") return undefined;
  const reviversObject =
    revivers !== null && (typeof revivers === "object" || typeof revivers === "function") ? revivers : undefined;
  let values;
  try {
    values = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(values) || values.length === 0 || !plainPrototype()) return undefined;
  try {
    return walk(values, reviversObject);
  } catch (e) {
    if (e === GIVE_UP) return undefined;
    throw e;
  }
}

/** Characters sampled by `suitsJson`, in windows spread over the text. */
const WINDOWS = 16;
const WINDOW = 256;
/**
 * Fewer commas than one in this many characters: few values for the size. The bench payloads have
 * one in 12 (object-heavy: core's path is faster) and one in 150 (string-heavy: JSON.parse's).
 */
const COMMA_SPACING = 40;

/**
 * Whether the JSON.parse path is the faster one for `text`: when its values are few for its size
 * (long strings): fewer than one comma in `COMMA_SPACING` characters of the sample.
 */
export function suitsJson(text) {
  const len = text.length;
  if (len < WINDOWS * WINDOW) return countCommas(text, 0, len) * COMMA_SPACING < len;
  let commas = 0;
  const step = Math.floor((len - WINDOW) / (WINDOWS - 1));
  for (let w = 0; w < WINDOWS; w += 1) commas += countCommas(text, w * step, w * step + WINDOW);
  return commas * COMMA_SPACING < WINDOWS * WINDOW;
}

function countCommas(text, from, to) {
  let n = 0;
  for (let i = from; i < to; i += 1) if (text.charCodeAt(i) === 44) n += 1;
  return n;
}

/** The value through JSON.parse when it suits the text and covers it; else `undefined`. */
export function decodeJsonIfSuited(text, revivers) {
  return typeof text === "string" && suitsJson(text) ? decodeJson(text, revivers) : undefined;
}

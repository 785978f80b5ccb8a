// Structural comparison of two decoded payloads, shared by the payload tests.

function tagOf(v) {
  return Object.prototype.toString.call(v).slice(8, -1);
}

/**
 * Whether `a` and `b` are the same value graph: same types and prototypes, same primitives
 * (Object.is), same own keys in the same order (holes included), and the same sharing: the
 * objects of `a` map one-to-one onto those of `b`. Iterative, so deep values are fine.
 * Returns null when equal, else a description of the first difference.
 */
export function graphDiff(a, b) {
  const ab = new Map();
  const ba = new Map();
  const stack = [[a, b, "$"]];
  while (stack.length > 0) {
    const [x, y, path] = stack.pop();
    if (typeof x !== typeof y) return `${path}: ${typeof x} vs ${typeof y}`;
    if (x === null || y === null || (typeof x !== "object" && typeof x !== "function")) {
      if (!Object.is(x, y)) return `${path}: ${String(x)} vs ${String(y)}`;
      continue;
    }
    if (ab.has(x) || ba.has(y)) {
      if (ab.get(x) !== y || ba.get(y) !== x) return `${path}: sharing differs`;
      continue;
    }
    ab.set(x, y);
    ba.set(y, x);
    if (Object.getPrototypeOf(x) !== Object.getPrototypeOf(y)) return `${path}: prototypes differ (${tagOf(x)} vs ${tagOf(y)})`;
    const tag = tagOf(x);
    if (tag !== tagOf(y)) return `${path}: ${tag} vs ${tagOf(y)}`;
    const push = (u, v, p) => stack.push([u, v, p]);
    if (x instanceof Date) {
      if (!Object.is(x.getTime(), y.getTime())) return `${path}: dates ${x.getTime()} vs ${y.getTime()}`;
    } else if (x instanceof RegExp) {
      if (x.source !== y.source || x.flags !== y.flags || x.lastIndex !== y.lastIndex) return `${path}: ${x} vs ${y}`;
    } else if (x instanceof Map) {
      if (x.size !== y.size) return `${path}: Map sizes ${x.size} vs ${y.size}`;
      const ex = [...x];
      const ey = [...y];
      ex.forEach(([k, v], i) => {
        push(k, ey[i][0], `${path}<key ${i}>`);
        push(v, ey[i][1], `${path}<value ${i}>`);
      });
    } else if (x instanceof Set) {
      if (x.size !== y.size) return `${path}: Set sizes ${x.size} vs ${y.size}`;
      const vy = [...y];
      [...x].forEach((v, i) => push(v, vy[i], `${path}<${i}>`));
    } else if (x instanceof ArrayBuffer) {
      if (Buffer.compare(Buffer.from(x), Buffer.from(y)) !== 0) return `${path}: ArrayBuffer bytes differ`;
    } else if (ArrayBuffer.isView(x)) {
      if (x.byteOffset !== y.byteOffset || x.byteLength !== y.byteLength) return `${path}: ${tag} ranges differ`;
      push(x.buffer, y.buffer, `${path}.buffer`);
    } else if (x instanceof URL) {
      if (x.href !== y.href) return `${path}: ${x.href} vs ${y.href}`;
    } else if (x instanceof URLSearchParams) {
      if (String(x) !== String(y)) return `${path}: ${x} vs ${y}`;
    } else if (["Number", "String", "Boolean", "BigInt"].includes(tag)) {
      if (!Object.is(x.valueOf(), y.valueOf())) return `${path}: boxed ${x.valueOf()} vs ${y.valueOf()}`;
    } else if (x instanceof Error) {
      if (x.message !== y.message) return `${path}: error messages ${x.message} vs ${y.message}`;
    }
    if (Array.isArray(x) && x.length !== y.length) return `${path}: lengths ${x.length} vs ${y.length}`;
    // Own enumerable keys (array indices included, so holes count), in order.
    if (!(x instanceof Map || x instanceof Set || ArrayBuffer.isView(x))) {
      const kx = Object.keys(x);
      const ky = Object.keys(y);
      if (kx.length !== ky.length || kx.some((k, i) => k !== ky[i])) {
        return `${path}: keys [${kx.slice(0, 8)}] vs [${ky.slice(0, 8)}]`;
      }
      for (const k of kx) push(x[k], y[k], `${path}.${k}`);
    }
  }
  return null;
}

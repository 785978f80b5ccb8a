/**
 * Local/session storage and cookie access that never throws
 * (docs/behaviour/calls-and-errors.md#the-error-catalogue: "Local storage read/write failure:
 * warning, defaults used").
 */

type Area = "local" | "session";

function area(which: Area): Storage | null {
  try {
    return which === "local" ? window.localStorage : window.sessionStorage;
  } catch (error) {
    console.warn(`${which} storage unavailable`, error);
    return null;
  }
}

export function readRaw(which: Area, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch (error) {
    console.warn(`cannot read ${key}`, error);
    return null;
  }
}

export function writeRaw(which: Area, key: string, value: string | null): void {
  try {
    const s = area(which);
    if (value === null) s?.removeItem(key);
    else s?.setItem(key, value);
  } catch (error) {
    console.warn(`cannot write ${key}`, error);
  }
}

export function readCookie(name: string): string | null {
  try {
    for (const part of document.cookie.split(";")) {
      const [k, ...rest] = part.trim().split("=");
      if (k === name) return decodeURIComponent(rest.join("="));
    }
  } catch (error) {
    console.warn(`cannot read cookie ${name}`, error);
  }
  return null;
}

export function writeCookie(name: string, value: string | null, days: number): void {
  try {
    const maxAge = value === null ? 0 : Math.round(days * 86_400);
    document.cookie = `${name}=${encodeURIComponent(value ?? "")}; path=/; max-age=${maxAge}; samesite=lax`;
  } catch (error) {
    console.warn(`cannot write cookie ${name}`, error);
  }
}

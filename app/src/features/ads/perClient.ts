/**
 * A site answer asked once per client kind ("" on desktop, "wap" on phones) for the page's life,
 * and its React face. A failed call is logged and gives `fallback`, so what depends on it stays
 * as it is without it (no ads, no promotion the server has not confirmed).
 */
import { useEffect, useState } from "react";
import { useIsPhone } from "../frame/viewport";

export type PerClient<T> = (phone: boolean) => Promise<T>;

/** `fetch(client)` at most once per client kind; `what` names the call in the log. */
export function perClient<T>(fetch: (client: string) => Promise<T>, fallback: T, what: string): PerClient<T> {
  const cache = new Map<string, Promise<T>>();
  return (phone) => {
    const client = phone ? "wap" : "";
    let answer = cache.get(client);
    if (!answer) {
      answer = fetch(client).catch((error: unknown) => {
        console.warn(`${what} failed`, error);
        return fallback;
      });
      cache.set(client, answer);
    }
    return answer;
  };
}

/** The answer for this page's client kind: `initial` until it arrives. */
export function usePerClient<T>(load: PerClient<T>, initial: T): T {
  const phone = useIsPhone();
  const [answer, setAnswer] = useState<T>(initial);
  useEffect(() => {
    let live = true;
    void load(phone).then((value) => live && setAnswer(value));
    return () => {
      live = false;
    };
  }, [load, phone]);
  return answer;
}

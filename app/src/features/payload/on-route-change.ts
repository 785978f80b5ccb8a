/**
 * Loads the prerendered payload of each page shown (pagePayload.ts) into `pagePayloadAtom`,
 * where pages read it with `usePagePayload`. The manifest is the one the build-update service
 * prefetches, so it is fetched once per page load.
 */
import { decodePayloadAsync } from "@aivg/core/payload-async";
import { getPagePayload } from "@aivg/core/rules";
import type { RouteChange } from "../../routes/route-change";
import { appStore } from "../../state/jotai";
import { BUILD_ID } from "../updates/buildInfo";
import { buildUpdates } from "../updates/updatesService";
import { loadPagePayload, payloadPath } from "./pagePayload";
import { pagePayloadAtom } from "./payloadState";

/** The path of the latest request; an answer for an older one is dropped. */
let latest: string | null = null;

export function onRouteChange({ current }: RouteChange): void {
  const path = payloadPath(current.pathname);
  if (path === latest) return; // same page (query or hash change): keep its payload
  latest = path;
  appStore.set(pagePayloadAtom, { path, status: "loading" });
  void loadPagePayload(path, {
    manifest: () => buildUpdates().manifest(),
    fetchText: getPagePayload,
    // The JSON.parse path covers a page's payload; the decoder's WebAssembly loads only for others.
    decode: (text) => decodePayloadAsync(text),
    buildId: BUILD_ID,
    warn: (message, error) => console.warn(message, error),
  }).then((payload) => {
    if (latest === path) appStore.set(pagePayloadAtom, { path, status: payload ? "ready" : "none", payload });
  });
}

/**
 * Applies index.html's entry stylesheets, which the build turns into style preloads so they do not
 * hold the boot skeleton's first paint (build/entry-styles.ts). Resolves once each is applied or
 * has failed to load (the app then renders unstyled rather than not at all). In development Vite
 * injects the styles itself and there is no marked link: resolves at once.
 */
export function applyEntryStyles(doc: Document = document): Promise<void> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>("link[data-entry-style]")];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener("load", () => resolve(), { once: true });
          link.addEventListener("error", () => resolve(), { once: true });
          link.rel = "stylesheet";
        }),
    ),
  ).then(() => undefined);
}

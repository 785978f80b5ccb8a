import { configureClient } from "@aivg/core/rules";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n, loadLanguageMessages } from "./setup";

// Node cannot fetch a relative URL; the browser resolves "" against the page.
beforeAll(() => configureClient({ baseUrl: "http://localhost:3000" }));
afterEach(() => vi.restoreAllMocks());

describe("language messages", () => {
  it("fetches the merged file of the build hash through core and uses it", async () => {
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(new Response(JSON.stringify({ menu: { home: "Startseite" } }), { status: 200, headers: { "content-type": "application/json" } }));
    await loadLanguageMessages("de");
    const input = fetchSpy.mock.calls[0]?.[0];
    const url = input instanceof Request ? input.url : String(input);
    expect(input instanceof Request ? input.method : "GET").toBe("GET");
    expect(url).toMatch(new RegExp(`/_i18n/${__I18N_HASH__}/de/messages\\.json`));
    expect(i18n.language).toBe("de");
    expect(i18n.t("menu:home")).toBe("Startseite");
  });

  it("warns and carries on when the file cannot be loaded", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("nope", { status: 500 }));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await expect(loadLanguageMessages("ko")).resolves.toBeUndefined();
    expect(i18n.language).toBe("ko");
    expect(warn).toHaveBeenCalled();
  });
});

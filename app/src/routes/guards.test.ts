import { describe, expect, it } from "vitest";
import { redirectingRoute, validatedRoute } from "./guards";
import { RouteError } from "./route-error";

const args = (url: string) => ({ request: new Request(url), params: {}, context: {} }) as Parameters<ReturnType<typeof validatedRoute>>[0];

describe("route validation (spec 01 §5, §8)", () => {
  it("returns core's match when the URL belongs to the route", () => {
    const match = validatedRoute("TextToMusic")(args("http://x/de/text-to-music/lofi/song?tab=song"));
    expect(match.name).toBe("TextToMusic");
    expect(match.language).toBe("de");
    expect(match.params).toEqual({ semantic: "lofi", tabname: "song" });
  });

  it("is a fatal 404 'Page Not Found: {fullPath}' when core matches another route", () => {
    let thrown: unknown;
    try {
      validatedRoute("Home")(args("http://x/explore?a=1"));
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(RouteError);
    expect(thrown).toMatchObject({ statusCode: 404, fatal: true, message: "Page Not Found: /explore?a=1" });
  });
});

describe("redirecting routes", () => {
  it("send / and /create to their targets with the query", () => {
    const home = redirectingRoute(args("http://x/zh/?q=1"));
    expect(home.status).toBe(302);
    expect(home.headers.get("location")).toBe("/zh/home?q=1");
    expect(redirectingRoute(args("http://x/create?a=b")).headers.get("location")).toBe("/image-to-video?a=b");
  });

  it("refuse a page route", () => {
    expect(() => redirectingRoute(args("http://x/home"))).toThrow(RouteError);
  });
});

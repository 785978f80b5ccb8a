import { act, render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { RouteChange } from "./route-change";
import { RouteChangeRunner } from "./RouteChangeRunner";

describe("on-route-change hook point", () => {
  it("calls each hook on first load (previous null) and after every navigation, with core's match", async () => {
    const seen: Array<[string | null, string, string]> = [];
    const cleanup = vi.fn();
    const hook = (change: RouteChange) => {
      seen.push([change.previous?.pathname ?? null, change.current.pathname, change.match.name]);
      return cleanup;
    };
    const failing = () => {
      throw new Error("broken hook");
    };
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: "*", element: <RouteChangeRunner hooks={[failing, hook]} /> }], {
      initialEntries: ["/home"],
    });
    render(<RouterProvider router={router} />);
    await act(() => router.navigate("/de/text-to-video"));
    expect(seen).toEqual([
      [null, "/home", "Home"],
      ["/home", "/de/text-to-video", "TextToVideo"],
    ]);
    expect(cleanup).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

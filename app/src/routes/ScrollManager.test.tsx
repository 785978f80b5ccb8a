import { act, render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ScrollManager } from "./ScrollManager";

function Page() {
  return (
    <>
      <ScrollManager />
      <div id="faq" />
    </>
  );
}

afterEach(() => vi.restoreAllMocks());

describe("scroll on navigation (docs/behaviour/languages-and-routes.md#routes)", () => {
  it("scrolls to the top when the path changes, not when only the query changes", async () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: "*", element: <Page /> }], { initialEntries: ["/a"] });
    render(<RouterProvider router={router} />);
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate("/b"));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockClear();
    await act(() => router.navigate("/b?x=1"));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("scrolls to the hash target when there is one", async () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
    const intoView = vi.fn();
    Element.prototype.scrollIntoView = intoView;
    const router = createMemoryRouter([{ path: "*", element: <Page /> }], { initialEntries: ["/a"] });
    render(<RouterProvider router={router} />);
    await act(() => router.navigate("/b#faq"));
    expect(intoView).toHaveBeenCalledTimes(1);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});

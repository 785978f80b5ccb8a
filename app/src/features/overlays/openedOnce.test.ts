import { renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useOpenedOnce } from "./openedOnce";

describe("useOpenedOnce", () => {
  it("is false until the first opening, then stays true", () => {
    const { result, rerender } = renderHook(({ open }) => useOpenedOnce(open), { initialProps: { open: false } });
    expect(result.current).toBe(false);
    rerender({ open: false });
    expect(result.current).toBe(false);
    rerender({ open: true });
    expect(result.current).toBe(true);
    rerender({ open: false });
    expect(result.current).toBe(true);
  });

  it("is true at once for a dialog mounted open", () => {
    const { result } = renderHook(() => useOpenedOnce(true));
    expect(result.current).toBe(true);
  });
});

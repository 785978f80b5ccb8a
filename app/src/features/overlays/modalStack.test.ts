import { describe, expect, it } from "vitest";
import { backdropCloses, escapeCloses, locksScroll, pushModal, removeModal, removeModalsOfType, topModal, type ModalRecord } from "./modalStack";

const rec = (id: string, modalLevel: number, seq: number, type: ModalRecord["type"] = "confirm"): ModalRecord =>
  ({ id, type, data: {}, modalLevel, seq }) as unknown as ModalRecord;

describe("modal stack", () => {
  it("orders by level, then by opening order", () => {
    let list: ModalRecord[] = [];
    list = pushModal(list, rec("a", 0, 1));
    list = pushModal(list, rec("b", 2, 2));
    list = pushModal(list, rec("c", 0, 3));
    expect(list.map((m) => m.id)).toEqual(["a", "c", "b"]);
    expect(topModal(list)?.id).toBe("b");
  });

  it("replaces a record opened again with the same id", () => {
    let list = pushModal([], rec("a", 0, 1));
    list = pushModal(list, rec("b", 0, 2));
    list = pushModal(list, { ...rec("a", 0, 3), data: { done: true } } as unknown as ModalRecord);
    expect(list.map((m) => m.id)).toEqual(["b", "a"]);
    expect(list[1]?.data).toEqual({ done: true });
  });

  it("rejects a level that is not a finite number", () => {
    expect(() => pushModal([], rec("a", Number.NaN, 1))).toThrow(/modalLevel/);
  });

  it("removes by id and by type, unchanged when absent", () => {
    const list = [rec("a", 0, 1), rec("b", 0, 2, "progress"), rec("c", 0, 3, "progress")];
    expect(removeModal(list, "a").map((m) => m.id)).toEqual(["b", "c"]);
    expect(removeModal(list, "zz")).toBe(list);
    expect(removeModalsOfType(list, "progress").map((m) => m.id)).toEqual(["a"]);
  });

  it("locks scroll while any modal is open", () => {
    expect(locksScroll([])).toBe(false);
    expect(locksScroll([rec("a", 0, 1)])).toBe(true);
  });

  it("lets only the image-play modal close on a backdrop click (docs/behaviour/languages-and-routes.md#overlays)", () => {
    expect(backdropCloses({ type: "imagePreview" })).toBe(true);
    for (const type of ["confirm", "goBack", "imageCrop", "progress", "driveSpace", "mobileVideo"] as const) {
      expect(backdropCloses({ type })).toBe(false);
    }
  });

  it("ignores Escape only on the progress modal", () => {
    expect(escapeCloses({ type: "progress" })).toBe(false);
    expect(escapeCloses({ type: "confirm" })).toBe(true);
  });
});

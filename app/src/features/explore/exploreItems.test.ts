import { describe, expect, it } from "vitest";
import { readExploreItem, visibleZones } from "./exploreItems";

describe("explore items", () => {
  it("reads extra_data sizes, also as a JSON string, with 400 when unreadable", () => {
    expect(readExploreItem({ id: 1, extra_data: { width: 512, height: 288 } })).toMatchObject({ width: 512, height: 288 });
    expect(readExploreItem({ id: 2, extra_data: '{"width":300,"height":"600"}' })).toMatchObject({ width: 300, height: 600 });
    expect(readExploreItem({ id: 3, extra_data: "not json" })).toMatchObject({ width: 400, height: 400 });
    expect(readExploreItem({ id: 4, extra_data: { width: "x", height: -2 } })).toMatchObject({ width: 400, height: 400 });
  });
  it("keeps only zones with visible_status 1", () => {
    const zones = visibleZones({
      list: [
        { id: 1, visible_status: 1 },
        { id: 2, visible_status: 0 },
        { id: 3, visible_status: "1" },
      ],
    });
    expect(zones.map((z) => z.id)).toEqual([1, 3]);
  });
});

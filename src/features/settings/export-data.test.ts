import { describe, expect, it } from "vitest";
import { exportDocument, exportFileName } from "./export-data";

describe("data export file", () => {
  it("is named with the local date", () => {
    expect(exportFileName(new Date(2025, 0, 5, 23, 59))).toBe("vibe-gallery-export-20250105.json");
    expect(exportFileName(new Date(2024, 11, 31, 0, 0))).toBe("vibe-gallery-export-20241231.json");
  });

  it("adds when it was exported to the server's data", () => {
    const now = new Date("2025-03-04T05:06:07.000Z");
    const parsed = JSON.parse(exportDocument({ profile: { displayName: "山田" }, works: [] }, now)) as unknown;
    expect(parsed).toEqual({ exportedAt: "2025-03-04T05:06:07.000Z", profile: { displayName: "山田" }, works: [] });
  });
});

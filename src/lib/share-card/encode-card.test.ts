import { describe, expect, it, vi } from "vitest";
import { SHARE_CARD_TARGET_BYTES, encodeCard } from "./encode-card";

const blobOf = (type: string, size: number) => new Blob([new Uint8Array(size)], { type });

describe("encodeCard", () => {
  it("takes WebP at the best quality that is small enough", async () => {
    const encode = vi.fn((type: string, quality: number) =>
      Promise.resolve(blobOf(type, quality > 0.8 ? SHARE_CARD_TARGET_BYTES + 1 : SHARE_CARD_TARGET_BYTES - 1)),
    );
    const blob = await encodeCard(encode);
    expect(blob.type).toBe("image/webp");
    expect(blob.size).toBeLessThanOrEqual(SHARE_CARD_TARGET_BYTES);
    expect(encode.mock.calls.map(([type]) => type)).toEqual(["image/webp", "image/webp"]);
  });

  it("falls back to JPEG where the browser cannot encode WebP (its canvas hands back a PNG)", async () => {
    const encode = vi.fn((type: string) => Promise.resolve(type === "image/webp" ? blobOf("image/png", 400_000) : blobOf(type, 60_000)));
    const blob = await encodeCard(encode);
    expect(blob.type).toBe("image/jpeg");
    // One try is enough to see that WebP is not available.
    expect(encode.mock.calls.filter(([type]) => type === "image/webp")).toHaveLength(1);
  });

  it("keeps the smallest the server takes when none meets the aim, and PNG only as the last resort", async () => {
    const big = await encodeCard((type, quality) => Promise.resolve(blobOf(type, Math.round(300_000 * quality))));
    expect(big).toMatchObject({ type: "image/webp", size: Math.round(300_000 * 0.62) });
    const png = await encodeCard(() => Promise.resolve(blobOf("image/png", 500_000)));
    expect(png.type).toBe("image/png");
  });

  it("fails when nothing is small enough or the canvas gives nothing", async () => {
    await expect(encodeCard(() => Promise.resolve(blobOf("image/png", 2 * 1024 * 1024)))).rejects.toThrow();
    await expect(encodeCard(() => Promise.resolve(null))).rejects.toThrow();
  });
});

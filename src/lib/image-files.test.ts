import { afterEach, describe, expect, it, vi } from "vitest";
import { unreadableImageProblem } from "./image-files";

const file = (bytes: number[] | string, name = "shot.png", type = "image/png") =>
  new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1];
const GIF = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0x80, 0];
const WEBP = [0x52, 0x49, 0x46, 0x46, 0x1a, 0, 0, 0, 0x57, 0x45, 0x42, 0x50];

const refusal = (name: string) => `「${name}」は画像として読み込めませんでした。PNG、JPEG、GIF形式の画像を選択してください`;

describe("unreadableImageProblem", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("accepts files whose first bytes are PNG, JPEG or GIF", async () => {
    for (const bytes of [PNG, JPEG, GIF]) expect(await unreadableImageProblem(file(bytes))).toBeNull();
  });

  it("refuses a text file renamed .png, an empty file and a WebP, naming the file", async () => {
    expect(await unreadableImageProblem(file("hello, world", "notes.png"))).toBe(refusal("notes.png"));
    expect(await unreadableImageProblem(file([], "empty.gif", "image/gif"))).toBe(refusal("empty.gif"));
    expect(await unreadableImageProblem(file(WEBP, "photo.jpg", "image/jpeg"))).toBe(refusal("photo.jpg"));
  });

  it("refuses a file with the right first bytes that the browser cannot decode", async () => {
    vi.stubGlobal("createImageBitmap", () => Promise.reject(new DOMException("The source image could not be decoded.")));
    expect(await unreadableImageProblem(file(PNG, "broken.png"))).toBe(refusal("broken.png"));
    const close = vi.fn();
    vi.stubGlobal("createImageBitmap", () => Promise.resolve({ close }));
    expect(await unreadableImageProblem(file(PNG))).toBeNull();
    expect(close).toHaveBeenCalled();
  });
});

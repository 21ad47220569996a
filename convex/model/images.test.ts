import { describe, expect, test } from "vitest";
import { imageRefusal, inspectImageBlob, sniffImageType } from "./images";
import { GIF_HEAD, JPEG_HEAD, PNG_HEAD, bytesOf, svgBytes, textBytes } from "./storedFiles.testkit";

const MB = 1024 * 1024;

describe("sniffImageType", () => {
  test("recognises PNG, JPEG and both GIF versions by their first bytes", () => {
    expect(sniffImageType(bytesOf(PNG_HEAD))).toBe("image/png");
    expect(sniffImageType(bytesOf(JPEG_HEAD))).toBe("image/jpeg");
    expect(sniffImageType(bytesOf(GIF_HEAD))).toBe("image/gif");
    expect(sniffImageType(bytesOf(Array.from("GIF87a", (c) => c.charCodeAt(0))))).toBe("image/gif");
  });

  test("recognises WebP (RIFF, any size, WEBP), which only thumbnails may be", () => {
    const webp = bytesOf(Array.from("RIFF\x1a\0\0\0WEBPVP8L", (c) => c.charCodeAt(0)));
    expect(sniffImageType(webp)).toBe("image/webp");
    expect(sniffImageType(bytesOf(Array.from("RIFF\x1a\0\0\0WAVEfmt ", (c) => c.charCodeAt(0))))).toBeNull();
    expect(sniffImageType(webp.slice(0, 11))).toBeNull();
    expect(imageRefusal({ size: 10, contentType: "image/webp", sniffedType: "image/webp" })).toBe("PNG、JPEG、GIF形式の画像を選択してください");
    expect(imageRefusal({ size: 10, sniffedType: "image/webp" })).toBe("PNG、JPEG、GIF形式の画像を選択してください");
    const thumbnailTypes = ["image/png", "image/jpeg", "image/gif", "image/webp"];
    expect(imageRefusal({ size: 10, contentType: "image/webp", sniffedType: "image/webp", types: thumbnailTypes })).toBeNull();
    expect(imageRefusal({ size: 10, contentType: "image/webp", sniffedType: "image/png", types: thumbnailTypes })).not.toBeNull();
  });

  test("anything else is not an image we accept", () => {
    expect(sniffImageType(textBytes())).toBeNull();
    expect(sniffImageType(svgBytes())).toBeNull();
    expect(sniffImageType(new Uint8Array([0x89, 0x50]))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe("imageRefusal", () => {
  test("size: 5 MB is allowed, one byte more is not", () => {
    expect(imageRefusal({ size: 5 * MB, contentType: "image/png" })).toBeNull();
    expect(imageRefusal({ size: 5 * MB + 1, contentType: "image/png" })).toBe("画像サイズは5MB以下にしてください");
  });

  test("declared type must be PNG, JPEG or GIF; an undeclared type is judged by the bytes", () => {
    expect(imageRefusal({ size: 10, contentType: "image/svg+xml" })).toBe("PNG、JPEG、GIF形式の画像を選択してください");
    expect(imageRefusal({ size: 10, contentType: "text/plain" })).toBe("PNG、JPEG、GIF形式の画像を選択してください");
    expect(imageRefusal({ size: 10, contentType: "IMAGE/JPEG" })).toBeNull();
    expect(imageRefusal({ size: 10 })).toBeNull();
    expect(imageRefusal({ size: 10, contentType: "application/octet-stream", sniffedType: "image/gif" })).toBeNull();
    expect(imageRefusal({ size: 10, sniffedType: null })).toBe("PNG、JPEG、GIF形式の画像を選択してください");
  });

  test("the bytes must agree with the declared type", () => {
    expect(imageRefusal({ size: 10, contentType: "image/png", sniffedType: "image/png" })).toBeNull();
    expect(imageRefusal({ size: 10, contentType: "image/png", sniffedType: "image/gif" })).toBe(
      "PNG、JPEG、GIF形式の画像を選択してください",
    );
    expect(imageRefusal({ size: 10, contentType: "image/png", sniffedType: null })).toBe(
      "PNG、JPEG、GIF形式の画像を選択してください",
    );
  });
});

describe("inspectImageBlob", () => {
  test("reads size, declared type and bytes of a blob", async () => {
    expect(await inspectImageBlob(new Blob([bytesOf(PNG_HEAD)], { type: "image/png" }))).toBeNull();
    expect(await inspectImageBlob(new Blob([bytesOf(PNG_HEAD)]))).toBeNull();
    expect(await inspectImageBlob(new Blob([textBytes()], { type: "image/png" }))).toBe(
      "PNG、JPEG、GIF形式の画像を選択してください",
    );
    expect(await inspectImageBlob(new Blob([bytesOf(PNG_HEAD, 5 * MB + 1)]))).toBe("画像サイズは5MB以下にしてください");
  });
});

import { describe, expect, test } from "vitest";
import { imageDimensions, imageRefusal, inspectImageBlob, isAcceptableShareCard, sniffImageType } from "./images";
import { realCardPng, realGif, realJpeg, realPng, realWebp } from "./screenshots.testkit";
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
    expect(imageRefusal({ size: 10, contentType: "image/webp", sniffedType: "image/webp" })).toBe(
      "PNG、JPEG、GIF形式の画像を選択してください",
    );
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
    expect(imageRefusal({ size: 10, contentType: "image/png", sniffedType: null })).toBe("PNG、JPEG、GIF形式の画像を選択してください");
  });
});

describe("inspectImageBlob", () => {
  test("reads size, declared type and bytes of a blob", async () => {
    expect(await inspectImageBlob(new Blob([bytesOf(PNG_HEAD)], { type: "image/png" }))).toBeNull();
    expect(await inspectImageBlob(new Blob([bytesOf(PNG_HEAD)]))).toBeNull();
    expect(await inspectImageBlob(new Blob([textBytes()], { type: "image/png" }))).toBe("PNG、JPEG、GIF形式の画像を選択してください");
    expect(await inspectImageBlob(new Blob([bytesOf(PNG_HEAD, 5 * MB + 1)]))).toBe("画像サイズは5MB以下にしてください");
  });
});

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** What Chromium's canvas.toBlob("image/webp", 0.8) makes of a 3×2 canvas: VP8X with an ICC profile, then VP8. */
const CHROMIUM_WEBP_3X2 = fromBase64(
  "UklGRhoCAABXRUJQVlA4WAoAAAAgAAAAAgAAAQAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZWUDggLAAAAJABAJ0BKgMAAgABQCYloAJ0ugADmAD+7tPf/ucD/ucD/ucD+Ov8UApHAeAA",
);
/** Its VP8 chunk alone, as a simple (not extended) lossy WebP. */
function simpleLossyWebp() {
  const vp8 = CHROMIUM_WEBP_3X2.slice(CHROMIUM_WEBP_3X2.length - 52);
  const riff = new Uint8Array(12 + vp8.length);
  riff.set(Array.from("RIFF\0\0\0\0WEBP", (c) => c.charCodeAt(0)));
  riff.set(vp8, 12);
  new DataView(riff.buffer).setUint32(4, riff.length - 8, true);
  return riff;
}
/** Chromium's canvas.toBlob("image/jpeg") of a 5×4 canvas: JFIF, an ICC profile (APP2), then the frame. */
const CHROMIUM_JPEG_5X4 = fromBase64(
  "/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAEAAUDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCXAVkq/9k=",
);

describe("imageDimensions", () => {
  test("reads the pixel size from the header of PNG, GIF, JPEG and every kind of WebP", () => {
    expect(imageDimensions(realPng())).toEqual({ width: 4, height: 3 });
    expect(imageDimensions(realCardPng())).toEqual({ width: 1200, height: 630 });
    expect(imageDimensions(realGif())).toEqual({ width: 1, height: 1 });
    expect(imageDimensions(realJpeg())).toEqual({ width: 16, height: 16 });
    expect(imageDimensions(CHROMIUM_JPEG_5X4)).toEqual({ width: 5, height: 4 });
    expect(imageDimensions(realWebp())).toEqual({ width: 1, height: 1 }); // lossless (VP8L)
    expect(imageDimensions(CHROMIUM_WEBP_3X2)).toEqual({ width: 3, height: 2 }); // extended (VP8X)
    expect(imageDimensions(simpleLossyWebp())).toEqual({ width: 3, height: 2 }); // lossy (VP8)
  });

  test("null for anything it cannot read: other files, cut-off headers, a JPEG without a frame", () => {
    expect(imageDimensions(textBytes())).toBeNull();
    expect(imageDimensions(svgBytes())).toBeNull();
    expect(imageDimensions(bytesOf(PNG_HEAD, 16))).toBeNull();
    expect(imageDimensions(realPng().slice(0, 20))).toBeNull();
    expect(imageDimensions(CHROMIUM_WEBP_3X2.slice(0, 24))).toBeNull();
    expect(imageDimensions(CHROMIUM_JPEG_5X4.slice(0, 600))).toBeNull();
    expect(imageDimensions(bytesOf([...JPEG_HEAD, 0x00, 0x10], 64))).toBeNull();
    expect(imageDimensions(Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02]))).toBeNull();
  });
});

describe("isAcceptableShareCard", () => {
  const card = (bytes: Uint8Array<ArrayBuffer>, type?: string) => new Blob([bytes], type ? { type } : {});

  test("a 1200×630 card up to 1 MB passes, its type declared or not", async () => {
    expect(await isAcceptableShareCard(card(realCardPng(), "image/png"))).toBe(true);
    expect(await isAcceptableShareCard(card(realCardPng()))).toBe(true);
  });

  test("another size, another type, a type that disagrees with the bytes, or over 1 MB is refused", async () => {
    expect(await isAcceptableShareCard(card(realCardPng(1201, 630), "image/png"))).toBe(false);
    expect(await isAcceptableShareCard(card(CHROMIUM_WEBP_3X2, "image/webp"))).toBe(false);
    expect(await isAcceptableShareCard(card(realGif(), "image/gif"))).toBe(false);
    expect(await isAcceptableShareCard(card(realCardPng(), "image/webp"))).toBe(false);
    expect(await isAcceptableShareCard(card(textBytes(), "image/png"))).toBe(false);
    expect(await isAcceptableShareCard(card(bytesOf(PNG_HEAD, MB + 1), "image/png"))).toBe(false);
  });
});

// Test-only helpers for files in storage. The two dots in this file's name keep it out of the
// deployed modules (the Convex CLI and `npm run codegen` skip such files).
//
// convex-test's `ctx.storage.store` records only size and sha256 in `_storage`, while the real
// backend (and the local backend) also record the upload's declared Content-Type. To test the
// checks that read it, `storeFile` patches it into the system document through convex-test's
// syscall layer, which user code cannot otherwise write.
import type { Id } from "../_generated/dataModel";
import type { TestConvex } from "../test.setup";

type ConvexGlobal = { asyncSyscall: (op: string, jsonArgs: string) => Promise<string> };

export const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
export const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0];
export const GIF_HEAD = Array.from("GIF89a", (c) => c.charCodeAt(0));

/** Bytes that start with `head` and are `size` long in all. */
export function bytesOf(head: readonly number[], size = 64): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(Math.max(size, head.length));
  bytes.set(head);
  return bytes;
}

export const pngBytes = (size?: number) => bytesOf(PNG_HEAD, size);
export const textBytes = (text = "これは画像ではありません") => new TextEncoder().encode(text);
export const svgBytes = () => new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>');

/** Stores bytes as an upload would, with the declared Content-Type when one is given. */
export async function storeFile(t: TestConvex, bytes: Uint8Array<ArrayBuffer>, contentType?: string) {
  return await t.run(async (ctx) => {
    const storageId = await ctx.storage.store(new Blob([bytes], contentType ? { type: contentType } : {}));
    if (contentType) {
      const convex = (globalThis as unknown as { Convex: ConvexGlobal }).Convex;
      await convex.asyncSyscall("1.0/shallowMerge", JSON.stringify({ table: "_storage", id: storageId, value: { contentType } }));
    }
    return storageId;
  });
}

/** Whether a file is still in storage. */
export async function fileExists(t: TestConvex, storageId: Id<"_storage">) {
  return await t.run(async (ctx) => (await ctx.db.system.get("_storage", storageId)) !== null);
}

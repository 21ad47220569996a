import { vi } from "vitest";

/** A file of the given size without allocating it (only `size` and `type` are read). */
export function fakeFile(name: string, type: string, size: number): File {
  const file = new File(["x"], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
}

/** jsdom has no object URLs; previews only need a string back. */
export function stubObjectUrls() {
  let n = 0;
  const createObjectURL = vi.fn(() => `blob:preview-${++n}`);
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = vi.fn();
  return { createObjectURL };
}

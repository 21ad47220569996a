import type { MutationCtx } from "./_generated/server";

/** Written first by every mutation that may fail: if it is missing, nothing was written. */
export async function mark(ctx: MutationCtx, tag: string): Promise<void> {
  await ctx.db.insert("markers", { tag });
}

export function range(length: number): number[] {
  return Array.from({ length }, (_, i) => i);
}

/** A value `depth` arrays deep: nest(0) is 0, nest(2) is [[0]]. */
export function nest(depth: number): unknown {
  let value: unknown = 0;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** An object with `count` fields named f0, f1, … */
export function fields(count: number, prefix = "f"): Record<string, number> {
  return Object.fromEntries(range(count).map((i) => [`${prefix}${i}`, i]));
}

export function padding(length: number): string {
  return "x".repeat(Math.max(0, length));
}

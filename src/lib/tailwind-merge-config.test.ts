import { extendTailwindMerge, twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { appWords } from "../../scripts/tailwind-merge-config/generate";
import { cn, customUtilities } from "./cn";

// cn() merges with a config reduced to the class groups the app uses
// (scripts/tailwind-merge-config); here it must merge the app's classes exactly as the full
// default config would.

describe("cn's tailwind-merge config", () => {
  const words = appWords();

  it("merges the app's classes as tailwind-merge's full default config does", () => {
    const full = extendTailwindMerge(customUtilities);
    const classes = words.filter((word) => twMerge(`${word} ${word}`) === word);
    // Every pair of classes with the same first word (text-…, hover:bg-…): where most conflicts are.
    const families = new Map<string, string[]>();
    for (const word of classes) {
      const family =
        word
          .split(":")
          .at(-1)
          ?.replace(/^[!-]+/, "")
          .split("-")[0] ?? "";
      families.set(family, [...(families.get(family) ?? []), word]);
    }
    const differences: string[] = [];
    let pairs = 0;
    for (const family of families.values()) {
      for (const a of family) {
        for (const b of family) {
          pairs++;
          if (cn(a, b) !== full(a, b)) differences.push(`${a} ${b}: ${cn(a, b)} ≠ ${full(a, b)}`);
        }
      }
    }
    expect(differences).toEqual([]);
    expect(pairs).toBeGreaterThan(1000);
  });
});

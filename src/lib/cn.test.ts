import { describe, expect, it } from "vitest";
import { cn } from "./cn";

describe("cn", () => {
  it("joins conditional classes", () => {
    expect(cn("a", false, undefined, ["b", { c: true, d: false }])).toBe("a b c");
  });

  it("lets a later Tailwind class override a conflicting earlier one", () => {
    expect(cn("size-10 text-zinc-700 hover:text-zinc-900", "size-8 text-zinc-400 hover:text-red-600")).toBe(
      "size-8 text-zinc-400 hover:text-red-600",
    );
    expect(cn("border-zinc-300 bg-white hover:bg-zinc-50", "border-amber-300 bg-amber-50 hover:bg-amber-100")).toBe(
      "border-amber-300 bg-amber-50 hover:bg-amber-100",
    );
    expect(cn("px-4 py-2", "p-3")).toBe("p-3");
  });

  it("keeps classes that do not conflict, including different variants and font size with colour", () => {
    expect(cn("text-sm text-zinc-700", "text-brand-700")).toBe("text-sm text-brand-700");
    expect(cn("hover:bg-zinc-100", "bg-white")).toBe("hover:bg-zinc-100 bg-white");
  });

  it("knows the custom utilities of index.css", () => {
    expect(cn("bg-none", "bg-brand-gradient")).toBe("bg-brand-gradient");
    expect(cn("bg-brand-gradient", "bg-zinc-900")).toBe("bg-brand-gradient bg-zinc-900");
    expect(cn("text-balance-ja text-zinc-900")).toBe("text-balance-ja text-zinc-900");
    expect(cn("text-brand-gradient", "text-2xl")).toBe("text-brand-gradient text-2xl");
  });
});

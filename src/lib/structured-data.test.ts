import { describe, expect, it } from "vitest";
import { jsonLdText, profileJsonLd, workJsonLd, type WorkForLd } from "./structured-data";

const work: WorkForLd = {
  _id: "w1",
  title: "ふんわり家計簿",
  description: "毎日の支出を記録できる家計簿アプリ",
  demoUrl: "https://kakeibo.example",
  tags: ["家計簿"],
  aiTools: ["Claude"],
  createdAt: Date.parse("2026-11-01T00:00:00Z"),
  updatedAt: Date.parse("2026-11-02T00:00:00Z"),
  likesCount: 12,
  screenshots: [{ url: "https://files.example/a.png", thumbnailUrl: "https://files.example/a.webp" }],
  author: { _id: "u1", handle: "maker", displayName: "作り手" },
};

describe("JSON-LD", () => {
  it("describes a work as a CreativeWork with its author, dates, image and likes", () => {
    expect(workJsonLd(work, "https://app.example")).toMatchObject({
      "@context": "https://schema.org",
      "@type": "CreativeWork",
      name: "ふんわり家計簿",
      url: "https://app.example/projects/w1",
      image: ["https://files.example/a.png"],
      datePublished: "2026-11-01T00:00:00.000Z",
      dateModified: "2026-11-02T00:00:00.000Z",
      author: { "@type": "Person", name: "作り手", url: "https://app.example/profile/maker" },
      interactionStatistic: { userInteractionCount: 12 },
    });
  });

  it("describes a profile as a ProfilePage about a Person, leaving out what is empty", () => {
    const ld = profileJsonLd(
      { _id: "u1", handle: "maker", displayName: "作り手", photoUrl: null, bio: "", githubUrl: "https://github.com/maker" },
      "https://app.example",
    );
    expect(ld).toEqual({
      "@context": "https://schema.org",
      "@type": "ProfilePage",
      url: "https://app.example/profile/maker",
      mainEntity: { "@type": "Person", name: "作り手", alternateName: "@maker", sameAs: ["https://github.com/maker"] },
    });
  });

  it("no value can close the script element, and the text is still the same JSON", () => {
    const hostile = { ...work, title: "</script><script>alert(1)</script>\u2028" };
    const text = jsonLdText(workJsonLd(hostile, "https://app.example"));
    expect(text).not.toContain("<");
    expect(text).not.toContain("\u2028");
    expect((JSON.parse(text) as { name: string }).name).toBe(hostile.title);
  });
});

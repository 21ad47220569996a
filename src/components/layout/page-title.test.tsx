import { render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PageTitle } from "./page-title";

const SITE_DESCRIPTION = "AIツールで作られた作品を共有・発見できるクリエイターコミュニティ";

beforeEach(() => {
  const meta = document.createElement("meta");
  meta.name = "description";
  meta.content = SITE_DESCRIPTION;
  document.head.append(meta);
});
afterEach(() => {
  document.head.querySelector('meta[name="description"]')?.remove();
});

const description = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')!.content;

describe("PageTitle", () => {
  it("names the tab, and puts the page's own description in the one meta description while shown", () => {
    const { unmount, rerender } = render(<PageTitle title="ふんわり家計簿" description="毎日の支出を記録できる" />);
    expect(document.title).toBe("ふんわり家計簿 | バイブギャラリー");
    expect(description()).toBe("毎日の支出を記録できる");
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    rerender(<PageTitle title="別の作品" description="別の説明" />);
    expect(description()).toBe("別の説明");
    unmount();
    expect(description()).toBe(SITE_DESCRIPTION);
  });

  it("a page without a description keeps the site's", () => {
    render(<PageTitle title="ヘルプ" />);
    expect(description()).toBe(SITE_DESCRIPTION);
  });
});

import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "@/test/render-app";

const questions = [
  "バイブギャラリーとは何ですか？",
  "作品はどうやって投稿しますか？",
  "「ゼロコード」とは何ですか？",
  "アカウントの作成は無料ですか？",
  "パスワードを忘れてしまいました。どうすればいいですか？",
];

async function renderHelp() {
  const app = renderApp({ entries: ["/help"] });
  await screen.findByRole("heading", { level: 1, name: "ヘルプ" });
  return app;
}

describe("help page", () => {
  it("lists the five FAQ questions, all collapsed", async () => {
    await renderHelp();
    for (const question of questions) {
      expect(screen.getByRole("button", { name: question })).toHaveAttribute("aria-expanded", "false");
    }
    expect(screen.getAllByRole("button", { expanded: false, name: /？$/ })).toHaveLength(5);
    expect(screen.queryByText(/Google側で再設定/)).not.toBeInTheDocument();
  });

  it("expands an answer when its question is clicked, and only one at a time", async () => {
    const { user } = await renderHelp();
    const password = screen.getByRole("button", { name: questions[4] });

    await user.click(password);
    expect(password).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText(/Google側で再設定してください/)).toBeVisible();
    expect(screen.getByRole("link", { name: /Googleアカウントの再設定ページ/ })).toHaveAttribute(
      "href",
      "https://accounts.google.com/signin/recovery",
    );

    await user.click(screen.getByRole("button", { name: questions[3] }));
    expect(screen.getByText(/はい、無料です/)).toBeVisible();
    expect(screen.queryByText(/Google側で再設定/)).not.toBeInTheDocument();
  });

  it("offers a contact mail button with a Japanese subject", async () => {
    await renderHelp();
    const mail = screen.getByRole("link", { name: "メールで問い合わせる" });
    const href = mail.getAttribute("href") ?? "";
    expect(href.startsWith("mailto:support@vibe-gallery.example?subject=")).toBe(true);
    expect(decodeURIComponent(href.split("subject=")[1] ?? "")).toBe("バイブギャラリーへのお問い合わせ");
  });
});

// Posting a work through the real 4-step wizard, shared by the journeys that need a new work.
import type { Page } from "playwright-core";
import { renderMockupPng } from "../../convex/model/demoImages";

/** A real PNG screenshot, as a file picker hands it over. */
export function pngFile(name: string, variant: number) {
  const palette = { from: [99, 102, 241], to: [236, 72, 153], accent: [255, 255, 255] } as const;
  const bytes = renderMockupPng({ from: [...palette.from], to: [...palette.to], accent: [...palette.accent] }, 960, 600, variant);
  return { name, mimeType: "image/png", buffer: Buffer.from(bytes) };
}

export const nextStep = (page: Page) => page.getByRole("button", { name: "次へ" });
export const pickImages = (page: Page, files: ReturnType<typeof pngFile>[]) =>
  page.getByLabel("スクリーンショット画像").setInputFiles(files);

/** Fills step 1 of the wizard (already open on it) with the least a work needs and goes on to step 2. */
export async function fillBasicInfo(page: Page, title: string) {
  await page.getByRole("textbox", { name: /タイトル/ }).fill(title);
  await page.getByRole("textbox", { name: /^説明/ }).fill("e2eのために作った小さな作品です。");
  await page.getByRole("textbox", { name: /Vibeの説明/ }).fill("AIと相談しながら作りました。");
  await page.getByRole("combobox", { name: /ジャンル/ }).click();
  await page.getByRole("option", { name: "その他" }).click();
  await page.getByRole("textbox", { name: /^デモURL/ }).fill("https://example.com/e2e");
  await nextStep(page).click();
}

/**
 * Fills the wizard (already open on step 1) with the least a work needs, one PNG and ChatGPT,
 * and presses 投稿する. Where it lands is the caller's to check.
 */
export async function fillAndPostWork(page: Page, title: string) {
  await fillBasicInfo(page, title);
  await pickImages(page, [pngFile("only.png", 3)]);
  await page.getByText("アップロード完了").waitFor();
  await nextStep(page).click();
  await page.getByRole("button", { name: /^ChatGPT/ }).click();
  await nextStep(page).click();
  await page.getByRole("button", { name: "投稿する" }).click();
}

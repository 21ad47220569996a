import { useState } from "react";
import { PageContainer } from "@/components/layout/page-container";
import { PageTitle } from "@/components/layout/page-title";
import { BadgesAvatarsSection } from "./badges-avatars-section";
import { ButtonsSection } from "./buttons-section";
import { CardsSection } from "./cards-section";
import { ColorsSection } from "./colors-section";
import { FormattingSection } from "./formatting-section";
import { FormsSection } from "./forms-section";
import { OverlaysSection } from "./overlays-section";
import { StatesSection } from "./states-section";
import { TypographySection } from "./typography-section";

const contents = [
  { id: "colors", label: "カラー" },
  { id: "typography", label: "タイポグラフィ" },
  { id: "buttons", label: "ボタン" },
  { id: "forms", label: "フォーム" },
  { id: "cards", label: "カード" },
  { id: "badges", label: "バッジとアバター" },
  { id: "overlays", label: "ダイアログとトースト" },
  { id: "tabs", label: "タブ" },
  { id: "states", label: "空・読み込み中・エラー" },
  { id: "formatting", label: "日付と数値" },
];

/** The design system as the pages use it; every component here comes from components/ui. */
export function StyleguidePage() {
  // One clock for the page, so relative times in the samples agree with each other.
  const [now] = useState(() => Date.now());
  return (
    <PageContainer>
      <PageTitle title="スタイルガイド" />
      <header className="max-w-2xl">
        <p className="text-sm font-semibold text-brand-700">デザインシステム</p>
        <h1 className="mt-1 text-3xl font-bold text-zinc-900 sm:text-4xl">スタイルガイド</h1>
        <p className="mt-3 text-zinc-600">
          バイブギャラリーの画面で使っている色・文字・部品の一覧です。新しい画面をつくるときは、ここにある部品を組み合わせてください。
        </p>
      </header>
      <div className="mt-10 lg:grid lg:grid-cols-[12rem_1fr] lg:gap-10">
        <nav aria-label="スタイルガイドの目次" className="mb-8 lg:mb-0">
          <ul className="flex gap-2 overflow-x-auto pb-2 lg:sticky lg:top-24 lg:flex-col lg:gap-0.5 lg:overflow-visible">
            {contents.map((item) => (
              <li key={item.id} className="shrink-0">
                <a
                  href={`#${item.id}`}
                  className="block rounded-lg border border-zinc-200 bg-white px-3 py-1.5 text-sm whitespace-nowrap text-zinc-600 hover:text-zinc-900 lg:border-0 lg:bg-transparent lg:hover:bg-zinc-100"
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex min-w-0 flex-col gap-12">
          <ColorsSection />
          <TypographySection />
          <ButtonsSection />
          <FormsSection />
          <CardsSection now={now} />
          <BadgesAvatarsSection />
          <OverlaysSection />
          <StatesSection />
          <FormattingSection now={now} />
        </div>
      </div>
    </PageContainer>
  );
}

import { StyleguideSection } from "./styleguide-section";

const scale = [
  { label: "見出し1 / text-4xl black", className: "text-3xl font-black sm:text-4xl", sample: "コードを書かずに、カタチに。" },
  { label: "見出し2 / text-2xl bold", className: "text-2xl font-bold", sample: "今週のチャレンジ" },
  { label: "見出し3 / text-lg bold", className: "text-lg font-bold", sample: "作品のストーリー" },
  {
    label: "本文 / text-base（行間 1.8）",
    className: "text-base text-zinc-700",
    sample: "AIとの対話だけで、旅の思い出を地図に残せるアプリをつくりました。写真をアップロードすると、撮影場所に自動でピンが立ちます。",
  },
  { label: "補足 / text-sm", className: "text-sm text-zinc-600", sample: "投稿日 2026年11月22日・3分で読めます" },
  { label: "キャプション / text-xs", className: "text-xs text-zinc-500", sample: "PNG・JPG・GIF、1枚5MBまで" },
];

export function TypographySection() {
  return (
    <StyleguideSection
      id="typography"
      title="タイポグラフィ"
      description="ヒラギノ角ゴ / Noto Sans JP を優先。日本語が読みやすいよう行間はやや広めです。"
    >
      <dl className="flex flex-col divide-y divide-zinc-100">
        {scale.map((item) => (
          <div key={item.label} className="grid gap-1 py-4 first:pt-0 last:pb-0 md:grid-cols-[14rem_1fr] md:gap-6">
            <dt className="text-xs font-semibold text-zinc-500 md:pt-1">{item.label}</dt>
            <dd className={item.className}>{item.sample}</dd>
          </div>
        ))}
      </dl>
    </StyleguideSection>
  );
}

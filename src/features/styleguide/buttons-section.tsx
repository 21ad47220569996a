import { useState } from "react";
import { Heart, Plus, Share2 } from "lucide-react";
import { Button, ButtonLink, type ButtonSize, type ButtonVariant } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { ExampleLabel, StyleguideSection } from "./styleguide-section";

const variants: { variant: ButtonVariant; label: string }[] = [
  { variant: "primary", label: "投稿する" },
  { variant: "secondary", label: "検索" },
  { variant: "outline", label: "キャンセル" },
  { variant: "ghost", label: "もっと見る" },
  { variant: "danger", label: "削除する" },
];

const sizes: { size: ButtonSize; label: string }[] = [
  { size: "sm", label: "小" },
  { size: "md", label: "中" },
  { size: "lg", label: "大" },
];

export function ButtonsSection() {
  const [saving, setSaving] = useState(false);

  const simulateSave = () => {
    setSaving(true);
    setTimeout(() => setSaving(false), 1500);
  };

  return (
    <StyleguideSection id="buttons" title="ボタン">
      <div className="flex flex-col gap-8">
        <div>
          <ExampleLabel>バリエーション</ExampleLabel>
          <div className="flex flex-wrap gap-3">
            {variants.map(({ variant, label }) => (
              <Button key={variant} variant={variant}>
                {label}
              </Button>
            ))}
          </div>
        </div>
        <div>
          <ExampleLabel>サイズ</ExampleLabel>
          <div className="flex flex-wrap items-center gap-3">
            {sizes.map(({ size, label }) => (
              <Button key={size} size={size}>
                <Plus aria-hidden />
                サイズ{label}
              </Button>
            ))}
            <Button size="icon" variant="outline" aria-label="いいね">
              <Heart aria-hidden />
            </Button>
            <Button size="icon" variant="ghost" aria-label="共有">
              <Share2 aria-hidden />
            </Button>
          </div>
        </div>
        <div>
          <ExampleLabel>読み込み中・無効</ExampleLabel>
          <div className="flex flex-wrap gap-3">
            <Button loading={saving} onClick={simulateSave}>
              {saving ? "保存中…" : "押すと読み込み中に"}
            </Button>
            <Button loading variant="outline">
              送信中…
            </Button>
            <Button disabled>無効</Button>
            <Button disabled variant="danger">
              無効（危険）
            </Button>
          </div>
        </div>
        <div>
          <ExampleLabel>リンクとして使う（ButtonLink）</ExampleLabel>
          <div className="flex flex-wrap gap-3">
            <ButtonLink to={paths.help()} variant="outline">
              ヘルプを見る
            </ButtonLink>
            <ButtonLink to={paths.home()} variant="ghost">
              ホームへ
            </ButtonLink>
          </div>
        </div>
      </div>
    </StyleguideSection>
  );
}

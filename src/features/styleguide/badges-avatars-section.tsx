import { Award, Flame, Heart, MessageCircle, Sparkles, Trophy } from "lucide-react";
import { Avatar, type AvatarSize } from "@/components/ui/avatar";
import { Badge, type BadgeColor } from "@/components/ui/badge";
import { ExampleLabel, StyleguideSection } from "./styleguide-section";

const badgeSamples: { color: BadgeColor; label: string; icon: typeof Award }[] = [
  { color: "blue", label: "はじめての投稿", icon: Award },
  { color: "purple", label: "ゼロコードマスター", icon: Sparkles },
  { color: "yellow", label: "人気クリエイター", icon: Heart },
  { color: "green", label: "コメンテーター", icon: MessageCircle },
  { color: "red", label: "トレンドセッター", icon: Flame },
];

const avatarSizes: AvatarSize[] = ["xs", "sm", "md", "lg", "xl"];

const people = [
  { name: "佐藤 美咲", seed: "user_misaki" },
  { name: "Kenji Tanaka", seed: "user_kenji" },
  { name: "yuki", seed: "user_yuki" },
  { name: "山本 遥", seed: "user_haruka" },
  { name: "Alex Kim", seed: "user_alex" },
];

export function BadgesAvatarsSection() {
  return (
    <StyleguideSection id="badges" title="バッジとアバター">
      <div className="flex flex-col gap-8">
        <div>
          <ExampleLabel>バッジの5色（＋ニュートラル）</ExampleLabel>
          <div className="flex flex-wrap gap-2">
            {badgeSamples.map(({ color, label, icon: Icon }) => (
              <Badge key={color} color={color}>
                <Icon aria-hidden />
                {label}
              </Badge>
            ))}
            <Badge>
              <Trophy aria-hidden />
              ニュートラル
            </Badge>
          </div>
        </div>
        <div>
          <ExampleLabel>サイズ</ExampleLabel>
          <div className="flex flex-wrap items-end gap-4">
            {avatarSizes.map((size) => (
              <Avatar key={size} name="佐藤 美咲" seed="user_misaki" size={size} />
            ))}
          </div>
        </div>
        <div>
          <ExampleLabel>画像がないときの自動生成（頭文字＋IDから決まる色）</ExampleLabel>
          <ul className="flex flex-wrap gap-5">
            {people.map((person) => (
              <li key={person.seed} className="flex flex-col items-center gap-1.5">
                <Avatar name={person.name} seed={person.seed} size="lg" decorative />
                <span className="text-xs text-zinc-600">{person.name}</span>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <ExampleLabel>画像あり・画像の読み込みに失敗</ExampleLabel>
          <div className="flex items-center gap-4">
            <Avatar name="画像のあるユーザー" src="/styleguide/sample-avatar.svg" size="lg" />
            <Avatar name="Broken Image" seed="user_broken" src="/styleguide/does-not-exist.png" size="lg" />
          </div>
        </div>
      </div>
    </StyleguideSection>
  );
}

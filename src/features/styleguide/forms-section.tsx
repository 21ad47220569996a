import { useId, useState } from "react";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, type SelectOption } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { TagInput } from "@/components/ui/tag-input";
import { Textarea } from "@/components/ui/textarea";
import { ExampleLabel, StyleguideSection } from "./styleguide-section";

const genreOptions: SelectOption[] = [
  { value: "webapp", label: "Webアプリ" },
  { value: "mobile", label: "モバイルアプリ" },
  { value: "game", label: "ゲーム" },
  { value: "tool", label: "ツール" },
  { value: "ai", label: "AI" },
  { value: "design", label: "デザイン" },
  { value: "education", label: "教育" },
  { value: "business", label: "ビジネス" },
  { value: "entertainment", label: "エンタメ" },
  { value: "other", label: "その他" },
];

const BIO_MIN = 20;
const BIO_MAX = 200;

function bioError(bio: string): string | undefined {
  const length = Array.from(bio).length;
  if (length === 0) return "自己紹介は必須です";
  if (length < BIO_MIN) return "自己紹介は20文字以上で入力してください";
  if (length > BIO_MAX) return "自己紹介は200文字以内で入力してください";
  return undefined;
}

export function FormsSection() {
  const [title, setTitle] = useState("");
  const [titleTouched, setTitleTouched] = useState(false);
  const [bio, setBio] = useState("AIと一緒にゲームをつくっています。");
  const [genre, setGenre] = useState<string>();
  const [notify, setNotify] = useState(true);
  const [tags, setTags] = useState(["家計簿", "節約"]);
  const [tagError, setTagError] = useState<string>();
  const switchId = useId();

  return (
    <StyleguideSection id="forms" title="フォーム" description="すべての入力欄にラベルを付け、エラーは欄の下に role=alert で表示します。">
      <div className="grid gap-8 md:grid-cols-2">
        <div className="flex flex-col gap-5">
          <ExampleLabel>テキスト入力</ExampleLabel>
          <FormField
            label="タイトル"
            required
            hint="作品名を入力してください（欄から離れると検証します）"
            error={titleTouched && !title.trim() ? "タイトルは必須です" : undefined}
          >
            {(control) => (
              <Input
                {...control}
                value={title}
                onChange={(event) => setTitle(event.target.value)}
                onBlur={() => setTitleTouched(true)}
                placeholder="例：たびピン"
              />
            )}
          </FormField>
          <FormField label="デモURL" required error="正しいURL形式で入力してください">
            {(control) => <Input {...control} type="url" defaultValue="ftp://example.com" />}
          </FormField>
          <FormField
            label="タグ"
            hint="Enter または読点（、）で追加、空欄で Backspace を押すと最後のタグを削除します。最大5個の例。"
            error={tagError}
          >
            {(control) => (
              <TagInput
                {...control}
                itemLabel="タグ"
                chipPrefix="#"
                value={tags}
                onChange={(next) => {
                  setTags(next);
                  setTagError(undefined);
                }}
                maxItems={5}
                onReject={(reason) => setTagError(reason === "limit" ? "タグは最大5個まで追加できます" : undefined)}
                placeholder="例：ゲーム"
              />
            )}
          </FormField>
          <FormField label="ユーザーID（変更不可の例）">
            {(control) => <Input {...control} defaultValue="vibe_creator" disabled />}
          </FormField>
        </div>
        <div className="flex flex-col gap-5">
          <ExampleLabel>テキストエリア・選択・スイッチ</ExampleLabel>
          <FormField label="自己紹介" required error={bioError(bio)}>
            {(control) => <Textarea {...control} value={bio} onChange={(event) => setBio(event.target.value)} maxCount={BIO_MAX} />}
          </FormField>
          <FormField label="ジャンル" required>
            {(control) => <Select {...control} options={genreOptions} value={genre} onValueChange={setGenre} />}
          </FormField>
          <div className="flex items-center justify-between gap-4 rounded-xl border border-zinc-200 px-4 py-3">
            <div>
              <Label htmlFor={switchId}>いいねの通知</Label>
              <p className="text-xs text-zinc-500">作品にいいねがついたときにお知らせします</p>
            </div>
            <Switch id={switchId} checked={notify} onCheckedChange={setNotify} />
          </div>
        </div>
      </div>
    </StyleguideSection>
  );
}

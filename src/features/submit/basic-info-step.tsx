import { tooLongWhileTyping } from "@/components/ui/character-count";
import { CountedInput } from "@/components/ui/counted-input";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { GENRES } from "../../../convex/constants";
import { WORK_LIMITS, WORK_MESSAGES } from "../../../convex/model/workRules";
import type { WorkFieldErrors, WorkFormInput } from "./work-form-state";

type TextField = "title" | "description" | "vibeDescription" | "genre" | "demoUrl" | "demoVideoUrl" | "repositoryUrl";

type BasicInfoStepProps = {
  values: WorkFormInput;
  errors: WorkFieldErrors;
  onChange: (field: TextField, value: string) => void;
};

const genreOptions = GENRES.map((genre) => ({ value: genre.id, label: genre.label }));

const links = [
  { field: "demoUrl", label: "デモURL", required: true, hint: "作品を実際に試せるページのURLです。", placeholder: "https://example.com" },
  {
    field: "demoVideoUrl",
    label: "デモ動画URL",
    required: false,
    hint: "YouTubeなど、動いている様子がわかる動画があれば。",
    placeholder: "https://youtube.com/watch?v=...",
  },
  {
    field: "repositoryUrl",
    label: "リポジトリURL",
    required: false,
    hint: "GitHubなどでコードを公開していれば。",
    placeholder: "https://github.com/...",
  },
] as const;

/** Step 1: title, description, vibe (concept story), genre and links. */
export function BasicInfoStep({ values, errors, onChange }: BasicInfoStepProps) {
  return (
    <div className="flex flex-col gap-6">
      <FormField
        label="タイトル"
        required
        error={errors.title ?? tooLongWhileTyping(values.title, WORK_LIMITS.titleMax, WORK_MESSAGES.titleTooLong)}
      >
        {(control) => (
          <CountedInput
            {...control}
            value={values.title}
            onChange={(title) => onChange("title", title)}
            maxCount={WORK_LIMITS.titleMax}
            placeholder="例：ふんわり家計簿"
          />
        )}
      </FormField>
      <FormField
        label="説明"
        required
        hint="どんな作品で、何ができるのかを紹介してください。"
        error={errors.description ?? tooLongWhileTyping(values.description, WORK_LIMITS.descriptionMax, WORK_MESSAGES.descriptionTooLong)}
      >
        {(control) => (
          <Textarea
            {...control}
            value={values.description}
            onChange={(event) => onChange("description", event.target.value)}
            maxCount={WORK_LIMITS.descriptionMax}
            rows={5}
            placeholder="例：レシートを撮るだけで家計簿がつけられるWebアプリです。"
          />
        )}
      </FormField>
      <FormField
        label="Vibeの説明（コンセプトストーリー）"
        required
        hint="どんな思いで作ったのか、AIとどんな対話をしたのか。作品の背景にあるストーリーを教えてください。"
        error={
          errors.vibeDescription ?? tooLongWhileTyping(values.vibeDescription, WORK_LIMITS.vibeDescriptionMax, WORK_MESSAGES.vibeTooLong)
        }
      >
        {(control) => (
          <Textarea
            {...control}
            value={values.vibeDescription}
            onChange={(event) => onChange("vibeDescription", event.target.value)}
            maxCount={WORK_LIMITS.vibeDescriptionMax}
            rows={5}
            placeholder="例：家計簿が続かない自分のために、「入力しない家計簿」をClaudeと相談しながら作りました。"
          />
        )}
      </FormField>
      <FormField label="ジャンル" required error={errors.genre}>
        {(control) => (
          <Select
            {...control}
            options={genreOptions}
            // "" (no genre yet) keeps Radix Select controlled from the start: undefined then a
            // genre would switch it from uncontrolled to controlled, with a console warning.
            value={values.genre}
            onValueChange={(genre) => onChange("genre", genre)}
            placeholder="ジャンルを選択"
            className="sm:max-w-xs"
          />
        )}
      </FormField>
      <div className="flex flex-col gap-6 border-t border-zinc-100 pt-6">
        {links.map((link) => (
          <FormField key={link.field} label={link.label} required={link.required} hint={link.hint} error={errors[link.field]}>
            {(control) => (
              <Input
                {...control}
                type="url"
                inputMode="url"
                autoComplete="url"
                value={values[link.field]}
                onChange={(event) => onChange(link.field, event.target.value)}
                placeholder={link.placeholder}
              />
            )}
          </FormField>
        ))}
      </div>
    </div>
  );
}

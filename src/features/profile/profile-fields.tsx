import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { LIMITS } from "../../../convex/constants";
import type { FormErrors, ProfileField, ProfileInput } from "./profile-form-state";

type FieldsProps = {
  values: ProfileInput;
  errors: FormErrors;
  onChange: (field: ProfileField, raw: string) => void;
};

/** 表示名, 自己紹介 (with its /200 counter) and 場所. The bio is required only at setup. */
export function AboutFields({ values, errors, onChange, bioRequired }: FieldsProps & { bioRequired: boolean }) {
  return (
    <>
      <FormField label="表示名" required hint="プロフィールや作品に表示される名前です。" error={errors.displayName}>
        {(control) => (
          <Input
            {...control}
            value={values.displayName}
            onChange={(event) => onChange("displayName", event.target.value)}
            autoComplete="name"
            placeholder="例：山田 太郎"
          />
        )}
      </FormField>
      <FormField
        label="自己紹介"
        required={bioRequired}
        hint={bioRequired ? `${LIMITS.bioMin}〜${LIMITS.bioMax}文字で、どんなものを作っているか教えてください。` : undefined}
        error={errors.bio}
      >
        {(control) => (
          <Textarea
            {...control}
            value={values.bio}
            onChange={(event) => onChange("bio", event.target.value)}
            maxCount={LIMITS.bioMax}
            rows={4}
            placeholder="例：AIと対話しながら、暮らしをちょっと便利にするWebアプリを作っています。"
          />
        )}
      </FormField>
      <FormField label="場所" error={errors.location}>
        {(control) => (
          <Input
            {...control}
            value={values.location}
            onChange={(event) => onChange("location", event.target.value)}
            autoComplete="address-level1"
            placeholder="例：東京都"
          />
        )}
      </FormField>
    </>
  );
}

const socialLinks = [
  { field: "githubUrl", label: "GitHub", placeholder: "https://github.com/username" },
  { field: "twitterUrl", label: "Twitter（X）", placeholder: "https://x.com/username" },
  { field: "websiteUrl", label: "Webサイト", placeholder: "https://example.com" },
] as const satisfies readonly { field: ProfileField; label: string; placeholder: string }[];

/** The optional links; each must be an http(s) URL when filled in. */
export function SocialLinkFields({ values, errors, onChange }: FieldsProps) {
  return (
    <>
      {socialLinks.map(({ field, label, placeholder }) => (
        <FormField key={field} label={label} error={errors[field]}>
          {(control) => (
            <Input
              {...control}
              type="url"
              inputMode="url"
              autoComplete="url"
              value={values[field]}
              onChange={(event) => onChange(field, event.target.value)}
              placeholder={placeholder}
            />
          )}
        </FormField>
      ))}
    </>
  );
}

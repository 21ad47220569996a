import { Gift, Send } from "lucide-react";
import { useId, useRef, useState } from "react";
import { LIMITS } from "../../../convex/constants";
import { validateChallenge } from "../../../convex/model/challengeRules";
import { CHALLENGE_LIMITS, CHALLENGE_MESSAGES } from "../../../convex/model/challengeTerms";
import { addDays, japanDate } from "../../../convex/model/japanTime";
import { WORK_MESSAGES } from "../../../convex/model/workRules";
import { DEFAULT_VOTING_RULES, type VotingRules } from "../../../convex/model/votingRules";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CountedInput } from "@/components/ui/counted-input";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { TagInput } from "@/components/ui/tag-input";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/cn";
import { useFocusFirstError } from "@/lib/use-focus-first-error";
import { useNow } from "@/lib/use-now";
import {
  challengeChanged,
  clearedErrors,
  EMPTY_CHALLENGE,
  hasErrors,
  toCreateArgs,
  type ChallengeField,
  type ChallengeFieldErrors,
  type ChallengeFormInput,
} from "./challenge-form-state";
import { VotingRulesFields } from "./voting-rules-fields";
import { JudgingFields } from "./judging-fields";
import { judgingProblem, type JudgingInput } from "../../../convex/model/judgingRules";

export type ChallengeFormProps = {
  /** Creates the challenge from trimmed values; resolves null on success, or the fields the server refused. */
  onSubmit: (values: ChallengeFormInput & { votingRules: VotingRules; judging?: JudgingInput }) => Promise<ChallengeFieldErrors | null>;
  onCancel: () => void;
};

/**
 * The create form (docs/product.md "Create a challenge"). It checks with the server's own rules
 * before sending, shows each message under its field and focuses the first; editing a field
 * clears its message.
 */
export function ChallengeForm({ onSubmit, onCancel }: ChallengeFormProps) {
  const [values, setValues] = useState(EMPTY_CHALLENGE);
  const [votingRules, setVotingRules] = useState(DEFAULT_VOTING_RULES);
  const [errors, setErrors] = useState<ChallengeFieldErrors>({});
  const [judging, setJudging] = useState<JudgingInput | null>(null);
  const [judgingError, setJudgingError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);
  // The end date's limits are Japanese calendar days (the server counts days in Japan too).
  const today = japanDate(useNow());

  const set = <F extends ChallengeField>(field: F, value: ChallengeFormInput[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => clearedErrors(current, field));
  };

  const showErrors = (found: ChallengeFieldErrors) => {
    setErrors(found);
    focusFirstError();
  };

  const submit = async () => {
    // Checked against today at the moment of sending, not when the page was opened.
    const found = validateChallenge(values, japanDate(Date.now()));
    if (hasErrors(found)) return showErrors(found);
    const judgingIssue = judging ? judgingProblem(judging) : null;
    if (judgingIssue) return setJudgingError(judgingIssue);
    setSaving(true);
    try {
      const refused = await onSubmit({ ...toCreateArgs(values), votingRules, ...(judging ? { judging } : {}) });
      if (refused && hasErrors(refused)) showErrors(refused);
    } finally {
      setSaving(false);
    }
  };

  const cancel = () => (challengeChanged(values) ? setConfirmingCancel(true) : onCancel());

  return (
    <Card>
      <form
        ref={formRef}
        noValidate
        aria-label="チャレンジの内容"
        className="flex flex-col gap-6 px-4 py-6 sm:px-8 sm:py-8"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <FormField label="タイトル" required error={errors.title}>
          {(control) => (
            <CountedInput
              {...control}
              maxCount={LIMITS.challengeTitleMax}
              value={values.title}
              onChange={(title) => set("title", title)}
              placeholder="例：AIと作るミニゲーム選手権"
            />
          )}
        </FormField>
        <FormField label="説明" required hint="どんなチャレンジなのか、テーマや狙いを紹介してください。" error={errors.description}>
          {(control) => (
            <Textarea
              {...control}
              value={values.description}
              onChange={(event) => set("description", event.target.value)}
              maxCount={LIMITS.challengeDescriptionMax}
              rows={5}
              placeholder="例：1週間でAIと一緒にブラウザで遊べるミニゲームを作ってみましょう。"
            />
          )}
        </FormField>
        <FormField
          label="要件・ルール"
          required
          hint="参加の条件や作品に求めることを、1行に1つずつ書くと読みやすくなります。"
          error={errors.requirements}
        >
          {(control) => (
            <Textarea
              {...control}
              value={values.requirements}
              onChange={(event) => set("requirements", event.target.value)}
              maxCount={CHALLENGE_LIMITS.requirementsMax}
              rows={5}
              placeholder={"例：\n・AIツールを使って作ること\n・ブラウザで遊べること"}
            />
          )}
        </FormField>
        <FormField label="終了日" required hint={CHALLENGE_MESSAGES.durationHint} error={errors.endDate}>
          {(control) => (
            <Input
              {...control}
              type="date"
              min={addDays(today, 1)}
              max={addDays(today, CHALLENGE_LIMITS.endDateMaxDays)}
              value={values.endDate}
              onChange={(event) => set("endDate", event.target.value)}
              className="sm:max-w-60"
            />
          )}
        </FormField>
        <PrizeFields
          prize={values.prize}
          description={values.prizeDescription}
          error={errors.prizeDescription}
          onPrizeChange={(prize) => set("prize", prize)}
          onDescriptionChange={(text) => set("prizeDescription", text)}
        />
        <VotingRulesFields value={votingRules} onChange={setVotingRules} />
        <JudgingFields
          value={judging}
          error={judgingError}
          onChange={(next) => {
            setJudging(next);
            setJudgingError(undefined);
          }}
        />
        <FormField
          label="タグ"
          hint={`チャレンジを見つけてもらうためのキーワード。Enter または読点（、）で区切ります。最大${LIMITS.tagsMax}個。`}
          error={errors.tags}
        >
          {(control) => (
            <TagInput
              {...control}
              itemLabel="タグ"
              chipPrefix="#"
              value={values.tags}
              onChange={(tags) => set("tags", tags)}
              maxItems={LIMITS.tagsMax}
              onReject={(reason) => reason === "limit" && setErrors((current) => ({ ...current, tags: WORK_MESSAGES.tagsTooMany }))}
              placeholder="例：ゲーム"
            />
          )}
        </FormField>

        <div className="flex flex-col-reverse gap-3 border-t border-zinc-100 pt-6 sm:flex-row sm:items-center sm:justify-between">
          <Button variant="ghost" onClick={cancel} disabled={saving}>
            キャンセル
          </Button>
          <Button type="submit" loading={saving} className="sm:min-w-44">
            {!saving && <Send aria-hidden />}
            チャレンジを作成
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirmingCancel}
        onOpenChange={setConfirmingCancel}
        title="入力内容を破棄しますか？"
        description="入力した内容は保存されません。"
        confirmLabel="破棄する"
        cancelLabel="入力を続ける"
        tone="danger"
        onConfirm={onCancel}
      />
    </Card>
  );
}

type PrizeFieldsProps = {
  prize: boolean;
  description: string;
  error?: string;
  onPrizeChange: (prize: boolean) => void;
  onDescriptionChange: (text: string) => void;
};

/** 賞品あり switch; turning it on reveals the (then required) 賞品の詳細. */
function PrizeFields({ prize, description, error, onPrizeChange, onDescriptionChange }: PrizeFieldsProps) {
  const id = useId();
  return (
    <div className={cn("flex flex-col gap-4 rounded-2xl border p-4 sm:p-5", prize ? "border-amber-200 bg-amber-50/50" : "border-zinc-200")}>
      <div className="flex items-center justify-between gap-4">
        <div className="min-w-0">
          <Label htmlFor={id}>
            <Gift aria-hidden className="size-4 text-amber-600" />
            賞品あり
          </Label>
          <p id={`${id}-description`} className="mt-0.5 text-xs text-zinc-500 sm:text-sm">
            優勝者に賞品を用意している場合はオンにしてください。
          </p>
        </div>
        <Switch id={id} checked={prize} onCheckedChange={onPrizeChange} aria-describedby={`${id}-description`} />
      </div>
      {prize && (
        <FormField label="賞品の詳細" required error={error}>
          {(control) => (
            <Textarea
              {...control}
              value={description}
              onChange={(event) => onDescriptionChange(event.target.value)}
              maxCount={CHALLENGE_LIMITS.prizeDescriptionMax}
              rows={3}
              placeholder="例：優勝者にギフトカード3,000円分をお贈りします"
            />
          )}
        </FormField>
      )}
    </div>
  );
}

import { Plus, Scale, X } from "lucide-react";
import { useId } from "react";
import { DEFAULT_JUDGE_WEIGHT, JUDGING_LIMITS, type JudgingInput } from "../../../convex/model/judgingRules";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/cn";

export const STARTER_JUDGING: JudgingInput = {
  criteria: [{ name: "", description: "", weight: 1 }],
  judgeWeight: DEFAULT_JUDGE_WEIGHT,
};

type JudgingFieldsProps = {
  /** Null: no judges, the community's votes alone. */
  value: JudgingInput | null;
  error?: string;
  onChange: (value: JudgingInput | null) => void;
};

/**
 * 審査員による審査: up to five criteria (name, short description, weight) and how much the judges
 * count against the votes. Judges themselves are invited on the challenge page once it exists.
 */
export function JudgingFields({ value, error, onChange }: JudgingFieldsProps) {
  const id = useId();
  const setCriterion = (index: number, patch: Partial<JudgingInput["criteria"][number]>) =>
    value && onChange({ ...value, criteria: value.criteria.map((c, i) => (i === index ? { ...c, ...patch } : c)) });
  return (
    <div className={cn("flex flex-col gap-4 rounded-2xl border p-4 sm:p-5", value ? "border-brand-200 bg-brand-50/40" : "border-zinc-200")}>
      <div className="flex items-center justify-between gap-4">
        <div className="min-w-0">
          <Label htmlFor={id}>
            <Scale aria-hidden className="size-4 text-brand-600" />
            審査員による審査
          </Label>
          <p id={`${id}-description`} className="mt-0.5 text-xs text-zinc-500 sm:text-sm">
            審査基準ごとに審査員が1〜5で採点し、投票と合わせた総合スコアで順位を出します。審査員はチャレンジのページから招待できます。
          </p>
        </div>
        <Switch
          id={id}
          checked={value !== null}
          onCheckedChange={(on) => onChange(on ? STARTER_JUDGING : null)}
          aria-describedby={`${id}-description`}
        />
      </div>
      {value && (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-semibold text-zinc-800">審査基準（最大{JUDGING_LIMITS.criteriaMax}個）</legend>
          {value.criteria.map((criterion, index) => (
            <div
              key={index}
              className="grid grid-cols-[1fr_auto] gap-2 rounded-xl border border-zinc-200 bg-white p-3 sm:grid-cols-[10rem_1fr_5rem_auto]"
            >
              <Input
                aria-label={`審査基準${index + 1}の名前`}
                placeholder="例：アイデア"
                value={criterion.name}
                maxLength={JUDGING_LIMITS.nameMax}
                onChange={(event) => setCriterion(index, { name: event.target.value })}
                className="col-span-1"
              />
              <Button
                variant="ghost"
                size="icon"
                aria-label={`審査基準${index + 1}を削除`}
                disabled={value.criteria.length === 1}
                onClick={() => onChange({ ...value, criteria: value.criteria.filter((_, i) => i !== index) })}
                className="sm:order-last"
              >
                <X aria-hidden />
              </Button>
              <Input
                aria-label={`審査基準${index + 1}の説明`}
                placeholder="例：発想の新しさ"
                value={criterion.description}
                maxLength={JUDGING_LIMITS.descriptionMax}
                onChange={(event) => setCriterion(index, { description: event.target.value })}
                className="col-span-2 sm:col-span-1"
              />
              <label className="col-span-2 flex items-center gap-2 text-sm text-zinc-700 sm:col-span-1">
                <span className="shrink-0">重み</span>
                <Input
                  type="number"
                  inputMode="numeric"
                  min={JUDGING_LIMITS.weightMin}
                  max={JUDGING_LIMITS.weightMax}
                  value={String(criterion.weight)}
                  onChange={(event) => setCriterion(index, { weight: Number(event.target.value) })}
                  className="w-20 shrink-0 tabular-nums"
                />
              </label>
            </div>
          ))}
          {value.criteria.length < JUDGING_LIMITS.criteriaMax && (
            <Button
              variant="outline"
              size="sm"
              className="self-start"
              onClick={() => onChange({ ...value, criteria: [...value.criteria, { name: "", description: "", weight: 1 }] })}
            >
              <Plus aria-hidden />
              審査基準を追加
            </Button>
          )}
          <label className="flex flex-wrap items-center gap-2 text-sm text-zinc-700">
            <span>総合スコアでの審査員の比重（%）</span>
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              value={String(value.judgeWeight)}
              onChange={(event) => onChange({ ...value, judgeWeight: Number(event.target.value) })}
              className="w-24"
            />
            <span className="text-zinc-500">
              審査員 {value.judgeWeight}% / 投票 {100 - value.judgeWeight}%
            </span>
          </label>
        </fieldset>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

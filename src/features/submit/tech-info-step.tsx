import { Check, Lock, Plus, Sparkles, Star, X } from "lucide-react";
import { useId, useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { TagInput } from "@/components/ui/tag-input";
import { cn } from "@/lib/cn";
import { AI_TOOL_GROUPS, LIMITS } from "../../../convex/constants";
import { listKey, WORK_LIMITS, WORK_MESSAGES } from "../../../convex/model/workRules";
import type { WorkField, WorkFieldErrors, WorkFormInput } from "./work-form-state";

type TechInfoStepProps = {
  values: WorkFormInput;
  errors: WorkFieldErrors;
  onChange: <F extends "aiTools" | "techStack" | "tags" | "isZeroCode">(field: F, value: WorkFormInput[F]) => void;
  onError: (field: WorkField, message: string) => void;
  /** The declaration is permanent, so editing shows it but cannot change it. */
  zeroCodeLocked: boolean;
};

/** Step 3: AI tools (grouped, popular ones starred, plus custom ones), tech stack, tags, zero-code. */
export function TechInfoStep({ values, errors, onChange, onError, zeroCodeLocked }: TechInfoStepProps) {
  return (
    <div className="flex flex-col gap-8">
      <AiToolsField
        tools={values.aiTools}
        error={errors.aiTools}
        onChange={(tools) => onChange("aiTools", tools)}
        onError={(message) => onError("aiTools", message)}
      />
      <FormField
        label="技術スタック"
        hint={`React、Next.js、Supabase など。Enter または読点（、）で区切ります。最大${WORK_LIMITS.techStackMax}個。`}
        error={errors.techStack}
      >
        {(control) => (
          <TagInput
            {...control}
            itemLabel="技術スタック"
            value={values.techStack}
            onChange={(items) => onChange("techStack", items)}
            maxItems={WORK_LIMITS.techStackMax}
            onReject={(reason) => reason === "limit" && onError("techStack", WORK_MESSAGES.techStackTooMany)}
            placeholder="例：React"
          />
        )}
      </FormField>
      <FormField label="タグ" hint={`作品を見つけてもらうためのキーワード。最大${LIMITS.tagsMax}個。`} error={errors.tags}>
        {(control) => (
          <TagInput
            {...control}
            itemLabel="タグ"
            chipPrefix="#"
            value={values.tags}
            onChange={(items) => onChange("tags", items)}
            maxItems={LIMITS.tagsMax}
            onReject={(reason) => reason === "limit" && onError("tags", WORK_MESSAGES.tagsTooMany)}
            placeholder="例：家計簿"
          />
        )}
      </FormField>
      <ZeroCodeField checked={values.isZeroCode} locked={zeroCodeLocked} onChange={(checked) => onChange("isZeroCode", checked)} />
    </div>
  );
}

function AiToolsField({
  tools,
  error,
  onChange,
  onError,
}: {
  tools: readonly string[];
  error?: string;
  onChange: (tools: string[]) => void;
  onError: (message: string) => void;
}) {
  const id = useId();
  const [custom, setCustom] = useState("");
  const selected = new Set(tools.map(listKey));

  /** Adds a tool, or says why it cannot be added; true when added. */
  const add = (tool: string): boolean => {
    const name = tool.trim();
    if (!name) return false;
    const problem = selected.has(listKey(name))
      ? WORK_MESSAGES.aiToolDuplicate
      : tools.length >= LIMITS.aiToolsMax
        ? WORK_MESSAGES.aiToolsTooMany
        : Array.from(name).length > WORK_LIMITS.aiToolNameMax
          ? WORK_MESSAGES.aiToolTooLong
          : null;
    if (problem) {
      onError(problem);
      return false;
    }
    onChange([...tools, name]);
    return true;
  };
  const remove = (tool: string) => onChange(tools.filter((other) => listKey(other) !== listKey(tool)));
  const toggle = (tool: string) => (selected.has(listKey(tool)) ? remove(tool) : add(tool));

  const addCustom = () => {
    if (add(custom) || custom.trim() === "") setCustom("");
  };
  const onCustomKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    if (event.key === "Enter") {
      event.preventDefault();
      addCustom();
    }
  };

  return (
    <fieldset className="flex flex-col gap-4" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}>
      <legend className="contents">
        <Label required>使用したAIツール</Label>
      </legend>
      <p id={`${id}-hint`} className="-mt-2 text-xs text-zinc-500">
        作品づくりに使ったAIツールを選んでください（最大{LIMITS.aiToolsMax}個）。
        <Star aria-hidden className="mx-0.5 inline size-3 fill-amber-400 text-amber-400" />
        は人気のツールです。
      </p>

      <div className="flex flex-wrap items-center gap-2 rounded-xl bg-zinc-50 px-3 py-2.5">
        <span className="text-xs font-semibold text-zinc-600 tabular-nums">
          選択中 {tools.length}/{LIMITS.aiToolsMax}
        </span>
        {tools.length === 0 ? (
          <span className="text-xs text-zinc-500">まだ選択されていません</span>
        ) : (
          <ul aria-label="選択中のAIツール" className="flex flex-wrap gap-1.5">
            {tools.map((tool) => (
              <li
                key={tool}
                className="inline-flex items-center gap-1 rounded-lg bg-brand-600 py-1 pr-1 pl-2.5 text-sm font-medium text-white"
              >
                {tool}
                <button
                  type="button"
                  onClick={() => remove(tool)}
                  aria-label={`AIツール ${tool} を外す`}
                  className="inline-flex size-5 items-center justify-center rounded-md hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white"
                >
                  <X aria-hidden className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      {AI_TOOL_GROUPS.map((group) => (
        <div key={group.id} className="flex flex-col gap-2">
          <h3 className="text-xs font-semibold tracking-wide text-zinc-500">{group.label}</h3>
          <div className="flex flex-wrap gap-2">
            {group.tools.map((tool) => {
              const on = selected.has(listKey(tool.name));
              return (
                <button
                  key={tool.name}
                  type="button"
                  aria-pressed={on}
                  onClick={() => toggle(tool.name)}
                  className={cn(
                    "inline-flex h-9 items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium transition-colors",
                    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
                    on
                      ? "border-brand-600 bg-brand-50 text-brand-800"
                      : "border-zinc-300 bg-white text-zinc-700 hover:border-zinc-400 hover:bg-zinc-50",
                  )}
                >
                  {on && <Check aria-hidden className="size-3.5" />}
                  {tool.name}
                  {tool.popular && (
                    <>
                      <Star aria-hidden className="size-3.5 fill-amber-400 text-amber-400" />
                      <span className="sr-only">（人気）</span>
                    </>
                  )}
                </button>
              );
            })}
          </div>
        </div>
      ))}

      <div className="flex flex-col gap-2">
        <label htmlFor={`${id}-custom`} className="text-xs font-semibold tracking-wide text-zinc-500">
          リストにないツール
        </label>
        <div className="flex gap-2">
          <Input
            id={`${id}-custom`}
            value={custom}
            onChange={(event) => setCustom(event.target.value)}
            onKeyDown={onCustomKeyDown}
            placeholder="例：Windsurf"
            className="sm:max-w-xs"
          />
          <Button variant="outline" onClick={addCustom} disabled={custom.trim() === ""}>
            <Plus aria-hidden />
            追加
          </Button>
        </div>
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}

function ZeroCodeField({ checked, locked, onChange }: { checked: boolean; locked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div
      className={cn("flex gap-3 rounded-2xl border p-4 sm:p-5", checked ? "border-brand-300 bg-brand-50/70" : "border-zinc-200 bg-white")}
    >
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={locked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-5 shrink-0 accent-brand-600 disabled:cursor-not-allowed"
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="flex items-center gap-1.5 font-semibold text-zinc-900">
          <Sparkles aria-hidden className="size-4 text-brand-600" />
          ゼロコードで作りました
        </label>
        <p id={`${id}-hint`} className="text-sm text-zinc-600">
          コードを一切書かず、AIとの対話だけで作った作品です。ゼロコード作品にはバッジが付きます。
          <strong className="font-semibold text-zinc-800">この宣言は投稿後に変更できません。</strong>
        </p>
        {locked && (
          <p className="mt-1 flex items-center gap-1.5 text-xs font-semibold text-zinc-500">
            <Lock aria-hidden className="size-3.5" />
            {WORK_MESSAGES.zeroCodeLocked}
          </p>
        )}
      </div>
    </div>
  );
}

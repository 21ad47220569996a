import { CircleCheck } from "lucide-react";
import { useEffect, useId } from "react";
import { CharacterCount, tooLongWhileTyping } from "@/components/ui/character-count";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { LIMITS } from "../../../convex/constants";
import { PROFILE_MESSAGES, validateHandle } from "../../../convex/model/profileRules";

/** The server's answer for one handle (api.users.checkHandle). */
export type HandleAvailability = { handle: string; available: boolean; message: string | null };

/** The handle's error when the last availability answer says it is taken, else nothing. */
export function takenHandleError(handle: string, availability: HandleAvailability | undefined): { handle?: string } {
  if (availability?.handle !== handle || availability.available) return {};
  return { handle: availability.message ?? PROFILE_MESSAGES.handleTaken };
}

type HandleFieldProps = {
  /** Already normalized (lowercase a-z, 0-9, _). */
  value: string;
  onChange: (raw: string) => void;
  error?: string;
  /** The user's current handle: keeping it needs no check (edit). */
  ownHandle?: string | null;
  /** The latest answer, for whichever handle was last asked about. */
  availability: HandleAvailability | undefined;
  /** Asks about a handle; called 500 ms after typing stops, once the handle is well-formed. */
  onCheck: (handle: string) => void;
};

type CheckState = "none" | "checking" | "available" | "taken";

export function HandleField({ value, onChange, error, ownHandle = null, availability, onCheck }: HandleFieldProps) {
  const statusId = useId();
  const counterId = useId();
  // Only a well-formed handle (3+ valid characters) that differs from the user's own is asked about.
  const checkable = value !== ownHandle && validateHandle(value) === null;

  useEffect(() => {
    if (!checkable) return;
    const timer = setTimeout(() => onCheck(value), LIMITS.handleCheckDebounceMs);
    return () => clearTimeout(timer);
  }, [checkable, value, onCheck]);

  let state: CheckState = "none";
  if (checkable) {
    if (availability?.handle !== value) state = "checking";
    else state = availability.available ? "available" : "taken";
  }
  // A taken handle is an error like any other: the field turns red and says why.
  const takenMessage = state === "taken" ? takenHandleError(value, availability).handle : undefined;
  const shownError = error ?? tooLongWhileTyping(value, LIMITS.handleMax, PROFILE_MESSAGES.handleTooLong) ?? takenMessage;

  return (
    <FormField
      label="ユーザーID"
      required
      hint={`半角英小文字・数字・アンダースコア（_）で${LIMITS.handleMin}〜${LIMITS.handleMax}文字。プロフィールのURLになります。`}
      error={shownError}
    >
      {(control) => (
        <>
          <div className="relative">
            <span aria-hidden className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-zinc-400">
              @
            </span>
            <Input
              {...control}
              aria-describedby={cn(control["aria-describedby"], counterId, statusId)}
              value={value}
              onChange={(event) => onChange(event.target.value)}
              autoComplete="off"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              inputMode="text"
              placeholder="vibe_creator"
              className="pl-8"
            />
          </div>
          <CharacterCount id={counterId} text={value} max={LIMITS.handleMax} />
          <p
            id={statusId}
            role="status"
            className={cn("flex items-center gap-1.5 text-sm empty:hidden", state === "available" ? "text-emerald-700" : "text-zinc-500")}
          >
            {state === "checking" && !error && (
              <>
                <Spinner size="sm" />
                確認中…
              </>
            )}
            {state === "available" && !error && (
              <>
                <CircleCheck aria-hidden className="size-4" />
                使用できます
              </>
            )}
          </p>
        </>
      )}
    </FormField>
  );
}

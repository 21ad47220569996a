import { useId, useState, type FormEvent } from "react";
import { Send } from "lucide-react";
import { cleanText, textProblem } from "../../../convex/model/cleanText";
import { SignInButton } from "@/components/auth/sign-in-button";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { useToast } from "@/components/ui/use-toast";
import { isAboutThePerson, readServerError } from "@/lib/convex-error";

/** Longest comment the form sends; the server has the final word. */
export const COMMENT_MAX_LENGTH = 1000;

type CommentFormProps = {
  /** "loading" while the session is read, so a signed-in visitor never sees the login prompt flash. */
  status: "signedIn" | "signedOut" | "loading";
  /** Resolves when the comment is stored; rejects with the reason to show. */
  onSubmit: (content: string) => Promise<void>;
  /** Turns a failure into the text after 'コメントの投稿に失敗しました: '. */
  describeError: (error: unknown) => string;
};

export function CommentForm({ status, onSubmit, describeError }: CommentFormProps) {
  const id = useId();
  const [content, setContent] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();

  if (status === "signedOut") {
    return (
      <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-zinc-300 bg-zinc-50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-zinc-700">コメントするにはログインが必要です</p>
        <SignInButton />
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The server's rule (model/comments.ts validComment): cleaned text, no bidirectional controls.
    const text = cleanText(content, "multiline");
    const textIssue = textProblem(text);
    if (textIssue) {
      setError(textIssue);
      return;
    }
    if (!text) {
      setError("コメントを入力してください");
      return;
    }
    if (Array.from(text).length > COMMENT_MAX_LENGTH) {
      setError(`コメントは${COMMENT_MAX_LENGTH}文字以内で入力してください`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(text);
      setContent("");
    } catch (failure) {
      // Too many in a row, or a suspended account: not a problem with the text, so a toast says
      // コメントの投稿に失敗しました with the server's reason, and the text stays as typed.
      const refusal = readServerError(failure);
      if (isAboutThePerson(refusal.code)) toast.error(`コメントの投稿に失敗しました: ${refusal.message}`);
      else setError(`コメントの投稿に失敗しました: ${describeError(failure)}`);
    } finally {
      setBusy(false);
    }
  };

  const errorId = `${id}-error`;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-2">
      <label htmlFor={id} className="sr-only">
        コメント
      </label>
      <Textarea
        id={id}
        value={content}
        onChange={(event) => {
          setContent(event.target.value);
          if (error) setError(null);
        }}
        placeholder="作品の感想を書いてみましょう"
        rows={3}
        maxCount={COMMENT_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        disabled={status === "loading"}
      />
      <FieldError id={errorId}>{error}</FieldError>
      <div className="flex justify-end">
        <Button type="submit" loading={busy} disabled={status === "loading"}>
          <Send aria-hidden />
          コメントする
        </Button>
      </div>
    </form>
  );
}

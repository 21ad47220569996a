import { useId, useState, type FormEvent, type Ref } from "react";
import { Search } from "lucide-react";
import { useNavigate } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";

type SearchFormProps = {
  inputRef?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
  /** Called after navigating to the results, e.g. to close the panel. */
  onSearched?: () => void;
  placeholder?: string;
  className?: string;
};

/** Work search used by the header and the mobile menu: goes to /projects?search=… */
export function SearchForm({ inputRef, autoFocus, onSearched, placeholder = "タイトルや説明で作品を検索", className }: SearchFormProps) {
  const navigate = useNavigate();
  const inputId = useId();
  const [text, setText] = useState("");

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = text.trim();
    // A blank search would only reset the gallery; keep the person where they are.
    if (!query) return;
    void navigate(paths.projects({ search: query }));
    setText("");
    onSearched?.();
  };

  return (
    <form role="search" onSubmit={submit} className={cn("flex items-center gap-2", className)}>
      <label htmlFor={inputId} className="sr-only">
        作品を検索
      </label>
      <div className="relative min-w-0 flex-1">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-zinc-400" />
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoFocus={autoFocus}
          enterKeyHint="search"
          autoComplete="off"
          placeholder={placeholder}
          className="h-10 w-full rounded-xl border border-zinc-300 bg-white pr-3 pl-10 text-base text-zinc-900 placeholder:text-zinc-400 focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-brand-500/15 sm:text-sm"
        />
      </div>
      <Button type="submit" variant="secondary">
        検索
      </Button>
    </form>
  );
}

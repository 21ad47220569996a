import { Bookmark } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { useBookmark } from "./use-bookmark";

const HINTS = {
  account: "ストックした作品は自分だけが見られます（ほかの人には表示されません）",
  browser: "ストックはこのブラウザに保存されます。ログインするとアカウントに移り、どの端末からでも見られます",
  unknown: undefined,
} as const;

/** ストック toggle: private, in the account when signed in, in this browser for a visitor. */
export function BookmarkButton({ workId }: { workId: string }) {
  const { saved, where, toggle } = useBookmark(workId);
  const on = saved === true;
  return (
    <Button
      variant="outline"
      aria-pressed={on}
      // Until the session or the server has answered, the state is unknown: a click waits rather
      // than guesses. The button keeps its full colours meanwhile (a disabled fade would flash
      // on every page load).
      aria-busy={saved === undefined}
      onClick={() => {
        if (saved !== undefined) toggle();
      }}
      title={HINTS[where]}
      className={cn(on && "border-amber-300 bg-amber-50 text-amber-900 hover:border-amber-400 hover:bg-amber-100")}
    >
      <Bookmark aria-hidden className={cn(on && "fill-amber-400 text-amber-500")} />
      {on ? "ストック済み" : "ストック"}
    </Button>
  );
}

import { Bookmark } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { useBookmark } from "./use-bookmark";

/** ブックマーク toggle; stored in this browser only. */
export function BookmarkButton({ workId }: { workId: string }) {
  const [bookmarked, toggle] = useBookmark(workId);
  return (
    <Button
      variant="outline"
      aria-pressed={bookmarked}
      onClick={toggle}
      title="ブックマークはこのブラウザにだけ保存されます"
      className={cn(bookmarked && "border-amber-300 bg-amber-50 text-amber-900 hover:border-amber-400 hover:bg-amber-100")}
    >
      <Bookmark aria-hidden className={cn(bookmarked && "fill-amber-400 text-amber-500")} />
      {bookmarked ? "ブックマーク済み" : "ブックマーク"}
    </Button>
  );
}

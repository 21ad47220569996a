// An Atom feed of a list of works (convex/feeds.ts): a <link rel="alternate"> that React hoists
// into <head>, where feed readers look for it, and a small visible link with the feed icon.
import { Rss } from "lucide-react";
import { convexSiteUrl } from "@/lib/share-link";
import { cn } from "@/lib/cn";

export function FeedLink({ path, title, className }: { path: string; title: string; className?: string }) {
  const site = convexSiteUrl();
  if (!site) return null;
  const href = `${site}${path}`;
  return (
    <>
      <link rel="alternate" type="application/atom+xml" title={title} href={href} />
      <a
        href={href}
        title={`${title}（Atomフィード）`}
        className={cn(
          "inline-flex h-9 w-fit items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-zinc-600 transition-colors hover:bg-orange-50 hover:text-orange-700",
          "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
          className,
        )}
      >
        <Rss aria-hidden className="size-4 text-orange-500" />
        フィード
      </a>
    </>
  );
}

import type { ReactNode } from "react";
import { Inbox } from "lucide-react";
import { cn } from "@/lib/cn";

type EmptyStateProps = {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** Usually a ButtonLink that gets the person going (e.g. "作品を投稿する"). */
  action?: ReactNode;
  className?: string;
  /** The title's heading level: h1 when the empty state is the whole page (e.g. not found). */
  headingLevel?: 1 | 2 | 3;
};

export function EmptyState({ title, description, icon, action, className, headingLevel = 3 }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      className={cn(
        "flex flex-col items-center gap-3 rounded-2xl border border-dashed border-zinc-300 bg-white px-6 py-12 text-center",
        className,
      )}
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-zinc-100 text-zinc-500 [&_svg]:size-6">
        {icon ?? <Inbox aria-hidden />}
      </div>
      <Heading className="text-base font-bold text-zinc-900">{title}</Heading>
      {description && <p className="max-w-sm text-sm text-zinc-600">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}

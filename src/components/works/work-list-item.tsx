import { Sparkles } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Link } from "@/components/ui/link";
import { paths } from "@/config/paths";
import { genreLabel } from "@/lib/genres";
import { formatRelativeTime } from "@/lib/i18n/format";
import type { WorkCardData } from "./work-card";
import { AuthorByline } from "./author-byline";
import { cardImageProps } from "./card-image";
import { WorkStats } from "./work-stats";

/** The list-view variant of WorkCard: thumbnail on the left, the same facts on the right. */
type WorkListItemProps = {
  work: WorkCardData;
  now: number;
  /** Its place in the list: the first row's images load first. */
  position?: number;
};

export function WorkListItem({ work, now, position }: WorkListItemProps) {
  return (
    <Card className="group relative flex overflow-hidden transition-shadow focus-within:shadow-md hover:shadow-md">
      <div className="relative w-28 shrink-0 overflow-hidden bg-zinc-100 sm:w-56">
        <img
          src={work.thumbnailUrl ?? "/placeholder-thumbnail.svg"}
          alt=""
          {...cardImageProps(position)}
          className="absolute inset-0 size-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-3 sm:gap-2.5 sm:p-4">
        <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-500">
          <Badge>{genreLabel(work.genre)}</Badge>
          {work.isZeroCode && (
            <Badge color="purple">
              <Sparkles aria-hidden />
              ゼロコード
            </Badge>
          )}
          <span>{formatRelativeTime(work._creationTime, now)}</span>
        </div>
        <h3 className="line-clamp-1 font-bold text-zinc-900">
          <Link
            to={paths.project(work._id)}
            className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-brand-600"
          >
            {work.title}
          </Link>
        </h3>
        <p className="line-clamp-2 text-sm text-zinc-600 max-sm:hidden">{work.description}</p>
        <ul className="flex flex-wrap gap-1.5 max-sm:hidden" aria-label="使用したAIツール">
          {work.aiTools.map((tool) => (
            <li key={tool} className="rounded-md bg-zinc-100 px-2 py-0.5 text-xs text-zinc-600">
              {tool}
            </li>
          ))}
        </ul>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
          <AuthorByline author={work.author} />
          <WorkStats work={work} />
        </div>
      </div>
    </Card>
  );
}

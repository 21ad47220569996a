import { useState } from "react";
import type { FunctionReturnType } from "convex/server";
import { Sparkles } from "lucide-react";
import type { api } from "../../../convex/_generated/api";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Link } from "@/components/ui/link";
import { paths } from "@/config/paths";
import { genreLabel } from "@/lib/genres";
import { formatRelativeTime } from "@/lib/i18n/format";
import { AuthorByline } from "./author-byline";
import { cardImageProps } from "./card-image";
import { WorkStats } from "./work-stats";

export type WorkCardData = FunctionReturnType<typeof api.home.overview>["topWorks"][number];

/** A work in a grid: thumbnail, title, genre, AI tools, author and live counts. */
type WorkCardProps = {
  work: WorkCardData;
  now: number;
  /** Its place in the list: the first row's images load first. */
  position?: number;
  /**
   * A picture already in the browser's cache (the gallery's early picture of this place), shown
   * behind the thumbnail until that has arrived, so the card does not flash grey in between.
   */
  backdrop?: string;
};

export function WorkCard({ work, now, position, backdrop }: WorkCardProps) {
  const [arrived, setArrived] = useState(false);
  return (
    <Card className="group relative flex w-full min-w-0 flex-col overflow-hidden transition-shadow focus-within:shadow-md hover:shadow-md">
      <div
        className="relative aspect-[16/10] overflow-hidden bg-zinc-100"
        // Laid out as the <img> over it (object-cover).
        style={
          backdrop && !arrived
            ? { backgroundImage: `url(${JSON.stringify(backdrop)})`, backgroundSize: "cover", backgroundPosition: "center" }
            : undefined
        }
      >
        <img
          src={work.thumbnailUrl ?? "/placeholder-thumbnail.svg"}
          onLoad={backdrop ? () => setArrived(true) : undefined}
          alt=""
          {...cardImageProps(position)}
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
        />
        {work.isZeroCode && (
          <Badge color="purple" className="absolute top-3 left-3 shadow-sm">
            <Sparkles aria-hidden />
            ゼロコード
          </Badge>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-center gap-2 text-xs text-zinc-500">
          <Badge>{genreLabel(work.genre)}</Badge>
          <span>{formatRelativeTime(work._creationTime, now)}</span>
        </div>
        <div>
          <h3 className="line-clamp-1 font-bold text-zinc-900">
            {/* The stretched link makes the whole card clickable while staying one link. */}
            {/* Its focus ring is drawn around the whole card (inside it: the card clips overflow). */}
            <Link
              to={paths.project(work._id)}
              className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-brand-600"
            >
              {work.title}
            </Link>
          </h3>
          <p className="mt-1 line-clamp-2 text-sm text-zinc-600">{work.description}</p>
        </div>
        <ul className="flex flex-wrap gap-1.5" aria-label="使用したAIツール">
          {work.aiTools.map((tool) => (
            // Above the card's stretched link, so a chip opens the tool's page instead of the work.
            <li key={tool} className="relative z-10 flex">
              <Link
                to={paths.tool(tool)}
                className="rounded-md bg-zinc-100 px-2 py-0.5 text-xs text-zinc-600 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
              >
                {tool}
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-auto flex items-center justify-between gap-2 border-t border-zinc-100 pt-3">
          <AuthorByline author={work.author} />
          <WorkStats work={work} />
        </div>
      </div>
    </Card>
  );
}

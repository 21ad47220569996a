import { Eye, Heart, MessageCircle, Sparkles } from "lucide-react";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { formatCompactNumber, formatRelativeTime } from "@/lib/i18n/format";

type SampleWorkCardProps = {
  title: string;
  description: string;
  author: string;
  authorId: string;
  genre: string;
  tools: string[];
  zeroCode: boolean;
  likes: number;
  comments: number;
  views: number;
  createdAt: number;
  now: number;
  /** Without a screenshot the card shows the placeholder thumbnail. */
  thumbnailUrl?: string;
};

/** The layout gallery cards will use, with sample data. */
export function SampleWorkCard(props: SampleWorkCardProps) {
  return (
    <Card className="group flex flex-col overflow-hidden transition-shadow hover:shadow-md">
      <div className="relative aspect-[16/10] overflow-hidden bg-zinc-100">
        <img
          src={props.thumbnailUrl ?? "/placeholder-thumbnail.svg"}
          alt=""
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
        />
        {props.zeroCode && (
          <Badge color="purple" className="absolute top-3 left-3 shadow-sm">
            <Sparkles aria-hidden />
            ゼロコード
          </Badge>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-center gap-2 text-xs text-zinc-500">
          <Badge>{props.genre}</Badge>
          <span>{formatRelativeTime(props.createdAt, props.now)}</span>
        </div>
        <div>
          <h3 className="line-clamp-1 font-bold text-zinc-900">{props.title}</h3>
          <p className="mt-1 line-clamp-2 text-sm text-zinc-600">{props.description}</p>
        </div>
        <ul className="flex flex-wrap gap-1.5" aria-label="使用したAIツール">
          {props.tools.map((tool) => (
            <li key={tool} className="rounded-md bg-zinc-100 px-2 py-0.5 text-xs text-zinc-600">
              {tool}
            </li>
          ))}
        </ul>
        <div className="mt-auto flex items-center justify-between gap-2 border-t border-zinc-100 pt-3">
          <span className="flex min-w-0 items-center gap-2">
            <Avatar name={props.author} seed={props.authorId} size="xs" decorative />
            <span className="truncate text-sm text-zinc-700">{props.author}</span>
          </span>
          <span className="flex shrink-0 items-center gap-3 text-xs text-zinc-500">
            <span className="inline-flex items-center gap-1" aria-label={`いいね ${props.likes}件`}>
              <Heart aria-hidden className="size-3.5" />
              {formatCompactNumber(props.likes)}
            </span>
            <span className="inline-flex items-center gap-1" aria-label={`コメント ${props.comments}件`}>
              <MessageCircle aria-hidden className="size-3.5" />
              {formatCompactNumber(props.comments)}
            </span>
            <span className="inline-flex items-center gap-1" aria-label={`閲覧 ${props.views}回`}>
              <Eye aria-hidden className="size-3.5" />
              {formatCompactNumber(props.views)}
            </span>
          </span>
        </div>
      </div>
    </Card>
  );
}

import { useQuery } from "convex/react";
import { Hash } from "lucide-react";
import { useParams } from "react-router-dom";
import { api } from "../../../convex/_generated/api";
import { PageContainer } from "@/components/layout/page-container";
import { feedPaths } from "../../../convex/model/feedLinks";
import { FeedLink } from "@/components/feed-link";
import { PageTitle } from "@/components/layout/page-title";
import { QueryErrorBoundary } from "@/components/query-error-boundary";
import { Link } from "@/components/ui/link";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { formatNumber } from "@/lib/i18n/format";
import { DiscoveryControls } from "./discovery-controls";
import { DiscoveryWorks } from "./discovery-works";
import { useDiscoveryFilters } from "./use-discovery-filters";

/** /tags/{tag}: every work with the tag (any spelling: ＡＩ and ai are one tag). */
export function TagPage() {
  const tag = useParams().tag ?? "";
  return (
    <QueryErrorBoundary resetKey={tag}>
      <TagView key={tag} tag={tag} />
    </QueryErrorBoundary>
  );
}

function TagView({ tag }: { tag: string }) {
  const [filters, change] = useDiscoveryFilters();
  const summary = useQuery(api.tags.get, { tag });
  const display = summary?.display ?? tag.replace(/^#+/, "");
  return (
    <PageContainer className="flex flex-col gap-6">
      <PageTitle title={`#${display} の作品`} />
      <header className="flex flex-col gap-2">
        <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700">
          <Hash aria-hidden className="size-4" />
          タグ
        </p>
        <h1 className="text-2xl font-bold break-words text-zinc-900 sm:text-3xl">#{display}</h1>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p className="text-sm text-zinc-600" aria-live="polite">
            {summary === undefined ? <Skeleton className="h-5 w-24" /> : `${formatNumber(summary.count)}件の作品`}
          </p>
          <FeedLink path={feedPaths.tag(display)} title={`#${display}の作品`} />
        </div>
      </header>
      <RelatedTags tag={tag} />
      <div className="flex flex-col gap-4">
        <DiscoveryControls filters={filters} onChange={change} />
        <DiscoveryWorks source={{ tag }} filters={filters} onShowAll={() => change({ zeroCode: false })} />
      </div>
    </PageContainer>
  );
}

/** Tags found together with this one on its most liked works. */
function RelatedTags({ tag }: { tag: string }) {
  const related = useQuery(api.tags.related, { tag });
  if (!related || related.length === 0) return null;
  return (
    <section aria-labelledby="related-tags-heading" className="flex flex-col gap-2">
      <h2 id="related-tags-heading" className="text-sm font-semibold text-zinc-800">
        関連するタグ
      </h2>
      <ul className="flex flex-wrap gap-1.5">
        {related.map((item) => (
          <li key={item.tag}>
            <Link
              to={paths.tag(item.tag)}
              className="inline-flex items-center gap-1 rounded-lg bg-zinc-100 px-2.5 py-1 text-sm text-zinc-700 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              #{item.tag}
              <span className="text-xs text-zinc-500 tabular-nums">{formatNumber(item.count)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

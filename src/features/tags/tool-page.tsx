import { useQuery } from "convex/react";
import { ArrowLeft, Bot } from "lucide-react";
import { useParams } from "react-router-dom";
import { api } from "../../../convex/_generated/api";
import { PageContainer } from "@/components/layout/page-container";
import { PageTitle } from "@/components/layout/page-title";
import { QueryErrorBoundary } from "@/components/query-error-boundary";
import { Link } from "@/components/ui/link";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { formatNumber } from "@/lib/i18n/format";
import { DiscoveryControls } from "./discovery-controls";
import { DiscoveryWorks } from "./discovery-works";
import { useDiscoveryFilters } from "./use-discovery-filters";

/** /tools/{tool}: every work made with the AI tool. */
export function ToolPage() {
  const tool = useParams().tool ?? "";
  return (
    <QueryErrorBoundary resetKey={tool}>
      <ToolView key={tool} tool={tool} />
    </QueryErrorBoundary>
  );
}

function ToolView({ tool }: { tool: string }) {
  const [filters, change] = useDiscoveryFilters();
  const summary = useQuery(api.tools.get, { tool });
  return (
    <PageContainer className="flex flex-col gap-6">
      <PageTitle title={`${tool} で作られた作品`} />
      <Link
        to={paths.tools()}
        className="inline-flex items-center gap-1 self-start rounded text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <ArrowLeft aria-hidden className="size-4" />
        AIツール一覧
      </Link>
      <header className="flex flex-col gap-2">
        <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700">
          <Bot aria-hidden className="size-4" />
          AIツール
        </p>
        <h1 className="text-2xl font-bold break-words text-zinc-900 sm:text-3xl">{tool}</h1>
        <p className="text-sm text-zinc-600" aria-live="polite">
          {summary === undefined ? <Skeleton className="h-5 w-24" /> : `${formatNumber(summary.count)}件の作品`}
        </p>
      </header>
      <div className="flex flex-col gap-4">
        <DiscoveryControls filters={filters} onChange={change} />
        <DiscoveryWorks source={{ tool }} filters={filters} onShowAll={() => change({ zeroCode: false })} />
      </div>
    </PageContainer>
  );
}

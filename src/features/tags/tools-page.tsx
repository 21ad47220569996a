import { useQuery } from "convex/react";
import { Bot, ChevronRight } from "lucide-react";
import { api } from "../../../convex/_generated/api";
import { PageContainer } from "@/components/layout/page-container";
import { PageTitle } from "@/components/layout/page-title";
import { EmptyState } from "@/components/ui/empty-state";
import { Link } from "@/components/ui/link";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { formatNumber } from "@/lib/i18n/format";

/** /tools: every AI tool named by a work, with its number of works, most used first. */
export function ToolsPage() {
  const tools = useQuery(api.tools.list, {});
  return (
    <PageContainer className="flex flex-col gap-6">
      <PageTitle title="AIツールから探す" />
      <div>
        <h1 className="text-2xl font-bold text-zinc-900 sm:text-3xl">AIツールから探す</h1>
        <p className="mt-2 text-sm text-zinc-600 sm:text-base">作品づくりに使われたAIツールと、その作品数です。</p>
      </div>
      {tools === undefined ? (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="読み込み中">
          {Array.from({ length: 6 }, (_, n) => (
            <li key={n}>
              <Skeleton className="h-16 rounded-2xl" />
            </li>
          ))}
        </ul>
      ) : tools.length === 0 ? (
        <EmptyState icon={<Bot aria-hidden />} title="まだ作品がありません" />
      ) : (
        <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="AIツール一覧">
          {tools.map(({ tool, count }) => (
            <li key={tool}>
              <Link
                to={paths.tool(tool)}
                className="flex items-center gap-3 rounded-2xl border border-zinc-200 bg-white p-4 shadow-xs transition-colors hover:border-brand-300 hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <span
                  aria-hidden
                  className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700"
                >
                  <Bot className="size-5" />
                </span>
                <span className="min-w-0 flex-1 truncate font-semibold text-zinc-900">{tool}</span>
                <span className="shrink-0 text-sm text-zinc-600 tabular-nums">{formatNumber(count)}件</span>
                <ChevronRight aria-hidden className="size-4 shrink-0 text-zinc-400" />
              </Link>
            </li>
          ))}
        </ol>
      )}
    </PageContainer>
  );
}

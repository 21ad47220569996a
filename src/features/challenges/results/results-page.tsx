import { useMutation, usePaginatedQuery, useQuery } from "convex/react";
import { Crown, ListOrdered, MessageSquare, Trophy } from "lucide-react";
import { useParams } from "react-router-dom";
import { Link } from "@/components/ui/link";
import { api } from "../../../../convex/_generated/api";
import type { Id } from "../../../../convex/_generated/dataModel";
import type { JudgingInput } from "../../../../convex/model/judgingRules";
import { PageContainer } from "@/components/layout/page-container";
import { PageTitle } from "@/components/layout/page-title";
import { Badge } from "@/components/ui/badge";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadingState } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { AWARD_LABELS } from "@/lib/award-labels";
import { ShareButton } from "@/components/share-button";
import { readServerError } from "@/lib/convex-error";
import { challengeResultsShareUrl } from "@/lib/share-link";

const RESULTS_PAGE = 20;

/** /challenges/{id}/results: every entry by its final rank, once the organiser has decided. */
export function ChallengeResultsPage() {
  const { id = "" } = useParams();
  const summary = useQuery(api.challengeResults.summary, { id });
  if (summary === undefined) return <LoadingState className="min-h-[50vh]" />;
  if (summary === null) {
    return (
      <PageContainer width="narrow">
        <PageTitle title="チャレンジが見つかりません" />
        <EmptyState
          headingLevel={1}
          icon={<Trophy aria-hidden />}
          title="チャレンジが見つかりません"
          action={<ButtonLink to={paths.challenges()}>チャレンジ一覧へ</ButtonLink>}
        />
      </PageContainer>
    );
  }
  const challengeId = summary.challengeId;
  const description = `「${summary.title}」の結果発表：${summary.submissionsCount}作品の順位と審査結果`;
  return (
    <PageContainer className="flex flex-col gap-6 py-6 sm:py-10">
      <PageTitle title={`結果発表 - ${summary.title}`} description={description} />
      <header className="flex flex-col gap-2">
        <ButtonLink to={paths.challenge(challengeId)} variant="ghost" size="sm" className="self-start">
          ← チャレンジに戻る
        </ButtonLink>
        <h1 className="flex items-center gap-2 text-2xl font-bold text-zinc-900 sm:text-3xl">
          <ListOrdered aria-hidden className="size-7 text-brand-600" />
          結果発表
        </h1>
        <p className="text-zinc-700">{summary.title}</p>
        {summary.published && (
          <ShareButton url={challengeResultsShareUrl(challengeId)} title={`「${summary.title}」結果発表`} className="self-start" />
        )}
      </header>
      {summary.published ? (
        <ResultsList challengeId={challengeId} judging={summary.judging} isOrganiser={summary.isOrganiser} />
      ) : (
        <EmptyState
          icon={<Trophy aria-hidden />}
          title="結果はまだ発表されていません"
          description="主催者が受賞作品を決めると、ここに順位と審査結果が表示されます。"
        />
      )}
    </PageContainer>
  );
}

function ResultsList({
  challengeId,
  judging,
  isOrganiser,
}: {
  challengeId: Id<"challenges">;
  judging: JudgingInput | null;
  isOrganiser: boolean;
}) {
  const results = usePaginatedQuery(api.challengeResults.results, { challengeId }, { initialNumItems: RESULTS_PAGE });
  return (
    <div className="flex flex-col gap-4">
      {judging && (
        <p className="text-sm text-zinc-600">
          総合スコア = 審査員 {judging.judgeWeight}%（平均点を5点満点で100点に換算）+ 投票 {100 - judging.judgeWeight}
          %（最多得票の作品を100とした割合）
        </p>
      )}
      <ol className="flex flex-col gap-3" aria-label="順位">
        {results.results.map((row) => (
          <li key={row.submissionId}>
            <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
              <span className="text-3xl font-bold text-zinc-900 tabular-nums sm:w-14">{row.rank}</span>
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <div className="flex flex-wrap items-center gap-2">
                  <Link to={paths.project(row.projectId)} className="font-semibold text-zinc-900 hover:underline">
                    {row.title}
                  </Link>
                  {row.isWinner && (
                    <Badge color="yellow">
                      <Crown aria-hidden />
                      優勝
                    </Badge>
                  )}
                  {row.award && <Badge color="purple">{AWARD_LABELS[row.award]}</Badge>}
                  {row.isOwn && <Badge>あなたの作品</Badge>}
                </div>
                <p className="text-sm text-zinc-600">{row.author.displayName}</p>
                <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-700">
                  {judging?.criteria.map((criterion, index) => (
                    <div key={criterion.name} className="flex gap-1">
                      <dt>{criterion.name}</dt>
                      <dd className="tabular-nums">{row.criterionAverages[index]?.toFixed(1) ?? "-"}</dd>
                    </div>
                  ))}
                  <div className="flex gap-1">
                    <dt>投票</dt>
                    <dd className="tabular-nums">{row.votes}票</dd>
                  </div>
                  <div className="flex gap-1 font-semibold">
                    <dt>総合</dt>
                    <dd className="tabular-nums">{row.combined.toFixed(1)}</dd>
                  </div>
                </dl>
                {row.tieNote && <p className="text-xs text-amber-700">{row.tieNote}</p>}
                {judging && <Feedback submissionId={row.submissionId} isOrganiser={isOrganiser} />}
              </div>
            </Card>
          </li>
        ))}
      </ol>
      {results.status === "CanLoadMore" && (
        <Button variant="outline" className="self-center" onClick={() => results.loadMore(RESULTS_PAGE)}>
          さらに表示
        </Button>
      )}
    </div>
  );
}

/** The judges' comments this viewer may read: all on their own entry, else the public ones. */
function Feedback({ submissionId, isOrganiser }: { submissionId: Id<"challengeSubmissions">; isOrganiser: boolean }) {
  const comments = useQuery(api.challengeResults.feedback, { submissionId });
  const setPublic = useMutation(api.judging.setCommentPublic);
  const toast = useToast();
  if (!comments || comments.length === 0) return null;
  return (
    <section aria-label="審査員のコメント" className="flex flex-col gap-2 rounded-xl bg-zinc-50 p-3">
      {comments.map((comment) => (
        <div key={comment.scoreId} className="flex flex-col gap-1 text-sm">
          <p className="flex items-center gap-1 font-medium text-zinc-800">
            <MessageSquare aria-hidden className="size-4" />
            {comment.judge.displayName}
            {!comment.public && <span className="text-xs font-normal text-zinc-600">（応募者にだけ表示）</span>}
          </p>
          <p className="whitespace-pre-wrap text-zinc-800">{comment.comment}</p>
          {isOrganiser && (
            <Button
              variant="ghost"
              size="sm"
              className="self-start"
              onClick={() =>
                void setPublic({ scoreId: comment.scoreId, public: !comment.public }).catch((error: unknown) =>
                  toast.error(readServerError(error).message),
                )
              }
            >
              {comment.public ? "非公開にする" : "公開する"}
            </Button>
          )}
        </div>
      ))}
    </section>
  );
}

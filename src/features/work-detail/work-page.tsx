import { useState, type ReactNode } from "react";
import { useMutation, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import {
  ArrowLeft,
  Calendar,
  Code2,
  ExternalLink,
  Eye,
  LayoutGrid,
  MessageCircle,
  Pencil,
  PlayCircle,
  Sparkles,
  Trash2,
} from "lucide-react";
import { useNavigate, useParams } from "react-router-dom";
import { api } from "../../../convex/_generated/api";
import { isHttpUrl } from "../../../convex/model/urls";
import { PageContainer } from "@/components/layout/page-container";
import { summarize } from "../../../convex/model/cleanText";
import { PageTitle } from "@/components/layout/page-title";
import { JsonLd } from "@/components/seo/json-ld";
import { META_DESCRIPTION_MAX, workJsonLd } from "@/lib/structured-data";
import { QueryErrorBoundary } from "@/components/query-error-boundary";
import { Badge } from "@/components/ui/badge";
import { Button, ButtonLink, buttonClassName } from "@/components/ui/button";
import { Card, CardContent, CardTitle } from "@/components/ui/card";
import { LazyConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Link } from "@/components/ui/link";
import { Skeleton } from "@/components/ui/skeleton";
import { useToast } from "@/components/ui/use-toast";
import { AuthorAvatarLink } from "@/components/works/author-byline";
import { ContentMenu } from "@/components/moderation/content-menu";
import { ModerationBanner } from "@/components/moderation/moderation-banner";
import { UnavailableState } from "@/components/moderation/unavailable-state";
import { WorkCard } from "@/components/works/work-card";
import { paths } from "@/config/paths";
import { readServerError } from "@/lib/convex-error";
import { genreLabel } from "@/lib/genres";
import { formatDate, formatNumber } from "@/lib/i18n/format";
import { workShareUrl } from "@/lib/share-link";
import { useNow } from "@/lib/use-now";
import { BookmarkButton } from "./bookmark-button";
import { CommentsSection } from "./comments-section";
import { LikeButton } from "./like-button";
import { ScreenshotCarousel } from "./screenshot-carousel";
import { EarlyCover, earlyCoverUrl } from "./early-cover";
import { EmbedButton } from "./embed-button";
import { ShareButton } from "@/components/share-button";
import { useRecordView } from "./use-record-view";

type Work = Exclude<NonNullable<FunctionReturnType<typeof api.projects.get>>, { unavailable: true }>;

export function WorkPage() {
  const { id = "" } = useParams();
  return (
    <QueryErrorBoundary
      resetKey={id}
      fallback={(message) => (
        <PageContainer>
          <ErrorState message={message} />
        </PageContainer>
      )}
    >
      {/* Keyed so every work starts with a fresh carousel, dialog and view record. */}
      <WorkLoader key={id} id={id} />
    </QueryErrorBoundary>
  );
}

function WorkLoader({ id }: { id: string }) {
  const work = useQuery(api.projects.get, { id });
  const shown = work && !("unavailable" in work) ? work : null;
  useRecordView(shown ? shown._id : undefined);
  // The skeleton showed the cover: the carousel keeps it until the first screenshot is there. A
  // page whose data was there at once never fetches it.
  const [coverShown] = useState(work === undefined);

  if (work === undefined) return <WorkSkeleton id={id} />;
  if (work === null) return <MissingWork />;
  if (!shown) return <UnavailableWork />;
  return <WorkDetail work={shown} backdrop={coverShown ? earlyCoverUrl(shown._id) : null} />;
}

/** A hidden work seen by anyone but its author and the moderators. */
function UnavailableWork() {
  return (
    <UnavailableState
      title="この作品は表示できません"
      description="この作品は現在公開されていません。ほかの作品もぜひご覧ください。"
      action={
        <ButtonLink to={paths.projects()}>
          <LayoutGrid aria-hidden />
          作品一覧へ
        </ButtonLink>
      }
    />
  );
}

function MissingWork() {
  const navigate = useNavigate();
  return (
    <PageContainer width="narrow">
      <PageTitle title="プロジェクトが見つかりません" />
      <EmptyState
        headingLevel={1}
        title="プロジェクトが見つかりません"
        description="削除されたか、URLが間違っている可能性があります。"
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <ButtonLink to={paths.projects()}>
              <LayoutGrid aria-hidden />
              作品一覧へ
            </ButtonLink>
            <Button
              variant="outline"
              onClick={() => {
                // With no earlier page in this visit, "back" would leave the site.
                if ((window.history.state as { idx?: number } | null)?.idx) void navigate(-1);
                else void navigate(paths.projects());
              }}
            >
              <ArrowLeft aria-hidden />
              戻る
            </Button>
          </div>
        }
      />
    </PageContainer>
  );
}

function WorkDetail({ work, backdrop }: { work: Work; backdrop: string | null }) {
  return (
    <PageContainer className="flex flex-col gap-8 py-6 sm:py-10">
      <PageTitle title={work.title} description={summarize(work.description, META_DESCRIPTION_MAX)} />
      <JsonLd data={workJsonLd(work, window.location.origin)} />
      <BackToWorks />
      {work.moderation && <ModerationBanner targetType="work" targetId={work._id} moderation={work.moderation} isAuthor={work.isOwner} />}
      {/* Phones read the author card before the comments; desktops keep it beside everything. */}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr]">
        <div className="flex min-w-0 flex-col gap-8 lg:col-start-1 lg:row-start-1">
          <ScreenshotCarousel screenshots={work.screenshots} title={work.title} backdrop={backdrop} />
          <header className="flex flex-col gap-4">
            <div className="flex flex-wrap items-center gap-2">
              <Badge>{genreLabel(work.genre)}</Badge>
              {work.isZeroCode && (
                <Badge color="purple">
                  <Sparkles aria-hidden />
                  ゼロコード
                </Badge>
              )}
            </div>
            <h1 className="text-2xl font-bold break-words text-zinc-900 sm:text-3xl">{work.title}</h1>
            <p className="leading-relaxed break-words whitespace-pre-wrap text-zinc-700">{work.description}</p>
            <LinkButtons work={work} />
            <div role="group" aria-label="反応" className="flex flex-wrap items-center gap-2 border-y border-zinc-100 py-3">
              <LikeButton projectId={work._id} liked={work.viewerHasLiked} count={work.likesCount} />
              <Stat icon={<MessageCircle aria-hidden />} label={`コメント ${work.commentsCount}件`} value={work.commentsCount} />
              <Stat icon={<Eye aria-hidden />} label={`閲覧 ${work.viewsCount}回`} value={work.viewsCount} />
              <div className="flex flex-wrap gap-2 sm:ml-auto">
                <ShareButton url={workShareUrl(work._id)} title={work.title} />
                <EmbedButton projectId={work._id} title={work.title} />
                <BookmarkButton workId={work._id} />
                <ContentMenu target={{ type: "work", id: work._id, label: work.title }} isOwn={work.isOwner} />
              </div>
            </div>
          </header>
          {work.vibeDescription.trim() && (
            <section aria-labelledby="vibe-heading" className="rounded-2xl border border-brand-100 bg-brand-50/60 p-5 sm:p-6">
              <h2 id="vibe-heading" className="flex items-center gap-2 text-lg font-bold text-zinc-900">
                <Sparkles aria-hidden className="size-5 text-brand-600" />
                Vibe（コンセプト）
              </h2>
              <p className="mt-3 leading-relaxed break-words whitespace-pre-wrap text-zinc-700">{work.vibeDescription}</p>
            </section>
          )}
          <TechDetails work={work} />
        </div>
        <aside className="flex flex-col gap-4 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
          <AuthorCard work={work} />
          <DetailsCard work={work} />
        </aside>
        <div className="min-w-0 lg:col-start-1 lg:row-start-2">
          <CommentsSection projectId={work._id} commentsCount={work.commentsCount} />
        </div>
      </div>
      <QueryErrorBoundary resetKey={work._id} fallback={() => null}>
        <RelatedWorks id={work._id} />
      </QueryErrorBoundary>
    </PageContainer>
  );
}

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    // role="img": a plain span may not carry a name; the icon and number read as one label.
    <span role="img" aria-label={label} className="inline-flex h-10 items-center gap-1.5 px-2 text-sm text-zinc-600 [&_svg]:size-4">
      {icon}
      <span aria-hidden className="tabular-nums">
        {formatNumber(value)}
      </span>
    </span>
  );
}

function LinkButtons({ work }: { work: Work }) {
  // Only http(s) links become buttons; anything else stored by mistake is not offered.
  const links = [
    { url: work.demoUrl, label: "デモを見る", icon: <ExternalLink aria-hidden />, variant: "primary" as const },
    { url: work.demoVideoUrl, label: "動画を見る", icon: <PlayCircle aria-hidden />, variant: "outline" as const },
    { url: work.repositoryUrl, label: "コードを見る", icon: <Code2 aria-hidden />, variant: "outline" as const },
  ].filter((link): link is typeof link & { url: string } => !!link.url && isHttpUrl(link.url));
  if (links.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {links.map((link) => (
        <a
          key={link.label}
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClassName({ variant: link.variant, className: "max-sm:flex-1" })}
        >
          {link.icon}
          {link.label}
          <span className="sr-only">（新しいタブで開きます）</span>
        </a>
      ))}
    </div>
  );
}

function TagList({
  label,
  items,
  tone = "neutral",
  linkTo,
  prefix = "",
}: {
  label: string;
  items: string[];
  tone?: "neutral" | "brand";
  /** Each chip links to its tag or tool page when given. */
  linkTo?: (item: string) => string;
  /** Shown before each item ("#" for tags). */
  prefix?: string;
}) {
  const chipClass =
    tone === "brand"
      ? "rounded-lg bg-brand-50 px-2.5 py-1 text-sm font-medium text-brand-800"
      : "rounded-lg bg-zinc-100 px-2.5 py-1 text-sm text-zinc-700";
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-zinc-800">{label}</h3>
      {items.length === 0 ? (
        <p className="text-sm text-zinc-500">なし</p>
      ) : (
        <ul className="flex flex-wrap gap-1.5" aria-label={label}>
          {items.map((item) =>
            linkTo ? (
              <li key={item} className="flex">
                <Link
                  to={linkTo(item)}
                  className={`${chipClass} hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600`}
                >
                  {prefix}
                  {item}
                </Link>
              </li>
            ) : (
              <li key={item} className={chipClass}>
                {prefix}
                {item}
              </li>
            ),
          )}
        </ul>
      )}
    </div>
  );
}

function TechDetails({ work }: { work: Work }) {
  return (
    <section aria-labelledby="tech-heading">
      <Card>
        <CardContent className="flex flex-col gap-5">
          <h2 id="tech-heading" className="text-lg font-bold text-zinc-900">
            技術情報
          </h2>
          <TagList label="使用したAIツール" items={work.aiTools} tone="brand" linkTo={paths.tool} />
          <TagList label="技術スタック" items={work.techStack} />
          <TagList label="タグ" items={work.tags} linkTo={paths.tag} prefix="#" />
        </CardContent>
      </Card>
    </section>
  );
}

function AuthorCard({ work }: { work: Work }) {
  const toast = useToast();
  const navigate = useNavigate();
  const remove = useMutation(api.projects.remove);
  const [confirming, setConfirming] = useState(false);
  const { author } = work;
  const profileId = author.handle ?? author._id;
  return (
    <Card>
      <CardContent className="flex flex-col gap-4">
        <CardTitle className="text-base">作成者</CardTitle>
        <div className="flex items-center gap-3">
          <AuthorAvatarLink author={author} size="lg" />
          <div className="min-w-0">
            {profileId ? (
              <Link to={paths.profile(profileId)} className="block truncate font-bold text-zinc-900 hover:underline">
                {author.displayName}
              </Link>
            ) : (
              <p className="truncate font-bold text-zinc-900">{author.displayName}</p>
            )}
            {author.handle && <p className="truncate text-sm text-zinc-500">@{author.handle}</p>}
          </div>
        </div>
        {work.isOwner && (
          <div className="flex gap-2 border-t border-zinc-100 pt-4">
            <ButtonLink to={paths.submit({ edit: work._id })} variant="outline" size="sm" className="flex-1">
              <Pencil aria-hidden />
              編集
            </ButtonLink>
            <Button
              variant="outline"
              size="sm"
              className="flex-1 text-red-600 hover:border-red-300 hover:bg-red-50"
              onClick={() => setConfirming(true)}
            >
              <Trash2 aria-hidden />
              削除
            </Button>
            <LazyConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              title="この作品を削除しますか？"
              description={`「${work.title}」と、そのいいね・コメント・閲覧数がすべて削除されます。この操作は取り消せません。`}
              confirmLabel="削除する"
              tone="danger"
              onConfirm={async () => {
                try {
                  await remove({ id: work._id });
                } catch (error) {
                  toast.error("削除に失敗しました", readServerError(error).message);
                  throw error;
                }
                toast.success("作品を削除しました");
                void navigate(paths.projects(), { replace: true });
              }}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function DetailsCard({ work }: { work: Work }) {
  const rows = [
    { label: "ジャンル", value: genreLabel(work.genre) },
    { label: "投稿日", value: formatDate(work.createdAt) },
    { label: "更新日", value: formatDate(work.updatedAt) },
  ];
  return (
    <Card>
      <CardContent className="flex flex-col gap-4">
        <CardTitle className="text-base">詳細</CardTitle>
        <dl className="flex flex-col gap-3 text-sm">
          {rows.map((row) => (
            <div key={row.label} className="flex items-center justify-between gap-3">
              <dt className="flex items-center gap-1.5 text-zinc-500">
                {row.label !== "ジャンル" && <Calendar aria-hidden className="size-3.5" />}
                {row.label}
              </dt>
              <dd className="font-medium text-zinc-900">{row.value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function RelatedWorks({ id }: { id: Work["_id"] }) {
  const related = useQuery(api.projects.related, { id });
  const now = useNow();
  if (related !== undefined && related.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="flex flex-col gap-4 border-t border-zinc-200 pt-8">
      <h2 id="related-heading" className="text-xl font-bold text-zinc-900">
        関連作品
      </h2>
      {related === undefined ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} shape="square" className="aspect-[16/10] rounded-2xl" />
          ))}
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {related.map((item) => (
            <li key={item._id} className="flex [&>*]:flex-1">
              <WorkCard work={item} now={now} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BackToWorks() {
  return (
    <Link
      to={paths.projects()}
      className="inline-flex w-fit items-center gap-1.5 rounded-lg text-sm font-semibold text-zinc-600 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <ArrowLeft aria-hidden className="size-4" />
      作品一覧
    </Link>
  );
}

/**
 * The page's frame while the work loads, laid out as WorkDetail is (the back link included), with
 * the work's cover, which needs only the id, where its screenshots go.
 */
function WorkSkeleton({ id }: { id: string }) {
  return (
    <PageContainer className="flex flex-col gap-8 py-6 sm:py-10">
      <BackToWorks />
      <div role="status" aria-label="読み込み中" className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex flex-col gap-4">
          {/* The carousel's box, border and all, so nothing moves when it takes this place. */}
          <div className="relative overflow-hidden rounded-2xl border border-zinc-200 bg-zinc-100">
            <Skeleton shape="square" className="aspect-[16/10]" />
            <EarlyCover id={id} />
          </div>
          <Skeleton className="h-5 w-24" />
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-20 w-full" />
        </div>
        <div className="flex flex-col gap-4">
          <Skeleton className="h-40 rounded-2xl" />
          <Skeleton className="h-32 rounded-2xl" />
        </div>
      </div>
    </PageContainer>
  );
}

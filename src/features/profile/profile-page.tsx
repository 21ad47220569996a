import { useQuery } from "convex/react";
import { House, Lock, Settings, UserX } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useParams } from "react-router-dom";
import { api } from "../../../convex/_generated/api";
import { PageContainer } from "@/components/layout/page-container";
import { summarize } from "../../../convex/model/cleanText";
import { PageTitle } from "@/components/layout/page-title";
import { JsonLd } from "@/components/seo/json-ld";
import { META_DESCRIPTION_MAX, profileJsonLd } from "@/lib/structured-data";
import { QueryErrorBoundary } from "@/components/query-error-boundary";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Link } from "@/components/ui/link";
import { Skeleton } from "@/components/ui/skeleton";
import { WorkGridSkeleton } from "@/components/works/work-grid";
import { paths } from "@/config/paths";
import { useOpenedOnce } from "@/lib/use-opened-once";
import { usePainted } from "@/lib/use-painted";
import { useViewer } from "@/lib/use-viewer";
import type { FollowListKind } from "./follow-list-dialog";
import { ProfileBadges } from "./profile-badges";
import { type Profile, ProfileHeader } from "./profile-header";
import { ProfileStats } from "./profile-stats";

// The followers / following lists (a Radix dialog) download when first opened.
const FollowListDialog = lazy(() => import("./follow-list-dialog").then((m) => ({ default: m.FollowListDialog })));
// The tabs below the header (Radix Tabs, the work grids, the drafts: a dozen files) download
// once the header is on screen, so a phone paints the profile without waiting for them.
const ProfileTabs = lazy(() => import("./profile-tabs").then((m) => ({ default: m.ProfileTabs })));

/** /profile/{id}: id is the custom handle or the internal user id (old links keep working). */
export function ProfilePage() {
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
      <ProfileLoader key={id} id={id} />
    </QueryErrorBoundary>
  );
}

function ProfileLoader({ id }: { id: string }) {
  const profile = useQuery(api.users.getProfile, { id });
  if (profile === undefined) return <ProfileSkeleton />;
  if (profile === null) return <MissingProfile id={id} />;
  return (
    <PageContainer className="flex flex-col gap-8">
      <PageTitle
        title={`${profile.displayName}${profile.handle ? ` (@${profile.handle})` : ""}`}
        description={profile.bio ? summarize(profile.bio, META_DESCRIPTION_MAX) : `${profile.displayName}さんのプロフィールと作品`}
      />
      {!profile.isPrivate && <JsonLd data={profileJsonLd(profile, window.location.origin)} />}
      {profile.isPrivate && !profile.isOwner ? <PrivateProfile profile={profile} /> : <FullProfile profile={profile} />}
    </PageContainer>
  );
}

function FullProfile({ profile }: { profile: Profile }) {
  const [list, setList] = useState<FollowListKind | null>(null);
  const listOpened = useOpenedOnce(list !== null);
  const headerShown = usePainted();
  const stats = profile.stats ?? { projectsCount: 0, zeroCodeCount: 0, totalLikes: 0, totalViews: 0 };
  return (
    <>
      <ProfileHeader profile={profile} onOpenList={setList} />
      {profile.isOwner && <OwnerPrivacyNote />}
      <ProfileStats stats={stats} />
      <ProfileBadges badges={profile.badges ?? []} />
      {headerShown ? (
        <Suspense fallback={<ProfileTabsSkeleton />}>
          <ProfileTabs userId={profile._id} isOwner={profile.isOwner} showWorks={profile.showProjects ?? false} stats={stats} />
        </Suspense>
      ) : (
        <ProfileTabsSkeleton />
      )}
      {listOpened && (
        <Suspense fallback={null}>
          <FollowListDialog userId={profile._id} kind={list} onClose={() => setList(null)} />
        </Suspense>
      )}
    </>
  );
}

/** Others see only the avatar and the name of a private profile (and may still follow it). */
function PrivateProfile({ profile }: { profile: Profile }) {
  return (
    <>
      <ProfileHeader profile={profile} onOpenList={() => undefined} />
      <EmptyState icon={<Lock aria-hidden />} title="このプロフィールは非公開です" description="作品や実績は本人だけが見られます。" />
    </>
  );
}

/** What the owner's choices in 設定 hide from others, so nobody is surprised. */
function OwnerPrivacyNote() {
  const { viewer } = useViewer();
  if (!viewer) return null;
  const { profileVisibility, showProjects, showEmail } = viewer.settings.privacy;
  const notes: string[] = [];
  if (profileVisibility === "private") notes.push("プロフィールは非公開です。他のユーザーにはアイコンと表示名だけが表示されます。");
  else if (!showProjects) notes.push("「作品」と「いいねした作品」は他のユーザーには表示されません。");
  if (profileVisibility === "public" && showEmail) notes.push("メールアドレスは他のユーザーにも表示されています。");
  if (notes.length === 0) return null;
  return (
    <div
      role="note"
      className="flex flex-col gap-2 rounded-2xl border border-brand-200 bg-brand-50/60 px-4 py-3 text-sm text-zinc-700 sm:flex-row sm:items-center sm:justify-between"
    >
      <ul className="flex flex-col gap-1">
        {notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
      <Link to={paths.settings()} className="inline-flex shrink-0 items-center gap-1.5 font-semibold text-brand-700 hover:underline">
        <Settings aria-hidden className="size-4" />
        公開範囲を変更
      </Link>
    </div>
  );
}

function MissingProfile({ id }: { id: string }) {
  return (
    <PageContainer width="narrow">
      <PageTitle title="ユーザーが見つかりませんでした" />
      <EmptyState
        headingLevel={1}
        icon={<UserX aria-hidden />}
        title="ユーザーが見つかりませんでした"
        description={
          <>
            「<span className="font-semibold break-all text-zinc-900">{id}</span>
            」というユーザーは存在しないか、退会した可能性があります。
          </>
        }
        action={
          <ButtonLink to={paths.home()}>
            <House aria-hidden />
            ホームに戻る
          </ButtonLink>
        }
      />
    </PageContainer>
  );
}

/** The tab bar and a row of cards, where the tabs will be while their code downloads. */
function ProfileTabsSkeleton() {
  return (
    <div aria-busy="true">
      <Skeleton className="h-11 w-full max-w-sm rounded-xl" />
      <div className="mt-4">
        <WorkGridSkeleton count={3} />
      </div>
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <PageContainer className="flex flex-col gap-8">
      <div className="flex flex-col gap-5 sm:flex-row sm:gap-8">
        <Skeleton className="size-24 rounded-full" />
        {/* The header's rows as they will be: name, handle, feed link, follow counts, bio, details. */}
        <div className="flex flex-1 flex-col gap-3">
          <Skeleton className="h-8 w-48" />
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-4 w-20" />
          <Skeleton className="mt-2 h-4 w-48" />
          <Skeleton className="mt-2 h-4 w-full max-w-md" />
          <Skeleton className="h-4 w-2/3 max-w-sm" />
          <Skeleton className="mt-2 h-4 w-64 max-w-full" />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-20 rounded-2xl" />
        ))}
      </div>
    </PageContainer>
  );
}

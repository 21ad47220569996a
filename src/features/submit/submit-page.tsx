import { useMutation, useQuery } from "convex/react";
import { Trophy } from "lucide-react";
import type { FunctionReturnType } from "convex/server";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { CHALLENGE_MESSAGES } from "../../../convex/model/challengeTerms";
import { WORK_MESSAGES } from "../../../convex/model/workRules";
import { PageContainer } from "@/components/layout/page-container";
import { PageTitle } from "@/components/layout/page-title";
import { QueryErrorBoundary } from "@/components/query-error-boundary";
import { LoadingState } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { readServerError } from "@/lib/convex-error";
import { useViewer } from "@/lib/use-viewer";
import { editNeedsCard } from "./share-card/send-share-card";
import { useShareCardSender } from "./share-card/use-share-card-sender";
import { DraftPrompt } from "./draft-prompt";
import { useConvexUploader } from "./use-convex-uploader";
import { useReplaceSearchParam } from "./use-wizard-step";
import type { CoverImage, ScreenshotIds } from "./use-screenshot-uploads";
import { EMPTY_WORK, type WorkFieldErrors, type WorkFormInput } from "./work-form-state";
import { WorkWizard } from "./work-wizard";

export const POSTED_MESSAGE = "作品を投稿しました！";
export const UPDATED_MESSAGE = "作品を更新しました";
export const EDIT_LOAD_FAILED_MESSAGE = "作品の読み込みに失敗しました";
export const DRAFT_NOT_FOUND_MESSAGE = "下書きが見つかりません";

/** /submit: post a work; ?edit={id} edits one; ?challengeId={id} names the challenge it is for. */
export function SubmitPage() {
  const [params] = useSearchParams();
  const editId = params.get("edit")?.trim() || null;
  const challengeId = params.get("challengeId")?.trim() || null;
  const { status } = useViewer();
  const title = editId ? "作品を編集" : "作品を投稿";

  let content;
  if (status === "loading") content = <LoadingState className="min-h-[50vh]" />;
  else if (status === "signedOut") content = <LeaveWithMessage message={WORK_MESSAGES.signInRequired} />;
  else {
    const banner = challengeId ? <ChallengeBanner id={challengeId} /> : undefined;
    content = editId ? (
      <QueryErrorBoundary resetKey={editId} fallback={() => <LeaveWithMessage message={EDIT_LOAD_FAILED_MESSAGE} />}>
        <EditWork key={editId} id={editId} banner={banner} />
      </QueryErrorBoundary>
    ) : (
      <NewWorkEntry banner={banner} challengeId={challengeId} />
    );
  }

  return (
    <PageContainer width="narrow" className="py-6 sm:py-10">
      <PageTitle title={title} />
      <header className="mb-6 sm:mb-8">
        <h1 className="text-2xl font-bold text-zinc-900 sm:text-3xl">{title}</h1>
        <p className="mt-2 text-sm text-zinc-600 sm:text-base">
          {editId ? "作品の内容を更新します。" : "AIと一緒に作った作品を、ギャラリーで紹介しましょう。"}
        </p>
      </header>
      {content}
    </PageContainer>
  );
}

/**
 * Shows the message and goes home (signed out, not the owner, missing work; docs/product.md
 * "Posting wizard").
 */
function LeaveWithMessage({ message }: { message: string }) {
  const toast = useToast();
  const navigate = useNavigate();
  // Once, even when React runs effects twice in development.
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    toast.error(message);
    void navigate(paths.home(), { replace: true });
  }, [message, navigate, toast]);
  return <LoadingState className="min-h-[50vh]" />;
}

/** Runs a post or update and turns a refusal into the toast and the fields' messages. */
function useSubmitHandler(failurePrefix: string) {
  const toast = useToast();
  return async (save: () => Promise<unknown>): Promise<WorkFieldErrors | null> => {
    try {
      await save();
      return null;
    } catch (error) {
      const { message, fields } = readServerError(error);
      toast.error(`${failurePrefix}${message}`);
      return fields;
    }
  };
}

function toServerScreenshots(screenshots: ScreenshotIds[]) {
  return screenshots.map((shot) => ({
    storageId: shot.storageId as Id<"_storage">,
    thumbnailStorageId: shot.thumbnailStorageId as Id<"_storage">,
  }));
}

/**
 * Posting: a draft named in the URL (?draft=…) is resumed; otherwise, when the person has
 * drafts, they choose first between the newest draft and a blank form.
 */
function NewWorkEntry({ banner, challengeId }: { banner: ReactNode; challengeId: string | null }) {
  const [params] = useSearchParams();
  // Chosen once on arrival; the draft id the wizard later puts in the URL changes nothing here.
  const [choice, setChoice] = useState<DraftChoice | null>(() => {
    const id = params.get("draft")?.trim();
    return id ? { kind: "draft", id } : null;
  });
  const drafts = useQuery(api.drafts.mine, choice ? "skip" : {});
  if (choice === null && drafts?.length === 0) setChoice({ kind: "blank" });

  const replaceParam = useReplaceSearchParam();
  const setDraftParam = useCallback((id: string | null) => replaceParam("draft", id), [replaceParam]);

  if (choice === null) {
    if (drafts === undefined || drafts.length === 0) return <LoadingState className="min-h-[50vh]" />;
    return (
      <DraftPrompt
        drafts={drafts}
        onResume={(id) => {
          setDraftParam(id);
          setChoice({ kind: "draft", id });
        }}
        onBlank={() => setChoice({ kind: "blank" })}
      />
    );
  }
  if (choice.kind === "blank") return <NewWork banner={banner} challengeId={challengeId} draft={null} onDraftCreated={setDraftParam} />;
  return (
    <DraftLoader
      id={choice.id}
      onMissing={() => {
        setDraftParam(null);
        setChoice({ kind: "blank" });
      }}
    >
      {(draft) => <NewWork banner={banner} challengeId={challengeId} draft={draft} onDraftCreated={setDraftParam} />}
    </DraftLoader>
  );
}

type DraftChoice = { kind: "draft"; id: string } | { kind: "blank" };
type LoadedDraft = NonNullable<FunctionReturnType<typeof api.drafts.get>>;

/** Loads a draft to resume; a missing one (deleted, posted, someone else's) says so and starts blank. */
function DraftLoader({ id, onMissing, children }: { id: string; onMissing: () => void; children: (draft: LoadedDraft) => ReactNode }) {
  const draft = useQuery(api.drafts.get, { id });
  const toast = useToast();
  const missing = draft === null;
  const reported = useRef(false);
  useEffect(() => {
    if (!missing || reported.current) return;
    reported.current = true;
    toast.error(DRAFT_NOT_FOUND_MESSAGE);
    onMissing();
  }, [missing, onMissing, toast]);
  // Only the first answer counts: later ones are this visit's own autosaves coming back.
  const [first, setFirst] = useState<LoadedDraft | null>(null);
  if (first === null && draft) setFirst(draft);
  if (!first) return <LoadingState label="下書きを読み込んでいます…" className="min-h-[50vh]" />;
  return <>{children(first)}</>;
}

function NewWork({
  banner,
  challengeId,
  draft,
  onDraftCreated,
}: {
  banner: ReactNode;
  challengeId: string | null;
  draft: LoadedDraft | null;
  onDraftCreated: (id: string) => void;
}) {
  const navigate = useNavigate();
  const toast = useToast();
  const uploader = useConvexUploader();
  const create = useMutation(api.projects.create);
  const saveDraft = useMutation(api.drafts.save);
  const discardDraft = useMutation(api.drafts.discard);
  const startShareCard = useShareCardSender();
  const enterChallenge = useEnterChallenge();
  const run = useSubmitHandler("投稿に失敗しました。");

  const wizardDraft = useMemo(
    () => ({
      id: draft?._id ?? null,
      save: (id: string | null, values: WorkFormInput, screenshots: ScreenshotIds[]) =>
        saveDraft({
          ...(id ? { id } : {}),
          ...values,
          screenshots: toServerScreenshots(screenshots),
        }),
      onCreated: onDraftCreated,
      discard: async (id: string) => {
        await discardDraft({ id });
      },
    }),
    [draft, saveDraft, discardDraft, onDraftCreated],
  );

  const submit = (values: WorkFormInput, screenshots: ScreenshotIds[], cover: CoverImage | null, draftId: string | null) =>
    run(async () => {
      const id = await create({
        ...values,
        screenshots: toServerScreenshots(screenshots),
        ...(draftId ? { draftId } : {}),
      });
      // The share card follows in the background: posting never waits for it.
      startShareCard({ workId: id, title: values.title, isZeroCode: values.isZeroCode, cover });
      if (challengeId) {
        await navigate(await enterChallenge(challengeId, id));
        return;
      }
      toast.success(POSTED_MESSAGE);
      await navigate(paths.project(id));
    });

  return (
    <WorkWizard
      mode="create"
      initialValues={draft?.values ?? EMPTY_WORK}
      initialScreenshots={(draft?.screenshots ?? []).map((shot) => ({
        kind: "existing" as const,
        key: `draft-${shot.storageId}`,
        storageId: shot.storageId,
        thumbnailStorageId: shot.thumbnailStorageId,
        url: shot.thumbnailUrl ?? shot.url,
        originalUrl: shot.url,
      }))}
      uploader={uploader}
      onSubmit={submit}
      onCancel={() => void navigate(paths.home())}
      banner={banner}
      draft={wizardDraft}
    />
  );
}

function EditWork({ id, banner }: { id: string; banner: ReactNode }) {
  const navigate = useNavigate();
  const toast = useToast();
  const uploader = useConvexUploader();
  const update = useMutation(api.projects.update);
  const startShareCard = useShareCardSender();
  const run = useSubmitHandler("更新に失敗しました。");
  const result = useQuery(api.projects.getForEdit, { id });

  if (result === undefined) return <LoadingState label="作品を読み込んでいます…" className="min-h-[50vh]" />;
  if (result.status === "notFound") return <LeaveWithMessage message={WORK_MESSAGES.editNotFound} />;
  if (result.status === "forbidden") return <LeaveWithMessage message={WORK_MESSAGES.editForbidden} />;
  const { work } = result;

  const submit = (values: WorkFormInput, screenshots: ScreenshotIds[], cover: CoverImage | null) =>
    run(async () => {
      const { isZeroCode: _permanent, ...edit } = values;
      await update({ id: work._id, ...edit, screenshots: toServerScreenshots(screenshots) });
      // A new card, in the background, when the old one no longer shows the work (or there is none yet).
      const before = { hasShareCard: work.hasShareCard, title: work.title, firstScreenshot: work.screenshots[0]?.storageId };
      if (editNeedsCard(before, { title: values.title, firstScreenshot: cover?.storageId })) {
        startShareCard({ workId: work._id, title: values.title, isZeroCode: work.isZeroCode, cover });
      }
      toast.success(UPDATED_MESSAGE);
      await navigate(paths.project(work._id));
    });

  return (
    <WorkWizard
      mode="edit"
      initialValues={{
        title: work.title,
        description: work.description,
        vibeDescription: work.vibeDescription,
        genre: work.genre,
        demoUrl: work.demoUrl,
        demoVideoUrl: work.demoVideoUrl,
        repositoryUrl: work.repositoryUrl,
        aiTools: work.aiTools,
        techStack: work.techStack,
        tags: work.tags,
        isZeroCode: work.isZeroCode,
      }}
      initialScreenshots={work.screenshots.map((shot, index) => ({
        kind: "existing" as const,
        key: `existing-${index}-${shot.storageId}`,
        storageId: shot.storageId,
        thumbnailStorageId: shot.thumbnailStorageId,
        url: shot.thumbnailUrl ?? shot.url,
        originalUrl: shot.url,
      }))}
      uploader={uploader}
      onSubmit={submit}
      onCancel={() => void navigate(paths.home())}
      banner={banner}
    />
  );
}

/**
 * Posting with a challenge (docs/product.md "Posting wizard"): the work exists, then it is entered.
 * Entered: to the challenge page. Refused: the work stays, the person is told why and lands on the
 * work.
 */
function useEnterChallenge() {
  const enter = useMutation(api.challenges.enter);
  const toast = useToast();
  return async (challengeId: string, projectId: Id<"projects">): Promise<string> => {
    try {
      await enter({ challengeId: challengeId as Id<"challenges">, projectId });
      toast.success(CHALLENGE_MESSAGES.postedAndEntered);
      return paths.challenge(challengeId);
    } catch (error) {
      toast.error(`${CHALLENGE_MESSAGES.postedEntryFailed}${readServerError(error).message}`);
      return paths.project(projectId);
    }
  };
}

/** The challenge a work is being posted for; says so when it no longer takes entries. */
function ChallengeBanner({ id }: { id: string }) {
  const challenge = useQuery(api.challenges.get, { id });
  if (!challenge) return null;
  return (
    <div className="flex items-start gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
      <Trophy aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-600" />
      <div className="min-w-0">
        <p className="text-xs font-semibold">チャレンジに参加</p>
        <p className="font-bold break-words">{challenge.title}</p>
        {challenge.status !== "active" && <p className="mt-1 text-sm">{CHALLENGE_MESSAGES.entriesClosed}（作品の投稿はできます）</p>}
      </div>
    </div>
  );
}

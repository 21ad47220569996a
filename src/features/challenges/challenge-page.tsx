import { useQuery } from "convex/react";
import { Trophy } from "lucide-react";
import { useParams } from "react-router-dom";
import { api } from "../../../convex/_generated/api";
import { CHALLENGE_MESSAGES } from "../../../convex/model/challengeTerms";
import { PageContainer } from "@/components/layout/page-container";
import { PageTitle } from "@/components/layout/page-title";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadingState } from "@/components/ui/spinner";
import { ContentMenu } from "@/components/moderation/content-menu";
import { ModerationBanner } from "@/components/moderation/moderation-banner";
import { UnavailableState } from "@/components/moderation/unavailable-state";
import { paths } from "@/config/paths";
import { ChallengeHeader } from "./detail/challenge-header";
import { ChallengeActions } from "./detail/challenge-actions";
import { EntriesGrid } from "./detail/entries-grid";
import { VotingRulesPanel } from "./detail/voting-rules-panel";
import { DecisionPanel } from "./detail/decision-panel";
import { JudgingPanel } from "./detail/judging-panel";

/** /challenges/{id}: the challenge, what the viewer may do there, and its entries, all live. */
export function ChallengePage() {
  const { id = "" } = useParams();
  const challenge = useQuery(api.challenges.detail, { id });
  if (challenge === undefined) return <LoadingState className="min-h-[50vh]" />;
  if (challenge === null) return <ChallengeNotFound />;
  if ("unavailable" in challenge) return <UnavailableChallenge />;
  const isOrganiser = challenge.viewer?.isOrganiser ?? false;
  return (
    <PageContainer className="flex flex-col gap-8 py-6 sm:py-10">
      <PageTitle title={challenge.title} />
      {challenge.moderation && (
        <ModerationBanner targetType="challenge" targetId={challenge._id} moderation={challenge.moderation} isAuthor={isOrganiser} />
      )}
      <ChallengeHeader
        challenge={challenge}
        actions={<ChallengeActions challenge={challenge} />}
        menu={<ContentMenu target={{ type: "challenge", id: challenge._id, label: challenge.title }} isOwn={isOrganiser} />}
      />
      <VotingRulesPanel challenge={challenge} />
      <JudgingPanel challenge={challenge} />
      <DecisionPanel challenge={challenge} />
      <EntriesGrid challenge={challenge} />
    </PageContainer>
  );
}

/** A hidden challenge seen by anyone but its organiser and the moderators. */
function UnavailableChallenge() {
  return (
    <UnavailableState
      title="このチャレンジは表示できません"
      description="このチャレンジは現在公開されていません。ほかのチャレンジもぜひご覧ください。"
      action={<ButtonLink to={paths.challenges()}>チャレンジ一覧へ</ButtonLink>}
    />
  );
}

function ChallengeNotFound() {
  return (
    <PageContainer width="narrow">
      <PageTitle title={CHALLENGE_MESSAGES.notFound} />
      <EmptyState
        headingLevel={1}
        icon={<Trophy aria-hidden />}
        title={CHALLENGE_MESSAGES.notFound}
        description="削除されたか、URLが間違っている可能性があります。"
        action={<ButtonLink to={paths.challenges()}>チャレンジ一覧へ</ButtonLink>}
      />
    </PageContainer>
  );
}

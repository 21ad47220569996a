import { useQuery } from "convex/react";
import { Trophy } from "lucide-react";
import { useParams } from "react-router-dom";
import { api } from "../../../convex/_generated/api";
import { CHALLENGE_MESSAGES } from "../../../convex/model/challengeRules";
import { PageContainer } from "@/components/layout/page-container";
import { PageTitle } from "@/components/layout/page-title";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadingState } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { ChallengeHeader } from "./detail/challenge-header";
import { ChallengeActions } from "./detail/challenge-actions";
import { EntriesGrid } from "./detail/entries-grid";

/** /challenges/{id}: the challenge, what the viewer may do there, and its entries, all live. */
export function ChallengePage() {
  const { id = "" } = useParams();
  const challenge = useQuery(api.challenges.detail, { id });
  if (challenge === undefined) return <LoadingState className="min-h-[50vh]" />;
  if (challenge === null) return <ChallengeNotFound />;
  return (
    <PageContainer className="flex flex-col gap-8 py-6 sm:py-10">
      <PageTitle title={challenge.title} />
      <ChallengeHeader challenge={challenge} actions={<ChallengeActions challenge={challenge} />} />
      <EntriesGrid challenge={challenge} />
    </PageContainer>
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

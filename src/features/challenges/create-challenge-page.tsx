import { useMutation } from "convex/react";
import { useNavigate } from "react-router-dom";
import { api } from "../../../convex/_generated/api";
import { SignedInOnly } from "@/components/auth/signed-in-only";
import { PageContainer } from "@/components/layout/page-container";
import { PageTitle } from "@/components/layout/page-title";
import { useToast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { ChallengeForm, type ChallengeFormProps } from "./challenge-form";
import { CHALLENGE_CREATED_MESSAGE, describeCreateFailure } from "./challenge-form-state";

/** /challenges/create: signed-in creators start a challenge, then land on its page. */
export function CreateChallengePage() {
  return (
    <>
      <PageTitle title="チャレンジを作成" />
      <SignedInOnly reason="チャレンジを作成するには">{() => <CreateChallenge />}</SignedInOnly>
    </>
  );
}

function CreateChallenge() {
  const navigate = useNavigate();
  const toast = useToast();
  const create = useMutation(api.challenges.create);

  const submit: ChallengeFormProps["onSubmit"] = async (values) => {
    try {
      const id = await create(values);
      toast.success(CHALLENGE_CREATED_MESSAGE);
      await navigate(paths.challenge(id));
      return null;
    } catch (error) {
      const failure = describeCreateFailure(error);
      toast.error(failure.toast);
      return failure.fields;
    }
  };

  return (
    <PageContainer width="narrow" className="py-6 sm:py-10">
      <header className="mb-6 sm:mb-8">
        <h1 className="text-2xl font-bold text-zinc-900 sm:text-3xl">チャレンジを作成</h1>
        <p className="mt-2 text-sm text-zinc-600 sm:text-base">テーマとルールを決めて、みんなに作品づくりを呼びかけましょう。</p>
      </header>
      <ChallengeForm onSubmit={submit} onCancel={() => void navigate(paths.challenges())} />
    </PageContainer>
  );
}

import { LogIn } from "lucide-react";
import type { ReactNode } from "react";
import { PageContainer } from "@/components/layout/page-container";
import { Card, CardContent } from "@/components/ui/card";
import { LoadingState } from "@/components/ui/spinner";
import { useViewer, type Viewer } from "@/lib/use-viewer";
import { SignInButton } from "./sign-in-button";

type SignedInOnlyProps = {
  /** Says what signing in unlocks here, e.g. "設定を変更するには". */
  reason: string;
  children: (viewer: Viewer) => ReactNode;
};

/**
 * Pages only a signed-in user can use. Signed-out visitors get a sign-in prompt in place
 * rather than a redirect: sign-in returns to this same URL, so there is no loop to fall into.
 */
export function SignedInOnly({ reason, children }: SignedInOnlyProps) {
  const { status, viewer } = useViewer();
  if (status === "loading") return <LoadingState className="min-h-[50vh]" />;
  if (status === "signedOut") return <SignInPrompt reason={reason} />;
  return children(viewer);
}

export function SignInPrompt({ reason }: { reason: string }) {
  return (
    <PageContainer width="narrow">
      <Card>
        <CardContent className="flex flex-col items-center gap-4 py-12 text-center">
          <div className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <LogIn aria-hidden className="size-6" />
          </div>
          <h1 className="text-xl font-bold text-zinc-900">ログインが必要です</h1>
          <p className="max-w-sm text-sm text-zinc-600">
            {reason}、Googleアカウントでログインしてください。ログイン後、このページに戻ります。
          </p>
          <SignInButton size="lg" />
        </CardContent>
      </Card>
    </PageContainer>
  );
}

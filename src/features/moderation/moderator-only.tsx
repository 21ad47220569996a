import type { ReactNode } from "react";
import { House, ShieldX } from "lucide-react";
import { SignInPrompt } from "@/components/auth/signed-in-only";
import { PageContainer } from "@/components/layout/page-container";
import { PageTitle } from "@/components/layout/page-title";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadingState } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { isModeratorRole } from "@/lib/moderation";
import { useViewer, type Viewer } from "@/lib/use-viewer";

export const MODERATORS_ONLY = "このページはモデレーター専用です";

/**
 * The desk's gate. The server refuses every moderation function to others anyway; this only
 * keeps the page calm: visitors are asked to sign in, members see a short 403-style page.
 */
export function ModeratorOnly({ children }: { children: (viewer: Viewer) => ReactNode }) {
  const { status, viewer } = useViewer();
  if (status === "loading") return <LoadingState className="min-h-[50vh]" />;
  if (status === "signedOut") {
    return (
      <>
        <PageTitle title="管理" />
        <SignInPrompt reason="モデレーションを行うには" />
      </>
    );
  }
  if (!isModeratorRole(viewer.role)) {
    return (
      <PageContainer width="narrow">
        <PageTitle title={MODERATORS_ONLY} />
        <EmptyState
          headingLevel={1}
          icon={<ShieldX aria-hidden />}
          title={MODERATORS_ONLY}
          description="このページを表示する権限がありません。通報した内容の状況は、設定の「通報の履歴」で確認できます。"
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <ButtonLink to={paths.home()}>
                <House aria-hidden />
                ホームへ
              </ButtonLink>
              <ButtonLink to={paths.settings()} variant="outline">
                設定を開く
              </ButtonLink>
            </div>
          }
        />
      </PageContainer>
    );
  }
  return children(viewer);
}

import { useAuthActions } from "@/lib/auth-actions";
import { useConvex, useMutation } from "convex/react";
import { useNavigate } from "react-router-dom";
import { api } from "../../../convex/_generated/api";
import { SignedInOnly } from "@/components/auth/signed-in-only";
import { PageContainer } from "@/components/layout/page-container";
import { PageTitle } from "@/components/layout/page-title";
import { useToast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { readServerError } from "@/lib/convex-error";
import type { Viewer } from "@/lib/use-viewer";
import { downloadTextFile } from "@/lib/download-file";
import { exportDocument, exportFileName } from "./export-data";
import { MutedUsersSection } from "./muted-users-section";
import { MyReportsSection } from "./my-reports-section";
import { SettingsView } from "./settings-view";

export function SettingsPage() {
  return (
    <>
      <PageTitle title="設定" />
      <SignedInOnly reason="設定を変更するには">
        {(viewer) => (
          <PageContainer width="narrow">
            <header className="mb-8">
              <h1 className="text-2xl font-bold text-zinc-900 sm:text-3xl">設定</h1>
              <p className="mt-2 text-sm text-zinc-600 sm:text-base">
                通知やプライバシー、ミュート・ブロック、アカウントの設定を変更できます。変更はすぐに保存されます。
              </p>
            </header>
            <SettingsContainer viewer={viewer} />
          </PageContainer>
        )}
      </SignedInOnly>
    </>
  );
}

function SettingsContainer({ viewer }: { viewer: Viewer }) {
  const toast = useToast();
  const convex = useConvex();
  const navigate = useNavigate();
  const { signOut } = useAuthActions();
  // The switch moves at once; Convex drops the optimistic value again if the save fails.
  const updateSettings = useMutation(api.users.updateSettings).withOptimisticUpdate((store, { settings }) => {
    const current = store.getQuery(api.users.viewer, {});
    if (current) store.setQuery(api.users.viewer, {}, { ...current, settings });
  });
  const deleteAccount = useMutation(api.account.deleteAccount);

  const signOutAndLeave = async () => {
    try {
      await signOut();
    } catch (error) {
      toast.error("ログアウトに失敗しました", readServerError(error).message);
      throw error;
    }
    await navigate(paths.home());
  };

  return (
    <SettingsView
      settings={viewer.settings}
      onSettingsChange={(settings) => {
        updateSettings({ settings }).catch((error: unknown) => {
          toast.error("設定の保存に失敗しました", readServerError(error).message);
        });
      }}
      onExport={async () => {
        try {
          // A one-off read: the export is a snapshot, not something to keep live.
          const data = await convex.query(api.account.exportData, {});
          const now = new Date();
          downloadTextFile(exportFileName(now), exportDocument(data, now), "application/json");
          toast.success("データをエクスポートしました");
        } catch (error) {
          toast.error("データのエクスポートに失敗しました", readServerError(error).message);
          throw error;
        }
      }}
      onSignOut={signOutAndLeave}
      mutedUsers={<MutedUsersSection />}
      myReports={<MyReportsSection />}
      onDeleteAccount={async (confirmation) => {
        try {
          await deleteAccount({ confirmation });
        } catch (error) {
          toast.error("アカウントの削除に失敗しました", readServerError(error).message);
          throw error;
        }
        // Home first: once the account is gone this page would only show its sign-in prompt.
        await navigate(paths.home(), { replace: true });
        // The session may already have been deleted with the account; then there is nothing to end.
        await signOut().catch(() => undefined);
      }}
    />
  );
}

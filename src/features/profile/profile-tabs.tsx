import { FilePen, Heart, LayoutGrid, Trophy } from "lucide-react";
import { useSearchParams } from "react-router-dom";
import type { Id } from "../../../convex/_generated/dataModel";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { AchievementStats } from "./achievements";
import { AchievementList } from "./achievement-list";
import { ProfileDrafts } from "./profile-drafts";
import { ProfileWorks } from "./profile-works";

export const PROFILE_TABS = ["works", "likes", "achievements", "drafts"] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** The tab in the URL (?tab=…), so a tab can be linked; unknown or hidden tabs fall back. */
export function tabFromParam(value: string | null, available: readonly ProfileTab[]): ProfileTab {
  const wanted = PROFILE_TABS.find((tab) => tab === value);
  return wanted && available.includes(wanted) ? wanted : available[0]!;
}

type ProfileTabsProps = {
  userId: Id<"users">;
  isOwner: boolean;
  /** Works and liked works are hidden from others when the creator chose so. */
  showWorks: boolean;
  stats: AchievementStats;
};

export function ProfileTabs({ userId, isOwner, showWorks, stats }: ProfileTabsProps) {
  const [params, setParams] = useSearchParams();
  const available: ProfileTab[] = [
    ...(showWorks ? (["works", "likes"] as const) : []),
    "achievements",
    // Drafts are the owner's alone.
    ...(isOwner ? (["drafts"] as const) : []),
  ];
  const tab = tabFromParam(params.get("tab"), available);
  const select = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === available[0]) updated.delete("tab");
        else updated.set("tab", next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  return (
    <Tabs value={tab} onValueChange={select}>
      <TabsList aria-label="プロフィールの内容">
        {showWorks && (
          <>
            <TabsTrigger value="works">
              <LayoutGrid aria-hidden />
              作品
            </TabsTrigger>
            <TabsTrigger value="likes">
              <Heart aria-hidden />
              いいねした作品
            </TabsTrigger>
          </>
        )}
        <TabsTrigger value="achievements">
          <Trophy aria-hidden />
          実績
        </TabsTrigger>
        {isOwner && (
          <TabsTrigger value="drafts">
            <FilePen aria-hidden />
            下書き
          </TabsTrigger>
        )}
      </TabsList>
      {showWorks && (
        <>
          <TabsContent value="works">
            <ProfileWorks userId={userId} kind="works" isOwner={isOwner} />
          </TabsContent>
          <TabsContent value="likes">
            <ProfileWorks userId={userId} kind="likes" isOwner={isOwner} />
          </TabsContent>
        </>
      )}
      <TabsContent value="achievements">
        <AchievementList stats={stats} />
      </TabsContent>
      {isOwner && (
        <TabsContent value="drafts">
          <ProfileDrafts />
        </TabsContent>
      )}
    </Tabs>
  );
}

import { Heart, Sparkles } from "lucide-react";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { LoadingState } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useToast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { ExampleLabel, StyleguideSection } from "./styleguide-section";

function WorkCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-2xl border border-zinc-200 bg-white">
      <Skeleton shape="square" className="aspect-[16/10]" />
      <div className="flex flex-col gap-2.5 p-4">
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-3 w-full" />
        <Skeleton className="h-3 w-4/5" />
        <div className="mt-2 flex items-center gap-2">
          <Skeleton shape="circle" className="size-6" />
          <Skeleton className="h-3 w-20" />
        </div>
      </div>
    </div>
  );
}

export function StatesSection() {
  const toast = useToast();
  return (
    <>
      <StyleguideSection id="tabs" title="タブ">
        <Tabs defaultValue="works">
          <TabsList aria-label="プロフィールの表示切り替え">
            <TabsTrigger value="works">作品</TabsTrigger>
            <TabsTrigger value="likes">いいねした作品</TabsTrigger>
            <TabsTrigger value="achievements">実績</TabsTrigger>
          </TabsList>
          <TabsContent value="works">
            <EmptyState
              icon={<Sparkles aria-hidden />}
              title="まだ作品がありません"
              description="AIと一緒につくった最初の作品を投稿してみましょう。"
              action={<ButtonLink to={paths.submit()}>最初の作品を投稿する</ButtonLink>}
            />
          </TabsContent>
          <TabsContent value="likes">
            <EmptyState
              icon={<Heart aria-hidden />}
              title="いいねした作品はまだありません"
              action={
                <ButtonLink to={paths.projects()} variant="outline">
                  作品を探す
                </ButtonLink>
              }
            />
          </TabsContent>
          <TabsContent value="achievements">
            <p className="rounded-xl bg-zinc-50 p-4 text-sm text-zinc-600">ゼロコードマスター（ゴールド）まで あと2作品（3/5）</p>
          </TabsContent>
        </Tabs>
      </StyleguideSection>

      <StyleguideSection id="states" title="空・読み込み中・エラー" muted>
        <div className="grid gap-6 lg:grid-cols-2">
          <div>
            <ExampleLabel>空の状態</ExampleLabel>
            <EmptyState title="条件に合う作品が見つかりません" description="キーワードやフィルターを変えてお試しください。" />
          </div>
          <div>
            <ExampleLabel>エラー</ExampleLabel>
            <ErrorState
              message="ネットワークに接続できませんでした"
              onRetry={() => toast.show({ title: "サンプルのため再読み込みは行いません" })}
            />
          </div>
          <div>
            <ExampleLabel>読み込み中</ExampleLabel>
            <div className="rounded-2xl border border-zinc-200 bg-white">
              <LoadingState />
            </div>
          </div>
          <div>
            <ExampleLabel>スケルトン</ExampleLabel>
            <div className="grid grid-cols-2 gap-3">
              <WorkCardSkeleton />
              <WorkCardSkeleton />
            </div>
          </div>
        </div>
      </StyleguideSection>
    </>
  );
}

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { WorkCard, type WorkCardData } from "@/components/works/work-card";
import { ExampleLabel, StyleguideSection } from "./styleguide-section";

const HOUR = 60 * 60 * 1000;

/** Sample data in the shape the gallery queries return. */
const sampleWork: Omit<WorkCardData, "_creationTime"> = {
  _id: "sample" as WorkCardData["_id"],
  title: "",
  description: "",
  genre: "other",
  aiTools: [],
  isZeroCode: false,
  likesCount: 0,
  commentsCount: 0,
  viewsCount: 0,
  thumbnailUrl: null,
  author: { _id: null, handle: null, displayName: "", photoUrl: null },
};

export function CardsSection({ now }: { now: number }) {
  return (
    <StyleguideSection id="cards" title="カード" muted>
      <div className="flex flex-col gap-8">
        <div>
          <ExampleLabel>基本のカード</ExampleLabel>
          <Card className="max-w-md">
            <CardHeader>
              <CardTitle>プロフィールを完成させましょう</CardTitle>
              <CardDescription>自己紹介とリンクを追加すると、ほかのクリエイターに見つけてもらいやすくなります。</CardDescription>
            </CardHeader>
            <CardContent>
              <div className="h-2 overflow-hidden rounded-full bg-zinc-100">
                <div className="bg-brand-gradient h-full w-3/5 rounded-full" />
              </div>
              <p className="mt-2 text-xs text-zinc-500">60% 完了</p>
            </CardContent>
            <CardFooter>
              <Button size="sm">続ける</Button>
              <Button size="sm" variant="ghost">
                あとで
              </Button>
            </CardFooter>
          </Card>
        </div>
        <div>
          <ExampleLabel>作品カード（ギャラリー用レイアウト）</ExampleLabel>
          <div className="grid gap-4 sm:grid-cols-2">
            <WorkCard
              now={now}
              work={{
                ...sampleWork,
                _creationTime: now - 3 * HOUR,
                title: "家計ダッシュボード",
                description: "レシートの写真を撮るだけで支出をグラフにしてくれる家計簿アプリ。bolt.new との対話だけで完成させました。",
                genre: "webapp",
                aiTools: ["bolt.new", "Claude"],
                isZeroCode: true,
                likesCount: 1284,
                commentsCount: 36,
                viewsCount: 15230,
                thumbnailUrl: "/styleguide/sample-screenshot.svg",
                author: { ...sampleWork.author, displayName: "Kenji Tanaka" },
              }}
            />
            <WorkCard
              now={now}
              work={{
                ...sampleWork,
                _creationTime: now - 4 * 24 * HOUR,
                title: "ことばパズル",
                description: "ひらがなを並べ替えて単語をつくる、小学生向けの学習ゲームです。",
                genre: "game",
                aiTools: ["ChatGPT", "v0", "Midjourney"],
                isZeroCode: false,
                likesCount: 87,
                commentsCount: 5,
                viewsCount: 912,
                thumbnailUrl: null,
                author: { ...sampleWork.author, displayName: "山本 遥" },
              }}
            />
          </div>
        </div>
      </div>
    </StyleguideSection>
  );
}

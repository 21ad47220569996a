import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { SampleWorkCard } from "./sample-work-card";
import { ExampleLabel, StyleguideSection } from "./styleguide-section";

const HOUR = 60 * 60 * 1000;

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
            <SampleWorkCard
              title="家計ダッシュボード"
              description="レシートの写真を撮るだけで支出をグラフにしてくれる家計簿アプリ。bolt.new との対話だけで完成させました。"
              author="Kenji Tanaka"
              authorId="user_kenji"
              genre="Webアプリ"
              tools={["bolt.new", "Claude"]}
              zeroCode
              likes={1284}
              comments={36}
              views={15230}
              createdAt={now - 3 * HOUR}
              now={now}
              thumbnailUrl="/styleguide/sample-screenshot.svg"
            />
            <SampleWorkCard
              title="ことばパズル"
              description="ひらがなを並べ替えて単語をつくる、小学生向けの学習ゲームです。"
              author="山本 遥"
              authorId="user_haruka"
              genre="ゲーム"
              tools={["ChatGPT", "v0", "Midjourney"]}
              zeroCode={false}
              likes={87}
              comments={5}
              views={912}
              createdAt={now - 4 * 24 * HOUR}
              now={now}
            />
          </div>
        </div>
      </div>
    </StyleguideSection>
  );
}

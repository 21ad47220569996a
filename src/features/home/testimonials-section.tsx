import { Quote } from "lucide-react";
import { Avatar } from "@/components/ui/avatar";

const testimonials = [
  {
    name: "佐藤 美咲",
    role: "UIデザイナー",
    quote:
      "コードは書けないけれど、v0との対話だけでポートフォリオサイトが完成しました。ここで公開したら、思いがけずたくさんの感想をもらえてうれしかったです。",
  },
  {
    name: "Kenji Tanaka",
    role: "個人開発者",
    quote: "ほかの人の「Vibe」を読むのが楽しみです。どんな対話で作ったのかが分かるので、自分の作品づくりのヒントになります。",
  },
  {
    name: "山本 遥",
    role: "小学校の先生",
    quote: "授業で使う計算ゲームをClaudeと一緒に作りました。ゼロコードのバッジがついたときは、子どもたちも大喜びでした。",
  },
] as const;

export function TestimonialsSection() {
  return (
    <section aria-labelledby="testimonials-heading" className="border-y border-zinc-200 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <p className="text-sm font-semibold text-brand-700">クリエイターの声</p>
        <h2 id="testimonials-heading" className="text-balance-ja mt-2 text-2xl font-bold text-zinc-900 sm:text-3xl">
          つくる楽しさを、分かち合う場所
        </h2>
        <ul className="mt-10 grid gap-4 md:grid-cols-3">
          {testimonials.map((person) => (
            <li key={person.name}>
              <figure className="flex h-full flex-col rounded-2xl border border-zinc-200 bg-zinc-50/60 p-6">
                <Quote aria-hidden className="size-6 text-brand-300" />
                <blockquote className="mt-3 flex-1 text-[0.9375rem] text-zinc-700">{person.quote}</blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <Avatar name={person.name} size="md" decorative />
                  <span className="flex flex-col leading-tight">
                    <span className="font-semibold text-zinc-900">{person.name}</span>
                    <span className="text-xs text-zinc-500">{person.role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

import { BadgeCheck, MessagesSquare, Upload } from "lucide-react";

const steps = [
  {
    icon: MessagesSquare,
    title: "AIと対話してつくる",
    body: "bolt.new、v0、Claude、ChatGPT など、好きなAIツールにアイデアを話しかけるところから始めましょう。",
  },
  {
    icon: Upload,
    title: "ギャラリーに投稿する",
    body: "スクリーンショットと、どんな対話でつくったかの「Vibe」を添えて公開。制作の裏側も作品の一部です。",
  },
  {
    icon: BadgeCheck,
    title: "ゼロコード宣言でバッジを獲得",
    body: "コードを一行も書かずに完成させた作品には、ゼロコードの証となる特別なバッジがつきます。",
  },
] as const;

const tools = ["bolt.new", "Lovable", "v0", "Cursor", "Replit Agent", "ChatGPT", "Claude", "Gemini", "GitHub Copilot", "Midjourney"];

export function ZeroCodeSteps() {
  return (
    <section aria-labelledby="steps-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
      <div className="max-w-2xl">
        <p className="text-sm font-semibold text-brand-700">ゼロコードのつくりかた</p>
        <h2 id="steps-heading" className="text-balance-ja mt-2 text-2xl font-bold text-zinc-900 sm:text-3xl">
          アイデアがあれば、それで十分。
        </h2>
        <p className="mt-3 text-zinc-600">プログラミングの経験は問いません。AIとの会話を重ねて生まれた作品を、みんなで見せ合いましょう。</p>
      </div>
      <ol className="mt-10 grid gap-4 md:grid-cols-3">
        {steps.map(({ icon: Icon, title, body }, index) => (
          <li key={title} className="rounded-2xl border border-zinc-200 bg-white p-6">
            <div className="flex items-center gap-3">
              <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon aria-hidden className="size-5" />
              </span>
              <span className="text-xs font-bold tracking-widest text-zinc-500">STEP {index + 1}</span>
            </div>
            <h3 className="mt-4 text-lg font-bold text-zinc-900">{title}</h3>
            <p className="mt-2 text-sm text-zinc-600">{body}</p>
          </li>
        ))}
      </ol>
      <div className="mt-10">
        <h3 className="text-sm font-semibold text-zinc-500">こんなAIツールでつくられた作品が集まっています</h3>
        <ul className="mt-3 flex flex-wrap gap-2">
          {tools.map((tool) => (
            <li key={tool} className="rounded-full border border-zinc-200 bg-white px-3.5 py-1.5 text-sm font-medium text-zinc-700">
              {tool}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

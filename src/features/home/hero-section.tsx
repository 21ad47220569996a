import { ArrowRight, Sparkles } from "lucide-react";
import { ButtonLink } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { HeroIllustration } from "./hero-illustration";
import { PostWorkLink } from "./post-work-link";

export function HeroSection() {
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden border-b border-zinc-200 bg-white">
      {/* Soft brand glow behind the copy; decoration only. */}
      <div
        aria-hidden
        className="pointer-events-none absolute -top-40 left-1/2 h-[28rem] w-[56rem] -translate-x-1/2 rounded-full bg-brand-gradient opacity-[0.08] blur-3xl"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.1fr_1fr] lg:py-24">
        <div>
          <p className="inline-flex items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700">
            <Sparkles aria-hidden className="size-3.5" />
            ゼロコードで生まれた作品のギャラリー
          </p>
          <h1
            id="hero-heading"
            className="text-balance-ja mt-5 text-[2.125rem] leading-[1.3] font-black text-zinc-900 sm:text-5xl sm:leading-[1.25]"
          >
            コードを書かずに、
            <br />
            アイデアを<span className="text-brand-gradient">カタチに。</span>
          </h1>
          <p className="mt-5 max-w-xl text-base text-zinc-600 sm:text-lg">
            {/* One string: a JSX line break would put a stray space between Japanese sentences. */}
            {"バイブギャラリーは、AIとの対話から生まれた作品を公開し、発見できるクリエイターコミュニティです。" +
              "ひとつのプロンプトから始まったアプリやゲーム、デザインを、つくった人のストーリーと一緒に楽しみましょう。"}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to={paths.projects()} size="lg">
              作品を探す
              <ArrowRight aria-hidden />
            </ButtonLink>
            <PostWorkLink variant="outline" />
          </div>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}

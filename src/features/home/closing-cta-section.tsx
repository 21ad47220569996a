import { ButtonLink } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { PostWorkLink } from "./post-work-link";

export function ClosingCtaSection() {
  return (
    <section aria-labelledby="closing-cta-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
      <div className="relative overflow-hidden rounded-3xl bg-zinc-900 px-6 py-12 text-center sm:px-12 sm:py-16">
        <div
          aria-hidden
          className="bg-brand-gradient pointer-events-none absolute -bottom-24 left-1/2 h-48 w-[40rem] -translate-x-1/2 rounded-full opacity-40 blur-3xl"
        />
        <h2 id="closing-cta-heading" className="text-balance-ja relative text-2xl font-bold text-white sm:text-3xl">
          あなたの「つくってみた」を、みんなに届けよう
        </h2>
        <p className="relative mx-auto mt-3 max-w-xl text-zinc-300">
          完成度は気にしなくて大丈夫。AIと一緒につくった作品なら、小さなツールでも大歓迎です。
        </p>
        <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <PostWorkLink />
          <ButtonLink
            to={paths.projects()}
            size="lg"
            variant="outline"
            // cn lets these replace the outline variant's light-surface colours.
            className="border-white/25 bg-white/5 text-white hover:border-white/40 hover:bg-white/10"
          >
            作品を探す
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

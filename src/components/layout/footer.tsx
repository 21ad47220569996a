import { Link } from "@/components/ui/link";
import { paths } from "@/config/paths";
import { SITE_NAME, SITE_NAME_EN, SITE_TAGLINE, supportMailtoHref } from "@/config/site";
import { LogoMark } from "./logo";

// inline-block with padding: a tap target of at least 24px high (WCAG 2.5.8), not just the text.
const linkClassName = "inline-block rounded py-1 text-sm text-zinc-600 transition-colors hover:text-zinc-900";

type FooterLink = { label: string; to: string } | { label: string; href: string };

const columns: readonly { heading: string; links: readonly FooterLink[] }[] = [
  {
    heading: "さがす・つくる",
    links: [
      { label: "作品を探す", to: paths.projects() },
      { label: "ランキング", to: paths.ranking() },
      { label: "チャレンジ", to: paths.challenges() },
      { label: "作品を投稿する", to: paths.submit() },
    ],
  },
  {
    heading: "サポート",
    links: [
      { label: "ヘルプ", to: paths.help() },
      { label: "お問い合わせ", href: supportMailtoHref() },
      { label: "スタイルガイド", to: paths.styleguide() },
    ],
  },
];

export function Footer() {
  return (
    <footer className="border-t border-zinc-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr]">
        <div className="flex flex-col gap-3">
          <div className="flex items-center gap-2.5">
            <LogoMark className="size-7" />
            <span className="font-bold text-zinc-900">{SITE_NAME}</span>
          </div>
          <p className="max-w-xs text-sm text-zinc-600">{SITE_TAGLINE}</p>
        </div>
        {columns.map((column) => (
          <nav key={column.heading} aria-label={column.heading}>
            <h2 className="text-xs font-bold tracking-wider text-zinc-500">{column.heading}</h2>
            <ul className="mt-2 flex flex-col">
              {column.links.map((link) => (
                <li key={link.label}>
                  {"to" in link ? (
                    <Link to={link.to} className={linkClassName}>
                      {link.label}
                    </Link>
                  ) : (
                    // mailto: is not an app route, so a plain anchor.
                    <a href={link.href} className={linkClassName}>
                      {link.label}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-zinc-100">
        {/* The prerendered HTML has the year it was built in; on New Year's Day hydration may
            meet a newer one, which is no error worth reporting. */}
        <p suppressHydrationWarning className="mx-auto max-w-6xl px-4 py-5 text-xs text-zinc-500 sm:px-6">
          © {new Date().getFullYear()} {SITE_NAME_EN}
        </p>
      </div>
    </footer>
  );
}

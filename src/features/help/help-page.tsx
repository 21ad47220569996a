import { Mail } from "lucide-react";
import { PageContainer } from "@/components/layout/page-container";
import { PageTitle } from "@/components/layout/page-title";
import { buttonClassName } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { SUPPORT_EMAIL, supportMailtoHref } from "@/config/site";
import { FaqAccordion } from "./faq-accordion";
import { faqItems } from "./faq-items";

export function HelpPage() {
  return (
    <PageContainer width="narrow">
      <PageTitle title="ヘルプ" />
      <header>
        <p className="text-sm font-semibold text-brand-700">ヘルプセンター</p>
        <h1 className="mt-1 text-3xl font-bold text-zinc-900 sm:text-4xl">ヘルプ</h1>
        <p className="mt-3 text-zinc-600">バイブギャラリーの使い方や、よくいただく質問をまとめました。</p>
      </header>

      <section aria-labelledby="faq-heading" className="mt-10">
        <h2 id="faq-heading" className="text-xl font-bold text-zinc-900">
          よくある質問
        </h2>
        <Card className="mt-4 px-5 sm:px-7">
          <FaqAccordion items={faqItems} />
        </Card>
      </section>

      <section aria-labelledby="contact-heading" className="mt-10">
        <Card className="overflow-hidden">
          <CardContent className="flex flex-col gap-5 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h2 id="contact-heading" className="text-lg font-bold text-zinc-900">
                解決しないときは
              </h2>
              <p className="mt-1 text-sm text-zinc-600">お気軽にメールでお問い合わせください。</p>
              <p className="mt-0.5 text-sm font-medium whitespace-nowrap text-zinc-800">{SUPPORT_EMAIL}</p>
            </div>
            <a href={supportMailtoHref()} className={buttonClassName({ size: "lg", className: "w-full sm:w-auto" })}>
              <Mail aria-hidden />
              メールで問い合わせる
            </a>
          </CardContent>
        </Card>
      </section>
    </PageContainer>
  );
}

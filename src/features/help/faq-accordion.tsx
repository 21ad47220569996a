import * as Accordion from "@radix-ui/react-accordion";
import { ChevronDown, ExternalLink } from "lucide-react";
import type { FaqItem } from "./faq-items";

/** Questions as buttons in headings (Radix), one answer open at a time. */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  return (
    <Accordion.Root type="single" collapsible className="divide-y divide-zinc-200">
      {items.map((item) => (
        <Accordion.Item key={item.id} value={item.id}>
          <Accordion.Header asChild>
            <h3>
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 rounded-lg py-5 text-left text-base font-semibold text-zinc-900 transition-colors hover:text-brand-700">
                <span className="flex items-start gap-3">
                  <span aria-hidden className="text-brand-gradient shrink-0 font-black whitespace-nowrap">
                    Q.
                  </span>
                  {item.question}
                </span>
                <ChevronDown
                  aria-hidden
                  className="size-5 shrink-0 text-zinc-400 transition-transform duration-200 group-data-[state=open]:rotate-180"
                />
              </Accordion.Trigger>
            </h3>
          </Accordion.Header>
          <Accordion.Content className="overflow-hidden data-[state=closed]:animate-accordion-up data-[state=open]:animate-accordion-down">
            <div className="flex flex-col gap-3 pb-6 pl-7 text-[0.9375rem] text-zinc-600">
              {item.answer.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              {item.link && (
                <a
                  href={item.link.href}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex w-fit items-center gap-1.5 rounded font-semibold text-brand-700 underline-offset-4 hover:underline"
                >
                  {item.link.label}
                  <ExternalLink aria-hidden className="size-3.5" />
                  <span className="sr-only">（新しいタブで開きます）</span>
                </a>
              )}
            </div>
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}

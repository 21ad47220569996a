import type { ReactNode } from "react";
import { EyeOff } from "lucide-react";
import { PageContainer } from "@/components/layout/page-container";
import { PageTitle } from "@/components/layout/page-title";
import { EmptyState } from "@/components/ui/empty-state";

/**
 * A hidden work or challenge seen by anyone but its author and the moderators: a calm page in
 * the same shell as "not found", saying no more than that it cannot be shown.
 */
export function UnavailableState({ title, description, action }: { title: string; description: string; action: ReactNode }) {
  return (
    <PageContainer width="narrow">
      <PageTitle title={title} />
      <EmptyState headingLevel={1} icon={<EyeOff aria-hidden />} title={title} description={description} action={action} />
    </PageContainer>
  );
}

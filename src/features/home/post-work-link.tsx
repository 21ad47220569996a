import { useConvexAuth } from "convex/react";
import { ButtonLink, type ButtonVariant } from "@/components/ui/button";
import { paths } from "@/config/paths";

/** 作品を投稿する: the submit form when signed in, the gallery otherwise (docs/product.md "Home"). */
export function PostWorkLink({ variant, className }: { variant?: ButtonVariant; className?: string }) {
  const { isAuthenticated } = useConvexAuth();
  return (
    <ButtonLink to={isAuthenticated ? paths.submit() : paths.projects()} variant={variant} size="lg" className={className}>
      作品を投稿する
    </ButtonLink>
  );
}

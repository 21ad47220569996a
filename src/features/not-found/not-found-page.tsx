import { ArrowLeft, House } from "lucide-react";
import { useLocation, useNavigate } from "react-router-dom";
import { PageContainer } from "@/components/layout/page-container";
import { PageTitle } from "@/components/layout/page-title";
import { Button, ButtonLink } from "@/components/ui/button";
import { paths } from "@/config/paths";

export function NotFoundPage() {
  const navigate = useNavigate();
  const location = useLocation();

  const goBack = () => {
    // "default" marks the first entry of this visit: going back would leave the site.
    if (location.key === "default") void navigate(paths.home());
    else void navigate(-1);
  };

  return (
    <PageContainer className="flex flex-col items-center text-center">
      <PageTitle title="ページが見つかりません" />
      <meta name="robots" content="noindex" />
      <p className="text-brand-gradient mt-10 text-7xl font-black tracking-tight sm:mt-14 sm:text-8xl">404</p>
      <h1 className="mt-4 text-2xl font-bold text-zinc-900 sm:text-3xl">ページが見つかりません</h1>
      <p className="text-balance-ja mt-3 max-w-md text-zinc-600">
        お探しのページは移動または削除されたか、URLが間違っている可能性があります。
      </p>
      <div className="mt-8 mb-10 flex w-full flex-col gap-3 sm:mb-14 sm:w-auto sm:flex-row">
        <ButtonLink to={paths.home()} size="lg">
          <House aria-hidden />
          ホームに戻る
        </ButtonLink>
        <Button variant="outline" size="lg" onClick={goBack}>
          <ArrowLeft aria-hidden />
          前のページに戻る
        </Button>
      </div>
    </PageContainer>
  );
}

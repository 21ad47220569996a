import { screen, waitFor, within } from "@testing-library/react";
import { useNavigate } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { LEAVE_GUARD_TITLE } from "@/components/leave-guard";
import { stubObjectUrls } from "@/test/files";
import { renderApp } from "@/test/render-app";
import { ProfileEditForm } from "./profile-edit-form";
import { savedValues } from "./profile-form.testkit";

/** The edit form as its page uses it: 戻る goes back, a save goes to the profile. */
function EditPage() {
  const navigate = useNavigate();
  return (
    <ProfileEditForm
      initialValues={savedValues}
      seed="user_1"
      currentPhotoUrl={null}
      canRemovePhoto={false}
      availability={undefined}
      onHandleCheck={vi.fn()}
      onSubmit={async () => {
        await navigate("/profile");
        return null;
      }}
      onLeave={() => void navigate(-1)}
    />
  );
}

const routes = [
  { path: "/", element: <h1>ホーム</h1> },
  { path: "/profile", element: <h1>プロフィール</h1> },
  { path: "/profile/edit", element: <EditPage /> },
];

async function editPlace() {
  const app = renderApp({ entries: ["/", "/profile/edit"], routes });
  await app.user.type(await screen.findByRole("textbox", { name: "場所" }), "渋谷区");
  return app;
}

describe("leaving /profile/edit with unsaved changes", () => {
  beforeEach(stubObjectUrls);

  it("the browser's Back asks first; staying keeps the change", async () => {
    const { user, router } = await editPlace();
    await router.navigate(-1);
    const dialog = await screen.findByRole("alertdialog", {
      name: LEAVE_GUARD_TITLE,
    });
    await user.click(within(dialog).getByRole("button", { name: "このページに留まる" }));
    expect(router.state.location.pathname).toBe("/profile/edit");
    expect(screen.getByRole("textbox", { name: "場所" })).toHaveValue("東京都渋谷区");
  });

  it("戻る → 破棄する leaves without asking a second time", async () => {
    const { user, router } = await editPlace();
    await user.click(screen.getByRole("button", { name: "戻る" }));
    await user.click(within(screen.getByRole("alertdialog", { name: "変更を破棄しますか？" })).getByRole("button", { name: "破棄する" }));
    expect(await screen.findByRole("heading", { name: "ホーム" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    expect(screen.queryByRole("alertdialog", { name: LEAVE_GUARD_TITLE })).not.toBeInTheDocument();
  });

  it("saving goes to the profile without asking", async () => {
    const { user, router } = await editPlace();
    await user.click(screen.getByRole("button", { name: "保存" }));
    expect(await screen.findByRole("heading", { name: "プロフィール" })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile"));
    expect(screen.queryByRole("alertdialog", { name: LEAVE_GUARD_TITLE })).not.toBeInTheDocument();
  });
});

// /authorize: GET validates the request and shows the chooser; POST takes the choice and sends the
// browser back to the app with a one-time code (or error=access_denied on cancel).
import type { IncomingMessage, ServerResponse } from "node:http";
import { renderChooserPage } from "./chooser-page.js";
import type { StandInContext } from "./context.js";
import type { AuthorizationRequest } from "./grants.js";
import { HttpError, readForm, redirect, sendHtml, singleParam } from "./http.js";
import {
  avatarUrl,
  DEMO_IDENTITIES,
  normalizeEmail,
  parseIdentity,
  profileClaims,
  type Identity,
  type IdentityErrors,
  type IdentityInput,
} from "./identity.js";
import { isValidChallenge } from "./pkce.js";
import { redirectUriProblem, withParams } from "./redirect-uri.js";

/**
 * An error that can be reported to the client by redirecting (RFC 6749 4.1.2.1): only once
 * client_id and redirect_uri are known to be good.
 */
class RedirectableError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export function handleAuthorizeGet(ctx: StandInContext, url: URL, res: ServerResponse): void {
  const params = url.searchParams;
  const { clientId, redirectUri } = checkClientAndRedirect(ctx, params);
  const state = singleParam(params, "state");
  let request: AuthorizationRequest;
  try {
    request = parseAuthorizationRequest(params, clientId, redirectUri, state);
  } catch (err) {
    if (!(err instanceof RedirectableError)) throw err;
    ctx.log(`authorize refused: ${err.error} (${err.description})`);
    redirect(res, withParams(redirectUri, { error: err.error, error_description: err.description, state, iss: ctx.issuer }));
    return;
  }
  const requestId = ctx.grants.addPending(request);
  sendHtml(res, 200, chooserPage(ctx, requestId, request, loginHintValues(request.loginHint)));
}

export async function handleAuthorizePost(ctx: StandInContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const form = await readForm(req);
  const requestId = singleParam(form, "request") ?? "";
  const request = ctx.grants.peekPending(requestId);
  if (!request) {
    throw new HttpError(
      400,
      "invalid_request",
      "この画面の有効期限が切れたか、すでに使われています (unknown or expired authorization request)",
    );
  }
  const back = (params: Record<string, string | undefined>) =>
    redirect(res, withParams(request.redirectUri, { ...params, state: request.state, iss: ctx.issuer }));

  const action = singleParam(form, "action");
  const account = singleParam(form, "account");
  if (action === "cancel") {
    ctx.grants.takePending(requestId);
    ctx.log("sign-in cancelled");
    back({ error: "access_denied" });
    return;
  }

  let identity: Identity;
  if (account !== undefined) {
    const demo = DEMO_IDENTITIES.find((d) => d.email === normalizeEmail(account));
    if (!demo) throw new HttpError(400, "invalid_request", "unknown demo account");
    identity = demo;
  } else if (action === "custom") {
    const input: IdentityInput = {
      name: form.get("name") ?? "",
      email: form.get("email") ?? "",
      picture: form.get("picture") ?? "",
    };
    const parsed = parseIdentity(input);
    if ("errors" in parsed) {
      // Same request id: the person fixes the fields and submits again.
      sendHtml(res, 400, chooserPage(ctx, requestId, request, input, parsed.errors));
      return;
    }
    identity = parsed.identity;
  } else {
    throw new HttpError(400, "invalid_request", "choose an account, submit the form, or cancel");
  }

  if (!ctx.grants.takePending(requestId)) {
    // Two submissions raced; only the first one gets a code.
    throw new HttpError(400, "invalid_request", "この画面はすでに使われています (authorization request already used)");
  }
  const claims = profileClaims(ctx.issuer, identity);
  const code = ctx.grants.issueCode({ ...request, claims });
  ctx.log(`signed in as ${claims.name} <${claims.email}> (sub ${claims.sub})`);
  back({ code, scope: request.scope });
}

/** client_id and redirect_uri errors are shown here, never redirected (RFC 6749 4.1.2.1). */
function checkClientAndRedirect(ctx: StandInContext, params: URLSearchParams): { clientId: string; redirectUri: string } {
  const clientId = singleParam(params, "client_id");
  if (!clientId) throw new HttpError(400, "invalid_request", "client_id is required");
  if (ctx.client.clientId !== undefined && clientId !== ctx.client.clientId) {
    // Google answers an unknown client with "Error 401: invalid_client" on its own page.
    throw new HttpError(401, "invalid_client", `unknown client_id ${clientId}`);
  }
  const redirectUri = singleParam(params, "redirect_uri");
  if (!redirectUri) throw new HttpError(400, "invalid_request", "redirect_uri is required");
  const problem = redirectUriProblem(redirectUri);
  if (problem) throw new HttpError(400, "invalid_request", problem);
  return { clientId, redirectUri };
}

function parseAuthorizationRequest(
  params: URLSearchParams,
  clientId: string,
  redirectUri: string,
  state: string | undefined,
): AuthorizationRequest {
  const responseType = singleParam(params, "response_type");
  if (responseType !== "code") {
    throw new RedirectableError("unsupported_response_type", "only response_type=code is supported");
  }
  const responseMode = singleParam(params, "response_mode");
  if (responseMode !== undefined && responseMode !== "query") {
    throw new RedirectableError("invalid_request", "only response_mode=query is supported");
  }
  const scope = singleParam(params, "scope") ?? "";
  if (!scope.split(" ").includes("openid")) {
    throw new RedirectableError("invalid_scope", "scope must include openid");
  }
  // PKCE is required: Convex Auth always sends it, and a stand-in that insists catches a client
  // configuration that silently dropped it.
  const codeChallenge = singleParam(params, "code_challenge");
  const method = singleParam(params, "code_challenge_method");
  if (!codeChallenge) throw new RedirectableError("invalid_request", "code_challenge (PKCE) is required");
  if (method !== "S256") throw new RedirectableError("invalid_request", "code_challenge_method must be S256");
  if (!isValidChallenge(codeChallenge)) throw new RedirectableError("invalid_request", "code_challenge is malformed");
  const nonce = singleParam(params, "nonce");
  const loginHint = singleParam(params, "login_hint");
  return {
    clientId,
    redirectUri,
    scope,
    codeChallenge,
    ...(state !== undefined ? { state } : {}),
    ...(nonce !== undefined ? { nonce } : {}),
    ...(loginHint !== undefined ? { loginHint } : {}),
  };
}

/** login_hint pre-fills the typed form unless it names a demo account, which is one click away. */
function loginHintValues(loginHint: string | undefined): IdentityInput {
  if (!loginHint) return {};
  const isDemo = DEMO_IDENTITIES.some((d) => d.email === normalizeEmail(loginHint));
  return isDemo ? {} : { email: loginHint };
}

function chooserPage(
  ctx: StandInContext,
  requestId: string,
  request: AuthorizationRequest,
  values: IdentityInput,
  errors?: IdentityErrors,
): string {
  return renderChooserPage({
    requestId,
    destination: new URL(request.redirectUri).host,
    accounts: DEMO_IDENTITIES.map((d) => ({ name: d.name, email: d.email, picture: d.picture ?? avatarUrl(ctx.issuer, d) })),
    values,
    ...(errors ? { errors } : {}),
  });
}

/**
 * /household: the cook's household (name, members, open invitations), an invitation's preview when they came by a
 * link (`?invite=<token>`), and what its forms post: rename, invite (a link, or by email), withdraw, join, leave,
 * and the owner's remove and make-owner. Plain forms answered with a redirect and a flash, except a new link, which
 * the screen shows once (data). The route module imports only this server module (decision 069).
 */
import { data } from "@remix-run/node";
import { formatDayMonthYear } from "~/domain/dates";
import { safeRedirectPath } from "~/domain/auth-messages";
import { HOUSEHOLD_MESSAGES } from "~/domain/household";
import { parseId } from "~/domain/ids";
import { requireCook, type MemberCook } from "./cook.server";
import {
  createInvite,
  householdOf,
  joinHousehold,
  leaveHousehold,
  openInvites,
  passOwnership,
  previewJoin,
  removeMember,
  renameHousehold,
  revokeInvite,
  setSuggestForEveryone,
} from "./household.server";
import { readForm } from "./request.server";
import { redirectWithFlash } from "./session.server";

const SCREEN = "/household";
const MAX_TOKEN_LENGTH = 200;

function tokenOf(value: unknown): string | null {
  return typeof value === "string" && value && value.length <= MAX_TOKEN_LENGTH ? value : null;
}

export async function householdScreen(request: Request) {
  const cook = await requireCook(request);
  const token = tokenOf(new URL(request.url).searchParams.get("invite"));
  const [household, invites, preview] = await Promise.all([
    householdOf(cook),
    openInvites(cook),
    token ? previewJoin(cook, token) : null,
  ]);
  const me = household.members.find((member) => member.user_id === cook.userId);
  return {
    household,
    userId: cook.userId,
    isOwner: me?.role === "owner",
    invites: invites.map((invite) => ({ ...invite, expires: formatDayMonthYear(invite.expiresAt) })),
    invite: token && preview ? { token, preview } : null,
  };
}

const back = (result: { ok: boolean; message: string }, to = SCREEN) =>
  redirectWithFlash(to, { type: result.ok ? "success" : "error", message: result.message });

async function invite(cook: MemberCook, formData: FormData) {
  const made = await createInvite(cook, { email: formData.get("email") ?? undefined });
  if (!made.ok) return data({ made: null, error: made.message }, { status: made.status });
  if (formData.get("email")) return back(made);
  return data({ made: { ...made.invite, expires: formatDayMonthYear(made.invite.expires_at) }, error: null });
}

export async function changeHousehold(request: Request): Promise<Response | ReturnType<typeof data>> {
  const cook = await requireCook(request);
  const formData = await readForm(request);
  const member = parseId(String(formData.get("member") ?? ""));
  switch (formData.get("intent")) {
    case "rename":
      return back(await renameHousehold(cook, formData.get("name")));
    case "invite":
      return invite(cook, formData);
    case "revoke": {
      const id = parseId(String(formData.get("invite") ?? ""));
      return back(
        id === null ? { ok: false, message: HOUSEHOLD_MESSAGES.inviteUnknown } : await revokeInvite(cook, { id })
      );
    }
    case "join": {
      const joined = await joinHousehold(cook, tokenOf(formData.get("token")));
      return back(joined);
    }
    case "leave":
      return back(await leaveHousehold(cook));
    case "for-everyone":
      return back(
        await setSuggestForEveryone(cook, formData.get("on") === "true"),
        safeRedirectPath(formData.get("back"), SCREEN)
      );
    case "remove":
    case "make-owner": {
      if (member === null) return back({ ok: false, message: HOUSEHOLD_MESSAGES.notMember });
      const change = formData.get("intent") === "remove" ? removeMember : passOwnership;
      return back(await change(cook, member));
    }
    default:
      return back({ ok: false, message: "Unknown action." });
  }
}

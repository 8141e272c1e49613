import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Flash, FormMessage } from "~/components/flash";
import { ScreenHeader } from "~/components/screen-header";
import { useFormBusy } from "~/components/use-form-busy";
import { changeHousehold, householdScreen } from "~/services/household-screen.server";

export const meta: MetaFunction = () => [{ title: "Household · Recipe Helper" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return householdScreen(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return changeHousehold(request);
}

type Screen = ReturnType<typeof useLoaderData<typeof loader>>;

function Submit({
  intent,
  idle,
  busy,
  className = "button button-secondary",
  extra,
}: {
  intent: string;
  idle: string;
  busy: string;
  className?: string;
  extra?: [string, string];
}) {
  // the label of a submit button: its pending wording while its own form is being sent
  const pending = useFormBusy({ fields: { intent, ...(extra && { [extra[0]]: extra[1] }) } });
  return (
    <button type="submit" name="intent" value={intent} className={className} disabled={pending}>
      {pending ? busy : idle}
    </button>
  );
}

function JoinPreview({ invite }: { invite: NonNullable<Screen["invite"]> }) {
  const { preview, token } = invite;
  if (!preview.ok) {
    return (
      <section className="household-section household-join" aria-labelledby="join-title">
        <h2 id="join-title">Join a household</h2>
        <FormMessage type="error" message={preview.message} />
      </section>
    );
  }
  const { merge } = preview;
  return (
    <section className="household-section household-join" aria-labelledby="join-title">
      <h2 id="join-title">Join {preview.household.name}?</h2>
      <p>
        Members: {preview.household.members.map((member) => member.username).join(", ")}. You will share one pantry, one
        shopping list and one food log with them.
      </p>
      {preview.leavesOthers ? (
        <p>You will leave your current household: its pantry, list and log stay with its other members.</p>
      ) : (
        <>
          <p>Your pantry, shopping list and food log come with you:</p>
          <ul className="household-merge">
            {merge.added.length > 0 ? <li>New in their pantry: {merge.added.join(", ")}</li> : null}
            {merge.combined.length > 0 ? <li>Already there, combined: {merge.combined.join("; ")}</li> : null}
            {merge.notCarried.length > 0 ? (
              <li>Left out, their pantry is full: {merge.notCarried.join(", ")}</li>
            ) : null}
            {merge.added.length + merge.combined.length === 0 ? <li>Your pantry is empty.</li> : null}
            <li>
              {preview.shoppingAdded} shopping list {preview.shoppingAdded === 1 ? "item" : "items"} and{" "}
              {preview.foodLogEntries} food log {preview.foodLogEntries === 1 ? "entry" : "entries"}
            </li>
          </ul>
        </>
      )}
      <Form method="post" action="/household">
        <input type="hidden" name="token" value={token} />
        <Submit
          intent="join"
          idle={`Join ${preview.household.name}`}
          busy="Joining..."
          className="button button-primary"
        />
      </Form>
    </section>
  );
}

export default function HouseholdScreen() {
  const { household, userId, isOwner, invites, invite } = useLoaderData<typeof loader>();
  const made = useActionData<typeof action>();
  const alone = household.members.length === 1;
  return (
    <main className="household">
      <ScreenHeader back="/account" backLabel="Back" title="Household" />
      <Flash />
      {invite ? <JoinPreview invite={invite} /> : null}
      <section className="household-section" aria-labelledby="household-name">
        <h2 id="household-name">{household.name}</h2>
        <p className="field-hint">Everyone here shares one pantry, one shopping list and one food log.</p>
        <Form method="post" action="/household" className="household-inline">
          <div className="field">
            <label htmlFor="household-name-input">Household name</label>
            <input id="household-name-input" name="name" defaultValue={household.name} maxLength={60} required />
          </div>
          <Submit intent="rename" idle="Rename" busy="Saving..." />
        </Form>
      </section>
      <section className="household-section" aria-labelledby="members-title">
        <h2 id="members-title">Members</h2>
        <ul className="household-members">
          {household.members.map((member) => (
            <li key={member.user_id}>
              <span className="household-member-name">
                {member.username}
                {member.user_id === userId ? " (you)" : ""}
              </span>
              <span className="household-member-role">{member.role === "owner" ? "Owner" : "Member"}</span>
              {isOwner && member.user_id !== userId ? (
                <Form method="post" action="/household" className="household-member-actions">
                  <input type="hidden" name="member" value={String(member.user_id)} />
                  <Submit
                    intent="make-owner"
                    idle="Make owner"
                    busy="Saving..."
                    extra={["member", String(member.user_id)]}
                  />
                  <Submit
                    intent="remove"
                    idle={`Remove ${member.username}`}
                    busy="Removing..."
                    className="button button-danger"
                    extra={["member", String(member.user_id)]}
                  />
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <section className="household-section" aria-labelledby="invite-title">
        <h2 id="invite-title">Invite</h2>
        <p className="field-hint">An invitation works once, for 7 days.</p>
        <FormMessage type="error" message={made?.error} />
        {made?.made ? (
          <div className="household-link">
            <label htmlFor="invite-link">Invitation link (until {made.made.expires})</label>
            <input id="invite-link" readOnly value={made.made.invite_url} onFocus={(event) => event.target.select()} />
          </div>
        ) : null}
        <Form method="post" action="/household">
          <Submit intent="invite" idle="Make an invitation link" busy="Making..." className="button button-primary" />
        </Form>
        <Form method="post" action="/household" className="household-inline">
          <div className="field">
            <label htmlFor="invite-email">Invite by email</label>
            <input id="invite-email" name="email" type="email" autoComplete="off" required maxLength={254} />
          </div>
          <Submit intent="invite" idle="Send invitation" busy="Sending..." />
        </Form>
        {invites.length > 0 ? (
          <ul className="household-invites" aria-label="Open invitations">
            {invites.map((open) => (
              <li key={open.id}>
                <span>
                  {open.email ? `To ${open.email}` : "Link"} by {open.createdBy}, until {open.expires}
                </span>
                <Form method="post" action="/household">
                  <input type="hidden" name="invite" value={String(open.id)} />
                  <Submit intent="revoke" idle="Withdraw" busy="Withdrawing..." extra={["invite", String(open.id)]} />
                </Form>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      {alone ? null : (
        <section className="household-section" aria-labelledby="leave-title">
          <h2 id="leave-title">Leave</h2>
          <p>
            Leaving takes nothing with you: the pantry, list and log stay here, and you start again with an empty
            household of your own.
          </p>
          <Form method="post" action="/household">
            <Submit intent="leave" idle="Leave household" busy="Leaving..." className="button button-danger" />
          </Form>
        </section>
      )}
    </main>
  );
}

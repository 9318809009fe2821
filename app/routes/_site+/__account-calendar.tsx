import { Form } from "@remix-run/react";
import { AccountSection } from "~/components/account-section";
import { SubmitButton } from "./__account-forms";

// The student's private calendar feed on their account page: the address to
// subscribe to, and a button (a plain form post) for a new one.

export type CalendarFeedShown = { address: string | null; since: string | null } | null;

export function CalendarFeedSection({ feed }: { feed: CalendarFeedShown }) {
  if (!feed) return null;
  return (
    <AccountSection id="calendar-feed-heading" title="Calendar feed">
      <p className="text-slate-700">
        Your batch&apos;s live classes in your own calendar, kept up to date: a moved class moves there too, and a cancelled one is marked
        cancelled. Add the address below in Google Calendar (Other calendars, From URL), Apple Calendar (File, New Calendar Subscription) or
        Outlook (Add calendar, Subscribe from web).
      </p>
      {feed.address ? (
        <>
          <label htmlFor="calendar-feed-address" className="mt-4 block font-medium text-slate-900">
            Your private address
          </label>
          <input
            id="calendar-feed-address"
            readOnly
            value={feed.address}
            className="mt-1 w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
          />
          <p className="mt-2 text-sm text-slate-600">
            Made {feed.since}. Keep it to yourself: anyone who has it can read your class timetable. If it got out, get a new one: the old
            address stops working at once.
          </p>
          <Form method="post" className="mt-4">
            <SubmitButton intent="new-calendar-address" label="Get a new address" pendingLabel="Making..." tone="outline" />
          </Form>
        </>
      ) : (
        <Form method="post" className="mt-4">
          <SubmitButton intent="new-calendar-address" label="Get your calendar address" pendingLabel="Making..." tone="outline" />
        </Form>
      )}
    </AccountSection>
  );
}

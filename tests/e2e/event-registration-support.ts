import { provideMakeEvent, type MakeEvent } from "../support/rows";
import { test as base } from "./fixtures";

// The registration spec's fixture: events of the test's own.

/**
 * `makeEvent`: an event of the test's own (a seat limit, or a start to move),
 * deleted with its registrations when the test ends.
 */
export const test = base.extend<{ makeEvent: MakeEvent }>({
  makeEvent: async ({}, use) => provideMakeEvent(use),
});

export {
  addRegistration,
  failRegistrationsOf,
  moveEventStart,
  openSeedEvents,
  pastSeedEvent,
  storedRegistrations,
  type ApiEvent,
  type StoredRegistration,
  type TestEvent,
} from "../support/rows";
export { expect } from "./fixtures";

// What the sign-ins module tells the others after commit (server/modules/shared/events.ts; wired in server/subscriptions.ts).
import type { SignedIn } from './sessions.ts';

export type SignInsEvents = {
  /** A sign-in is recorded and linked: compliance's device rules; awaited before the login answers. */
  SignedIn: SignedIn;
};

// The web host's page is fetched by a browser navigation, which carries no session header: the first screen (rows of
// this person's catalog) is rendered into it only for a one-time ticket in the address the sign-in file opens, so
// another local user or program asking for "/" gets the plain shell and learns nothing of the catalog.
import { OneTimeTokens } from "./security";

/** Tickets live at once (one per sign-in address given out); past this, the oldest unused dies. */
const MAX_LIVE_TICKETS = 8;

/** One-time tickets for a page with its first screen in it. */
export const firstScreenTickets = (): OneTimeTokens => new OneTimeTokens(MAX_LIVE_TICKETS);

// The web host's page is fetched by a browser navigation, which carries no session header: the first screen (rows of
// this person's catalog) is rendered into it only for a one-time ticket in the address the sign-in file opens, so
// another local user or program asking for "/" gets the plain shell and learns nothing of the catalog.
import { createToken, tokenMatches } from "./security";

/** The query parameter that carries a ticket. */
export const FIRST_SCREEN_PARAM = "first";

/** One-time tickets for a page with its first screen in it. */
export class FirstScreenTickets {
  readonly #live = new Set<string>();
  static readonly MAX_LIVE = 8;

  /** A new ticket (the oldest unused one dies past MAX_LIVE). */
  issue(): string {
    const ticket = createToken();
    this.#live.add(ticket);
    if (this.#live.size > FirstScreenTickets.MAX_LIVE) this.#live.delete(this.#live.values().next().value!);
    return ticket;
  }

  /** True once for a live ticket (which dies now); false for anything else. */
  take(presented: string | null): boolean {
    if (presented === null) return false;
    let found: string | null = null;
    for (const ticket of this.#live) if (tokenMatches(presented, ticket)) found = ticket;
    if (found === null) return false;
    this.#live.delete(found);
    return true;
  }
}

/**
 * A request the app refuses with a message the user sees (from the catalogue) and the HTTP status to answer with.
 * Each area names its own subclass and the statuses it may answer, so a route's catch knows whose refusal it has.
 */
export class Refusal<Status extends number = number> extends Error {
  constructor(
    message: string,
    readonly status: Status,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Why a run's AbortSignal fired; the processor answers each differently. */
export class StopRequested extends Error {
  constructor() {
    super("The user stopped the reply");
    this.name = "StopRequested";
  }
}

export class ShuttingDown extends Error {
  constructor() {
    super("The worker is shutting down");
    this.name = "ShuttingDown";
  }
}

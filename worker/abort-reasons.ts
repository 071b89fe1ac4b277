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

/** The run's job lock is gone (it lapsed, and the job was or will be given to another run). */
export class LockLost extends Error {
  constructor() {
    super("The job's lock was lost");
    this.name = "LockLost";
  }
}

/**
 * Named gates that hold a streamed reply part-way until a test opens them. A test that must act while a reply
 * is still streaming (reload it, open a second tab) holds the reply instead of hoping it is slow enough:
 * on a busy machine no token pace is slow enough.
 */
export class Gates {
  private readonly gates = new Map<string, { opened: Promise<void>; open: () => void }>();

  private gate(name: string) {
    let gate = this.gates.get(name);
    if (!gate) {
      let open = () => {};
      const opened = new Promise<void>((resolve) => (open = resolve));
      gate = { opened, open };
      this.gates.set(name, gate);
    }
    return gate;
  }

  /** Resolves once `open(name)` has been called, before or after this call. */
  opened(name: string): Promise<void> {
    return this.gate(name).opened;
  }

  open(name: string) {
    this.gate(name).open();
  }
}

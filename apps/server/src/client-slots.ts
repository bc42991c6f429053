import { TooManyRequestsError } from './domain-errors.ts';

/**
 * Counts the work each client (an account id, or an address for guests) has running; `enter`
 * refuses past the limit with 429, so that one client cannot hold the server.
 */
export class ClientSlots {
  private readonly running = new Map<string | number, number>();
  constructor(
    private readonly limit: number,
    private readonly busy: string,
  ) {}

  /** Takes a slot for `client`; the answer gives it back (once, however often it is called). */
  enter(client: string | number): () => void {
    const count = this.running.get(client) ?? 0;
    if (count >= this.limit) throw new TooManyRequestsError(this.busy, 5);
    this.running.set(client, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(client) ?? 1) - 1;
      if (left <= 0) this.running.delete(client);
      else this.running.set(client, left);
    };
  }
}

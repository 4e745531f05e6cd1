// The two things every store slice does by hand otherwise: merge into its own object in the one
// app store, and drop answers to requests a newer one (or a direct set) has overtaken.

/** `patch({ loaded: true })` merges into `state[key]`, the slice's own object. */
export function slicePatch<S, K extends keyof S>(
  set: (update: (state: S) => Partial<S>) => void,
  key: K,
): (part: Partial<S[K]>) => void {
  return (part) => set((state) => ({ [key]: { ...state[key], ...part } }) as unknown as Partial<S>);
}

/** Requests of one kind where only the newest answer counts: older ones arriving late are dropped. */
export class Latest {
  private token = 0;

  /** A new request; its answer counts while `isCurrent(token)`. */
  next(): number {
    return ++this.token;
  }

  /** The newest request's token (a follow-up that belongs to it). */
  get current(): number {
    return this.token;
  }

  isCurrent(token: number): boolean {
    return token === this.token;
  }

  /** What is shown was set another way: answers still on their way are stale. */
  supersede(): void {
    this.token++;
  }
}

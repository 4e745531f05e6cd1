// Preloaded (node --import) into OpenClaw's CLI by the generator: Date reads a frozen clock, so the
// recency decay OpenClaw computes is reproducible. Timers are untouched.
const frozen = Date.parse(process.env.MEMLENS_FIXED_NOW ?? '');
if (Number.isFinite(frozen)) {
  const RealDate = Date;
  class FixedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(frozen);
      else super(...args);
    }
    static now() {
      return frozen;
    }
  }
  globalThis.Date = FixedDate;
}

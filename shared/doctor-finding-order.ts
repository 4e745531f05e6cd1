// The order a summary names the doctor's finding kinds in: what most needs a look first (the status
// bar and the CLI). Apart from doctor-schemas.ts so the window reads seven words without building
// the doctor's schemas while it loads; doctor-schemas.ts checks they are its kinds.
export const FINDING_KIND_ORDER = [
  'conflict',
  'duplicate',
  'secret',
  'budget',
  'index',
  'never-used',
  'dreaming',
] as const;

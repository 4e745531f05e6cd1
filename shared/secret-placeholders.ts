// What a secret's value becomes, apart from secret-calls.ts so the window shows these words without
// building the secrets calls' schemas (and the contract's) while it loads.

/** The placeholder a replace writes when none is given. */
export const DEFAULT_SECRET_PLACEHOLDER = '<in password manager>';

/** What a value purged from history becomes in every copy the app keeps (historyPurgeSecret's default). */
export const PURGED_PLACEHOLDER = '<purged secret>';

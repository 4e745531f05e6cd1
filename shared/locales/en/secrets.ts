// The secrets feature's words in English.
export const secrets = {};

// The search feature's words in English.
export const search = {};

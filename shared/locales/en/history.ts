// The history feature's words in English.
export const history = {};

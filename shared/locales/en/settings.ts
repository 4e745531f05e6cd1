// The settings feature's words in English.
export const settings = {};

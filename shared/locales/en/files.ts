// The files feature's words in English.
export const files = {};

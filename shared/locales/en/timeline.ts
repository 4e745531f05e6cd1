// The timeline feature's words in English.
export const timeline = {};

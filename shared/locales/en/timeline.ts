// The timeline feature's words in English.
export const timeline = {
  jump: {
    label: 'Go to a date',
    placeholder: 'Go to: Feb 5, 2月5日, 前天, last week',
    notADate: 'No date in “{{text}}”',
    went: '“{{text}}” → {{from}}',
    wentPeriod: '“{{text}}” → {{from}} – {{to}}',
  },
};

import type { timeline as en } from '../en/timeline.js';
import type { Translation } from '../translation.js';

export const timeline: Translation<typeof en> = {
  jump: {
    label: '跳到日期',
    placeholder: '跳到：2月5日、前天、上周、Feb 5',
    notADate: '“{{text}}”里没有日期',
    went: '“{{text}}” → {{from}}',
    wentPeriod: '“{{text}}” → {{from}} – {{to}}',
  },
};

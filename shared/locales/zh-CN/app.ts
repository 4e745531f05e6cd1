import type { app as en } from '../en/app.js';
import type { Translation } from '../translation.js';

export const app: Translation<typeof en> = {
  language: {
    label: '语言',
    system: '跟随系统（{{language}}）',
    en: 'English',
    'zh-CN': '简体中文',
  },
};

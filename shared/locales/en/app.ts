// The app shell's words in English: the source every other language translates.
export const app = {
  language: {
    label: 'Language',
    system: 'System ({{language}})',
    en: 'English',
    'zh-CN': '简体中文',
  },
};

// The app shell's words in English: the source every other language translates.
export const app = {
  /** The view switcher in the header: each view's name and what it shows. */
  views: {
    label: 'View',
    editor: { label: 'Editor', title: 'Read and edit a memory file or transcript' },
    timeline: { label: 'Timeline', title: 'Dated memory and sessions, newest first' },
    history: { label: 'History', title: "The open file's versions and who made each change" },
    changes: { label: 'What changed', title: 'Every change to memory since a time, by who made it' },
    context: { label: 'Context', title: 'What the agent sees at session start' },
    doctor: {
      label: 'Doctor',
      title: 'What in memory is duplicated, contradicted, unused, cut or unsafe — with one-click fixes',
    },
    agent: {
      label: 'Agent',
      title:
        "What your agent searched in its memory and why; its own index and transcripts (OpenClaw's agent database, read-only)",
    },
    secrets: { label: 'Secrets', title: 'Keys and passwords found in memory and transcripts, with fixes' },
    settings: { label: 'Settings', title: 'Search defaults, the model, agents, language and theme' },
  },
  language: {
    label: 'Language',
    system: 'System ({{language}})',
    en: 'English',
    'zh-CN': '简体中文',
  },
};

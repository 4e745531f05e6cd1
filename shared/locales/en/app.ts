// The app shell's words in English: the source every other language translates.
export const app = {
  name: 'Memory Lens',
  /** Between the items of an inline list ("agent main, agent work"). */
  listSeparator: ', ',
  /** Asked before leaving unsaved text (another workspace, another agent, closing the page). */
  unsaved: {
    warning_one:
      '{{count}} file has unsaved changes ({{names}}). They are kept as drafts and offered back when you reopen this workspace.',
    warning_other:
      '{{count}} files have unsaved changes ({{names}}). They are kept as drafts and offered back when you reopen this workspace.',
    names: '{{names}} and {{count}} more',
    openAnother: 'Open another workspace?',
    switchAgent: 'Switch to another agent?',
  },
  header: {
    toggleSidebar: 'Show or hide the file list',
    sample: 'sample',
    openWorkspace: 'Open…',
    unsavedTitle: 'Unsaved: {{paths}}',
    unsaved_one: '{{count}} unsaved',
    unsaved_other: '{{count}} unsaved',
    search: 'Search',
    searchTitle: 'Search (Ctrl/Cmd+Shift+F)',
    resizeSidebar: 'Resize the file list',
    resizeSearch: 'Resize the search panel',
  },
  /** Transcripts of agents whose sessions Settings leaves out of the index. */
  excluded: {
    transcripts_one: '{{count, number}} transcript left out ({{agents}}).',
    transcripts_other: '{{count, number}} transcripts left out ({{agents}}).',
    agent: 'agent {{id}}',
  },
  /** The command palette (Ctrl/Cmd+K). */
  commands: {
    title: 'Commands',
    placeholder: 'Type a command',
    empty: 'No command matches',
    openFile: 'Open file…',
    newFile: 'New memory file…',
    search: 'Search memory',
    save: 'Save the open file',
    showView: 'Show {{view}}',
    toggleSidebar: 'Show or hide the file sidebar',
    toggleSearch: 'Show or hide the search panel',
    reindex: 'Reindex the workspace',
  },
  /** Buttons other features put in the editor's header. */
  /** In place of a pane that failed while it rendered; the rest of the window goes on. */
  paneFailed: {
    sidebar: 'The file list stopped working.',
    main: 'This view stopped working.',
    search: 'The search panel stopped working.',
    status: 'The status bar stopped working.',
    rest: 'The rest of the window still works, and unsaved text is kept.',
    retry: 'Try again',
  },
  editorExtras: { history: 'History', historyTitle: "This file's versions and who made each change" },
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

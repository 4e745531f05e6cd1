// The secrets feature's words in English: the editor's masked values and the Secrets view.
export const secrets = {
  mask: {
    reveal: 'show',
    hide: 'hide',
    copy: 'copy',
    copied: 'copied',
    title: 'A {{kind}} value, hidden on screen. “show” reveals it here; the file keeps it as written.',
  },
  kind: {
    password: 'password',
    token: 'token',
    'private-key': 'private key',
  },
  view: {
    label: 'Secrets',
    title: 'Keys and passwords found in memory and transcripts, with fixes',
    heading: 'Secrets',
    intro: 'Keys and passwords found in memory files and transcripts. Their values are never shown here.',
    refresh: 'Look again',
    loading: 'Looking for secrets…',
    none: 'No secrets found in memory or transcripts.',
    count_one: '{{count}} secret',
    count_other: '{{count}} secrets',
    kind: 'Kind',
    where: 'Where',
    shownAs: 'Shown as',
    firstSeen: 'First seen',
    actions: 'Fix',
    firstSeenVersion: 'v{{version}} · {{time}}',
    notInHistory: 'not in history',
    openAt: 'Open {{path}} at line {{line}}',
    removeLine: 'Remove line',
    removeLineTitle: 'Delete line {{line}} of {{path}}: a normal save, kept in the file’s history',
    replace: 'Replace',
    replaceTitle: 'Replace the value with the placeholder: a normal save, kept in the file’s history',
    placeholder: 'Placeholder',
    transcript: 'Transcript: the agent’s record, not edited here',
    saving: 'Saving…',
    removed: 'Removed line {{line}} of {{path}}; saved as a new history version.',
    replaced: 'Replaced the value on line {{line}} of {{path}} with {{placeholder}}; saved as a new history version.',
    conflict:
      '{{path}} changed since the list was made; nothing was written. The list is fresh again: check it and retry.',
    failed: 'Nothing was written: {{message}}',
    loadFailed: 'Could not list the secrets: {{message}}',
    gitNotice:
      'Fixing a secret here changes the file and this app\'s history only. If the workspace is a git repository, its commits still hold the value: `git log -S "<the value>" --oneline` lists them, and `git filter-repo --replace-text <file>` rewrites them (Memory Lens never runs git for you). Rotate any key that was ever shared.',
  },
  purge: {
    button: 'Purge from history…',
    buttonTitle:
      'Replace the value in the file, then take it out of every version and copy this app keeps (cannot be undone)',
    confirmHeading: 'Purge {{label}} from history? This cannot be undone.',
    confirmSteps:
      'Line {{line}} of {{path}} gets {{placeholder}} in its place (a normal save). Then every kept version of every file, the trash, drafts, the search log and damaged copies in this app’s data folder get {{purged}} instead, and the databases are compacted so no old page keeps it.',
    confirmNotTouched:
      'Not touched: transcripts (the agent’s record) and git history, which is yours — the result shows the command to rewrite it yourself. Rotate the key anyway if it was ever shared.',
    confirmYes: 'Replace and purge',
    cancel: 'Cancel',
    purging: 'Purging…',
    done: 'Purged {{label}} from this app’s history.',
    replaced: 'Line {{line}} of {{path}} now reads {{placeholder}}.',
    versions_one: '{{count}} kept version rewritten',
    versions_other: '{{count}} kept versions rewritten',
    files_one: '{{count}} file in the data folder cleaned',
    files_other: '{{count}} files in the data folder cleaned',
    noneRemaining: 'Nothing in the data folder holds it any more.',
    remaining: 'Still holding it in the data folder: {{files}}.',
    transcripts_one: '{{count}} transcript still holds it (the agent’s record, left as it is): {{files}}',
    transcripts_other: '{{count}} transcripts still hold it (the agent’s record, left as they are): {{files}}',
    notVacuumed:
      'Another Memory Lens process was reading a store, so it could not be compacted: purge again once it is closed.',
    gitRepo:
      'Git still holds it: {{repo}} is a git repository and its old commits may keep the value. Memory Lens never rewrites git history.',
    gitMaybe:
      'If you keep this workspace in git elsewhere, its commits may still hold the value. Memory Lens never rewrites git history.',
    gitHow:
      'To rewrite it yourself (every commit changes: back up first, then force-push), put this line in a file REPLACEMENTS.txt outside the repository:',
    gitRun: 'then run this in a terminal:',
    theValue: '<the value>',
    stillInFiles:
      'Not purged: {{label}} is still in {{paths}}, and history keeps what the files hold. Replace it there too (its row in this list), then purge from that row.',
    failed: 'Not purged: {{message}}',
    close: 'Close',
  },
};

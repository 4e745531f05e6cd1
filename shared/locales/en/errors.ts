// Typed errors by message id, in English: this text is also the error's `message` in the API and CLI.
export const errors = {
  alreadyExists: 'A file already exists at {{path}}.',
  changedOnDisk: '{{path}} changed on disk since it was opened.',
  deletedOnDisk: '{{path}} was deleted on disk since it was opened.',
  movedOnDisk: '{{path}} was deleted or moved on disk since it was opened.',
  noSuchFile: 'No such file: {{path}}',
  noSuchMemoryFile: 'No such memory file: {{path}}',
  path: {
    nul: 'Path contains a NUL character.',
    backslash: 'Backslashes are not allowed in paths: {{path}}',
    absolute: 'Absolute paths are not allowed: {{path}}',
    leaves: 'Path leaves the workspace: {{path}}',
    symlinkOutside: 'Path resolves outside the workspace through a symlink: {{path}}',
    danglingSymlink: 'Path goes through a dangling symlink: {{path}}',
  },
};

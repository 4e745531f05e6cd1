// The desktop app's menu bar and the dialogs main shows, in English.
export const menu = {
  file: 'File',
  openWorkspace: 'Open Workspace…',
  reindex: 'Reindex',
  revealIndexFolder: 'Reveal Index Folder',
  close: 'Close Window',
  quit: 'Quit',
  edit: 'Edit',
  undo: 'Undo',
  redo: 'Redo',
  cut: 'Cut',
  copy: 'Copy',
  paste: 'Paste',
  selectAll: 'Select All',
  view: 'View',
  resetZoom: 'Actual Size',
  zoomIn: 'Zoom In',
  zoomOut: 'Zoom Out',
  fullscreen: 'Toggle Full Screen',
  reload: 'Reload',
  devTools: 'Toggle Developer Tools',
  window: 'Window',
  minimize: 'Minimize',
  zoom: 'Zoom',
  /** Titles of the error boxes the menu's commands may show. */
  failed: {
    openWorkspace: 'Open workspace',
    reindex: 'Reindex',
    revealIndexFolder: 'Reveal index folder',
  },
  /** The dialogs main shows on its own (main-words.ts). */
  dialog: {
    chooseFolder: 'Open workspace',
    engineFailed: 'Memory Lens could not open a workspace',
    modelDownload: {
      title: 'Semantic search model',
      message: 'Download the embedding model {{model}} for semantic search?',
      detail:
        'It is downloaded once from the Hugging Face hub (about 120 MB) and runs locally. Without it, search is keyword-only. You can change this in the settings.',
      download: 'Download',
      keywordOnly: 'Keyword search only',
    },
  },
};

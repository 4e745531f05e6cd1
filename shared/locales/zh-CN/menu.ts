import type { menu as en } from '../en/menu.js';
import type { Translation } from '../translation.js';

export const menu: Translation<typeof en> = {
  file: '文件',
  openWorkspace: '打开工作区…',
  reindex: '重建索引',
  revealIndexFolder: '显示索引文件夹',
  close: '关闭窗口',
  quit: '退出',
  edit: '编辑',
  undo: '撤销',
  redo: '重做',
  cut: '剪切',
  copy: '复制',
  paste: '粘贴',
  selectAll: '全选',
  view: '视图',
  resetZoom: '实际大小',
  zoomIn: '放大',
  zoomOut: '缩小',
  fullscreen: '切换全屏',
  reload: '重新加载',
  devTools: '切换开发者工具',
  window: '窗口',
  minimize: '最小化',
  zoom: '缩放',
  failed: {
    openWorkspace: '打开工作区',
    reindex: '重建索引',
    revealIndexFolder: '显示索引文件夹',
  },
  dialog: {
    chooseFolder: '打开工作区',
    engineFailed: 'Memory Lens 无法打开工作区',
    modelDownload: {
      title: '语义搜索模型',
      message: '要下载用于语义搜索的嵌入模型 {{model}} 吗？',
      detail:
        '模型只从 Hugging Face 模型库下载一次（约 120 MB），之后在本机运行。不下载的话，搜索只用关键词。之后可以在设置中更改。',
      download: '下载',
      keywordOnly: '只用关键词搜索',
    },
  },
};

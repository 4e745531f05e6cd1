import type { errors as en } from '../en/errors.js';
import type { Translation } from '../translation.js';

export const errors: Translation<typeof en> = {
  alreadyExists: '{{path}} 处已有文件。',
  changedOnDisk: '{{path}} 在打开后已在磁盘上被改动。',
  deletedOnDisk: '{{path}} 在打开后已在磁盘上被删除。',
  movedOnDisk: '{{path}} 在打开后已在磁盘上被删除或移动。',
  noSuchFile: '没有这个文件：{{path}}',
  noSuchMemoryFile: '没有这个记忆文件：{{path}}',
  path: {
    nul: '路径中含有 NUL 字符。',
    backslash: '路径中不能有反斜杠：{{path}}',
    absolute: '不能使用绝对路径：{{path}}',
    leaves: '路径超出了工作区：{{path}}',
    symlinkOutside: '路径经由符号链接指向工作区之外：{{path}}',
    danglingSymlink: '路径经过一个失效的符号链接：{{path}}',
  },
};

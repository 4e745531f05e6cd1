import type { explain as en } from '../en/explain.js';
import type { Translation } from '../translation.js';

export const explain: Translation<typeof en> = {
  whyAbove: {
    sentence: '{{reason}}：{{a}} 对 {{b}}。',
    noKeywordLower: '#{{low}} 完全不含查询中的词',
    keywordOnlyUpper: '#{{up}} 含有查询中的词，而 #{{low}} 只是含义相近',
    moreTerms: '#{{up}} 含有更多查询中的词（{{a}} 个对 {{b}} 个）',
    fewerTerms: '虽然 #{{low}} 含有更多查询中的词（{{mb}} 个对 {{ma}} 个），',
    although: '虽然 #{{low}} 中这些词出现得更多（{{ob}} 次对 {{oa}} 次），',
    shorter:
      '{{although}}#{{up}} 更短（{{ta}} 对 {{tb}} 个 token），每次出现的分量更重（相对平均分块 ×{{fa}} 对 ×{{fb}}）',
    moreOften: '#{{up}} 中查询的词出现得更多（{{oa}} 次对 {{ob}} 次）',
    rarer: '{{fewer}}#{{up}} 含有查询中更少见的词（关键词得分 {{a}} 对 {{b}}）',
    mmr: '#{{up}} 得分更低（{{a}} 对 {{b}}），但 MMR 把它排在前面：#{{low}} 与 {{similar}} 重复（相似度 {{sim}}）。',
    aResultAbove: '它上面的一条结果',
    same: '#{{up}} 和 #{{low}} 得分相同（{{a}}）；它们之间的顺序由索引决定。',
    closer: '#{{up}} 含义更接近（向量得分 {{a}} 对 {{b}}）',
    older: '#{{low}} 更旧（{{age}}，时间衰减 ×{{mb}} 对 ×{{ma}}）',
    evergreen: '长期记忆',
    days: '{{days}} 天',
    important: '#{{up}} 被标为更重要（×{{a}} 对 ×{{b}}）',
    dated: '#{{up}} 来自查询提到的日期（×{{a}} 对 ×{{b}}）',
    access: '智能体检索 #{{up}} 的次数更多（{{a}} 次对 {{b}} 次）',
    higher: '#{{up}} 总分更高',
    tier: '#{{up}} 是{{a}}，而 #{{low}} 是{{b}}',
    earlierDay: '#{{up}} 来自所问时段中更早的一天（第 {{a}} 天对第 {{b}} 天，共 {{days}} 天）',
    tiers: {
      note: '那一天的笔记',
      'dated-note': '标注为那时的笔记',
      'broader-note': '覆盖范围超出所问日期的笔记',
      conversation: '那时的一段对话',
      mention: '只是提到那一天的记忆',
      automated: '那时的一次自动运行',
      undated: '不是那时的',
    },
  },
  notice: {
    keywordOnly: {
      search: '仅关键词搜索：{{reason}}。',
      query: '本次查询仅用关键词：{{reason}}。',
    },
    openclawProfile: {
      hybrid: '按 OpenClaw {{release}} 的混合 memory_search 排序（用它的分块和得分）。',
      'keyword-only': '按 OpenClaw {{release}} 的仅关键词 memory_search 排序（用它的分块和得分）。',
    },
    belowMinScore: '没有结果达到 minScore {{minScore}}；仍像 OpenClaw 一样显示关键词匹配。',
    belowMinScoreBest: '没有结果达到 minScore {{minScore}}；仍像 OpenClaw 一样显示关键词匹配（最高 {{best}}）。',
    relaxedOneByOne: '与 OpenClaw 一样，也逐个搜索了关键词 {{terms}}。',
    relaxedAll: '没有哪条记忆包含查询的全部词语；显示匹配最多的记忆，按 BM25 排序。',
    relaxedMissing_other:
      '没有哪条记忆包含查询的全部词语（{{terms}} 哪里都没有出现）；显示匹配最多的记忆，按 BM25 排序。',
    vectorTimeout: '本次查询跳过了向量搜索：查询向量在 {{ms}} 毫秒后超时；结果仅来自关键词。',
  },
};

// Stop words are only separated out by queryTerms: the keyword search keeps them in its
// all-terms query and drops them when it relaxes to any-term, so "the" or "的" alone never
// makes a chunk match. Chinese entries include the bigrams a query like 那个 / 什么 produces.

const ZH = [
  '的', '了', '是', '在', '和', '就', '都', '而', '及', '与', '着', '或', '也', '还', '又', '被', '把', '给', '对', '从',
  '吗', '呢', '吧', '啊', '呀', '哦', '嘛', '哪', '哪个', '哪些', '哪里', '如何', '为什么', '多少', '几', '请', '帮',
  '我', '你', '他', '她', '它', '我们', '你们', '他们', '她们', '它们', '这', '那', '这个', '那个', '这些', '那些',
  '什么', '怎么', '怎样', '一个', '没有', '有没有', '上次', '之前', '一下', '可以', '能', '会', '要', '想', '知道',
  '告诉', '查', '查一下', '帮我', '请问',
  // Question scaffolding, like English "about", "when", "did".
  '关于', '有关', '做了', '出了', '什么时候', '时候', '哪天', '那天',
];

const EN = [
  'a', 'an', 'the', 'of', 'to', 'in', 'on', 'at', 'by', 'for', 'with', 'from', 'about', 'as', 'into', 'and', 'or',
  'but', 'if', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'am', 'do', 'does', 'did', 'have', 'has', 'had',
  'it', 'its', 'this', 'that', 'these', 'those', 'there', 'here', 'i', 'me', 'my', 'you', 'your', 'he', 'him',
  'his', 'she', 'her', 'we', 'us', 'our', 'they', 'them', 'their', 'what', 'which', 'who', 'whom', 'when',
  'where', 'why', 'how', 'can', 'could', 'would', 'should', 'will', 'shall', 'may', 'might', 'must', 'not',
  'no', 'so', 'than', 'then', 'too', 'very', 'just', 'any', 'some', 'all', 'please', 'tell', 'did',
];

export const STOPWORDS: ReadonlySet<string> = new Set([...ZH, ...EN]);

export function isStopword(token: string): boolean {
  return STOPWORDS.has(token);
}

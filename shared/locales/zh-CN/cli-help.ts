// memlens 的帮助（--help、memlens help 命令）的简体中文版。英文原文在 electron/cli/commands.ts 等处；
// 这里不进 RESOURCES（界面用不到），只在 --lang zh-CN 请求帮助时加载。{{…}} 是由命令行填入的默认值。
import type { CliHelpText } from '../cli-help-text.js';

export const cliHelp: CliHelpText = {
  title: 'memlens — 浏览、搜索并解释智能体的 Markdown 记忆（OpenClaw 布局）',
  usage: '用法：memlens COMMAND [选项]',
  commandsHeading: '命令：',
  helpSummary: '显示某个命令的帮助：memlens help search',
  common: `通用选项：
  --workspace DIR      工作区文件夹（默认：~/.openclaw/workspace，若不存在则用示例工作区）
  --sessions DIR       另外的会话记录文件夹（可重复）
  --db FILE            索引文件（默认：放在数据目录中，按工作区区分）
  --data-dir DIR       应用数据目录（默认：$MEMLENS_DATA_DIR 或 XDG 数据目录）
  --model ID           向量模型（或 $MEMLENS_MODEL）；不指定时搜索仅用关键词
  --models DIR         存放本地模型的文件夹（默认：<data-dir>/models）
  --allow-download     允许下载缺少的模型
  --embedder URL       改用兼容 OpenAI 的 /v1/embeddings 端点生成向量，而不是本地模型，
                       例如 http://127.0.0.1:11434/v1（Ollama）、http://127.0.0.1:1234/v1（LM Studio）
  --embedder-model M   端点上的模型名，例如 nomic-embed-text（与 --embedder 一起使用时必填）
  --embedder-input-type Q,D   查询时发送 input_type Q，文本块发送 D（例如 query,document）
  --embedder-input-field NAME --embedder-input-type 所用的字段名（默认：input_type）
  --embedder-query-prefix T, --embedder-document-prefix T   加在查询 / 文本块前面的文字
  --embedder-key-env VAR      把 $VAR 作为 Bearer 密钥发送（默认：不发送密钥）
  --embedder-allow-remote     允许使用不在本机的端点：它会收到每个编入索引的文本块和每次查询
  --embedder-timeout S        索引请求等待多少秒无应答后，搜索改为仅用关键词，并认为端点已停止
                              （默认 60）
  --json               机器可读的输出（错误也是）
  --lang LOCALE        给人看的输出所用的语言：en（默认）或 zh-CN（或 $MEMLENS_LANG）；--json 不变
  --show-secrets       原样显示记忆中发现的密钥和密码（默认：遮盖，例如 tvly-…3HCS）`,
  searchFlags: `  --min-score S          去掉得分低于 S 的结果，0..1（默认 {{minScore}}）
  --sources LIST         memory、sessions 或 memory,sessions（默认两者都搜）
  --decay[=DAYS]         按时间衰减，半衰期为 DAYS 天（默认 {{halfLifeDays}} 天）；常青文件不衰减
  --mmr[=LAMBDA]         用 MMR 让结果更多样（默认 λ {{mmrLambda}}）
  --access-boost[=F]     提升智能体经常取用的文本块：× (1 + F·ln(1 + 访问次数))（默认 F {{accessBoostFactor}}）
  --from DATE, --to DATE 只搜日期在此闭区间内的文件（YYYY-MM-DD）；没有日期的常青文件不参与
  --now DATETIME         按这个时刻理解查询中的日期，例如 2026-11-06T10:00:00+08:00
                         （偏移量决定时区；默认：现在，本地时间）
  --dates on|off         提升查询提到的日期（"昨天"、"Feb 5th"）那天的记忆（默认 on）
  --date-boost X         那天的记忆的提升倍数，1..10（默认 {{dateBoost}}）
  --profile NAME         memory-lens（默认）：Memory Lens 的排序；openclaw：按你的智能体的方式排序，
                         即 OpenClaw {{rankingRelease}} 的 memory_search（它的文本块、后备关键词、文件名层级、
                         开启衰减、重要性；上面的排序选项不适用）；有向量模型时为混合搜索（0.7 向量 +
                         0.3 关键词，MMR λ 0.7），除非智能体的索引里没有向量；若智能体存的向量与当前模型一致则直接使用
  --expand LIST          另外以较低权重搜索：feedback（由最靠前的结果做 RM3）、thesaurus（英文同义词，WordNet）、
                         dictionary（中英互译，CC-CEDICT）、pivot（释义相同的中文词）；用逗号分隔，
                         或 off（见 docs/keyword-expansion.md）
  --expand-weight W      扩展词相对查询本身的词的权重，0..1（默认 {{expansionWeight}}）`,
  commands: {
    index: {
      summary: '为工作区建立索引（增量；--full 重新索引每个文件）',
      usage: `用法：memlens index [--full] [--json]

为工作区的记忆文件和会话记录建立索引。没有变化的文件不再读取；未编入的文件（超过大小上限、
不是文本）列为已跳过，并各自说明原因。

  --full       重新读取并索引每个文件`,
    },
    search: {
      summary: '像智能体那样搜索记忆：memlens search QUERY [--explain] [--json]',
      usage: `用法：memlens search QUERY [选项]
      memlens search --queries FILE.jsonl [选项]

搜索工作区（先为有变化的文件更新索引），并列出结果及其得分。
人的搜索不算智能体的搜索：除非加 --log，否则不记入日志（加了之后在应用的“智能体”视图中显示为
人的搜索）；也从不计为访问。

  --json                 OpenClaw memory_search 的 JSON，每条结果另附得分明细
  --explain              显示每个得分是怎样算出来的（关键词、向量、权重、衰减、MMR）
  --log                  把这次搜索记入搜索日志（显示为人的搜索）
  --max-results N        返回多少条结果（默认 {{maxResults}}）
{{searchFlags}}
  --queries FILE         批量：每行一个 {"id","query"} JSON 对象（可另带 "maxResults"、"minScore"）；
                         每行输出一个 {"id","results"}，格式不对的行输出 {"id","error"}`,
    },
    eval: {
      summary: '用标注好的查询衡量搜索：memlens eval --queries FILE.jsonl [--compare FLAGS]',
      usage: `用法：memlens eval --queries FILE.jsonl [选项]

把每个标注好的查询都跑一遍搜索（先为有变化的文件更新索引），报告 Hit@1/5/10、MRR@10、nDCG@10
和前 10 条的证据召回率，包括总体和每个标签；并列出前 10 条里没有相关结果的查询及其证据排在第几。
结果的行与同一文件中标注的范围有重叠，就算相关。除非另行指定，取结果时用 --min-score 0。

FILE 的每一行：{"id","query","relevant":[{"path","line"} | {"path","startLine","endLine"}],"tags"?}
（路径相对于工作区，行号从 1 开始且包含两端；其他字段忽略）。

  --queries FILE         标注好的查询（必填）
  --compare "FLAGS"      在第一次的基础上加这些搜索选项再跑一次，并排比较，列出每个查询的排名变化，
                         例如 --compare "decay=30"（开头的短横可省略）
  --failures N           列出多少个失败的查询（默认 20；--json 包含全部）
{{searchFlags}}
  --json                 以 JSON 输出整份报告`,
    },
    get: {
      summary: '显示一个记忆文件（memory_get）：memlens get PATH [--from N] [--lines M]',
      usage: `用法：memlens get PATH [--from N] [--lines M] [--json]

按智能体的 memory_get 工具的读法显示记忆文件的若干行。PATH 相对于工作区：
{{memoryFiles}}，或配置的额外路径。

  --from N     起始行（从 1 开始，默认 1）
  --lines M    行数（默认：到文件末尾）`,
    },
    status: {
      summary: '显示索引状况：文件、文本块、模式、向量模型、向量',
      usage: `用法：memlens status [--json]

显示索引里有什么（它不建立索引；要建立请运行 memlens index）；为工作区找到的每个 OpenClaw
智能体数据库（只读）：其中的会话，以及智能体自己的记忆索引与文件的对照——最新、过时（文件之后
改过）、缺失、多余；还有智能体自己的记忆搜索情况如何（来自它的会话记录；各次调用见
memlens agent-searches）。`,
    },
    'agent-searches': {
      summary: '智能体在记忆中搜索了什么、得到了什么、为什么：memlens agent-searches [--since DATE] [--agent ID]',
      usage: `用法：memlens agent-searches [--json] [--since DATE] [--agent ID] [--limit N]

智能体调用过的每一次记忆工具（memory_search、memory_get……），从它的会话记录中读出；另有 MCP
客户端经由 memlens mcp 做的搜索，以及人记入日志的搜索（memlens search --log）。每次为空或失败的
调用，都会根据记录的结果和文件现在的样子给出诊断，并在 Memory Lens 中重新运行一次。顶部的健康摘要
在 memlens status 中也有。

  --since DATE           只看 DATE 及之后的调用（2026-03-30、昨天、3小时前、"3 hours ago"）
  --agent ID             只看这个 OpenClaw 智能体的会话记录（不含 MCP 和人的搜索）
  --limit N              最多 N 次调用，最新的在前
  --now DATETIME         从这个时刻往回算“最近 7/30 天”（默认：现在）
  --json                 {health, calls: [{source, time, session, line, query, outcome: {kind,
                         count, reason}, diagnosis, replay, …}]}`,
    },
    context: {
      summary: '会话开始时智能体看到什么：引导文件对照 OpenClaw 的提示词预算',
      usage: `用法：memlens context [--agent ID] [--openclaw-version V] [--limits per-file=N,total=N]
                      [--openclaw-config FILE] [--show FILE] [--json]

按 OpenClaw 的注入顺序列出每个引导文件（AGENTS.md、SOUL.md、IDENTITY.md、USER.md、BOOTSTRAP.md、
MEMORY.md；较早的版本还有 TOOLS.md、HEARTBEAT.md、memory.md）：大小、注入了多少、适用的上限
（单个文件的、USER.md 自己的，或总上限剩下的），以及智能体看不到的行。上限来自 openclaw.json
（OPENCLAW_CONFIG_PATH，否则 $OPENCLAW_STATE_DIR 或 ~/.openclaw），否则用 OpenClaw 的默认值。

  --agent ID               使用这个智能体的上限（agents.entries.<id> / agents.list[]）
  --openclaw-version V     按 {{versions}} 中的某个版本还原（默认 {{defaultVersion}}）
  --limits LIST            覆盖上限：per-file=N 和/或 total=N
  --openclaw-config FILE   读取这个 openclaw.json，而不是自己去找
  --show FILE              原样显示智能体收到的 FILE 内容（包括截断标记）`,
    },
    watch: {
      summary: '建立索引，然后监视工作区并显示变化，直到按 Ctrl-C',
      usage: `用法：memlens watch [--json]

为工作区建立索引，然后监视它：每个新增、修改或删除的文件都会重新索引并显示出来（加 --json 时
每行一个 JSON 对象）；搜索模式的每次变化（混合或仅关键词，以及原因）也一样。停止工作的向量端点
会在后台重试。按 Ctrl-C 停止。`,
    },
    serve: {
      summary: '把 Memory Lens 界面提供给本机的浏览器（127.0.0.1，有令牌保护）',
      usage: `用法：memlens serve [--workspace DIR] [--port N] [--host 127.0.0.1]

启动引擎（包括文件监视），并通过 HTTP 提供界面和它的 API。会显示一个带随机令牌的 URL；
在浏览器中打开它即可。按 Ctrl-C 停止。
  --port N             端口（默认 {{port}}；0 表示自动选一个空闲端口）
  --host ADDR          绑定的地址（默认 127.0.0.1）。非回环地址会把你的记忆暴露在网络上
                       （有令牌保护，但不加密）：最好用 SSH 隧道。
  --renderer-dir DIR   提供这个已构建的界面，而不是软件包中的 renderer-dist/`,
    },
    mcp: {
      summary: '通过 MCP（stdio）为 AI 智能体提供 memory_search、memory_get 和 memory_context',
      usage: `用法：memlens mcp [--workspace DIR] [搜索选项]

在 stdin/stdout 上运行 Model Context Protocol 服务器，提供 OpenClaw 的两个记忆工具，外加一个：
  memory_search  {query, maxResults?, minScore?, corpus?}   结果各附得分明细
  memory_get     {path, from?, lines?}                     每次最多 120 行 / 12,000 个字符
  memory_context {agent?, openclawVersion?, limits?}       智能体的提示词里每个引导文件占了多少
工作区会建立索引并受到监视：（在应用中或任何地方）做的修改一秒内就能搜到。
每次搜索都记入智能体搜索日志，每条结果或每次读取都计为一次访问；两者都会在应用中显示。
日志写到 stderr；stdout 只传协议消息。

搜索选项（每次 memory_search 的默认值；智能体给的 maxResults/minScore 优先）：
  --max-results N, --min-score S, --sources memory,sessions, --decay[=DAYS], --mmr[=LAMBDA],
  --access-boost[=F]   与 memlens search 相同

在客户端中注册它，例如 Claude Desktop 的 claude_desktop_config.json：
  {"mcpServers": {"memory": {"command": "memlens", "args": ["mcp", "--workspace", "/home/me/.openclaw/workspace"]}}}`,
    },
    'save-session': {
      summary: '把一段会话记录保存为记忆文件：memlens save-session FILE [--messages 15]',
      usage: `用法：memlens save-session FILE [--messages N] [--time-zone ZONE] [--session-key KEY] [--json]

把会话记录（OpenClaw JSONL）中最后 N 条用户/助手消息写进工作区的 memory/YYYY-MM-DD-<slug>.md，
格式与 OpenClaw 的 session-memory 钩子相同："# Session: <time>"、"Session Key" / "Session ID" / "Source"
几行，以及 "## Conversation Summary"。斜杠命令和工具输出不计入；slug 取自对话中最有代表性的词。
写入是原子的，且从不替换已有文件：名称已被占用时改为 -2、-3……

  --messages N         保留多少条消息（默认 {{messages}}）
  --time-zone ZONE     标题和日期所用的 IANA 时区（默认：本机的时区，或 $TZ）
  --session-key KEY    OpenClaw 会话键（默认：取自 FILE 旁边的 sessions.json，否则为 "unknown"）`,
    },
    history: {
      summary: '列出一个记忆文件保留下来的各个版本，以及每处修改是谁做的',
      usage: `用法：memlens history PATH [--json]
      memlens history purge-secret VALUE|- [--placeholder TEXT] [--json]

应用为 PATH 保留的每个版本（在应用中的保存、文件监视或重新扫描看到的修改、删除和重命名），
最新的在前，各自注明是谁改的、又是怎样知道的。

purge-secret 改写每个含有 VALUE 的保留版本（该值变为 "<purged secret>"，或 --placeholder TEXT；
差异、恢复和作者信息照常可用），并清理应用的回收站、草稿、标注、搜索日志和损坏文件的副本，
然后压缩 SQLite 文件。若某个记忆文件仍含有 VALUE，则拒绝执行：请先在文件里替换它
（memlens secrets --replace PATH:LINE）。
用 - 表示从标准输入读取 VALUE（在命令行中输入的值会留在 shell 的历史记录里）。
Git 历史归你管：这个命令只显示你可以运行的命令，从不替你运行。`,
    },
    diff: {
      summary: '显示一个记忆文件在两个版本之间改了什么',
      usage: `用法：memlens diff PATH --from V --to V [--json]

V 是 memlens history 列出的版本号；--to current（默认）表示文件现在的样子，
--from none 表示空文件。`,
    },
    restore: {
      summary: '把记忆文件保留下来的某个版本写回去（一次普通的、校验哈希的保存）',
      usage: `用法：memlens restore PATH --version V [--expected-hash H] [--json]

把版本 V 作为一次来自 Memory Lens 的保存写回。写之前会对照文件的哈希（默认是本命令读到的文件的
哈希；可用 --expected-hash 给出你看到的那个）：如果文件在这期间改过，就什么都不写，并以 CONFLICT
失败。`,
    },
    changes: {
      summary: '某个时间以来记忆的所有修改，按修改者分组',
      usage: `用法：memlens changes [--since DATE] [--json]

列出自 DATE（2026-03-30、yesterday、"3 hours ago"；默认：自应用的“有什么变化”视图上次标为已看，
否则为最近 24 小时）以来工作区记忆文件的所有修改，按修改者分组，每处修改附上改动的行和撤销它的命令。`,
    },
    doctor: {
      summary: '记忆中哪些内容重复、矛盾、从未被用到、被引导预算截掉或不安全',
      usage: `用法：memlens doctor [--agent ID] [--json]

列出发现的问题及其证据（文件、行、日期），以及“诊断”视图提供的修复方法：
重复（副本、几乎相同的段落、梦境反复提升的内容）、相互矛盾的值（指出较新的那个）、密钥、
MEMORY.md 对照引导预算、索引健康（跳过的文件、校验和不符、失效的链接）、智能体搜索从未返回过的行，
以及每次梦境提升后的使用情况。问题的编号是稳定的：脚本可以在多次运行之间跟踪它们。

  --agent ID   只看这个智能体的引导上限和会话记录（不含我们自己的搜索日志）`,
    },
    secrets: {
      summary: '列出记忆中发现的密钥和密码；删除所在的行，或把值替换为占位符',
      usage: `用法：memlens secrets [--json]
      memlens secrets --remove PATH:LINE [--label LABEL]
      memlens secrets --replace PATH:LINE [--placeholder TEXT] [--label LABEL]

列出在记忆文件和会话记录中发现的每个密钥：类型、文件、行、遮盖后的标签，以及最早含有它的历史版本。
从不显示值本身。
--remove 删除含有该密钥的那一行；--replace 在原值处放一个占位符（默认 "<in password manager>"）。
两者都是普通的保存，会保留在历史中。
--label 在同一行有多个密钥时选出其中一个（按列表中显示的标签）。`,
    },
  },
};

// Word lists for the synthetic workspace generator. Written for this project (common everyday and
// work words), not taken from any corpus, so generated text carries no third-party licence.

/** Everyday and work English; order matters: the generator draws early words more often (Zipf-like). */
export const ENGLISH_WORDS: readonly string[] = [
  'meeting', 'project', 'team', 'plan', 'review', 'budget', 'release', 'design', 'customer', 'report',
  'schedule', 'risk', 'decision', 'update', 'issue', 'deadline', 'feedback', 'launch', 'test', 'build',
  'firmware', 'gateway', 'router', 'network', 'device', 'server', 'backup', 'password', 'account', 'invoice',
  'contract', 'agreement', 'payment', 'supplier', 'factory', 'sample', 'shipment', 'warehouse', 'order', 'price',
  'travel', 'flight', 'hotel', 'train', 'ticket', 'visa', 'airport', 'luggage', 'booking', 'itinerary',
  'doctor', 'clinic', 'knee', 'running', 'gym', 'yoga', 'sleep', 'vitamin', 'dentist', 'allergy',
  'coffee', 'dinner', 'lunch', 'breakfast', 'recipe', 'restaurant', 'groceries', 'noodles', 'dumplings', 'tea',
  'manager', 'colleague', 'partner', 'mother', 'father', 'sister', 'friend', 'neighbour', 'landlord', 'cat',
  'weekend', 'morning', 'evening', 'tonight', 'tomorrow', 'yesterday', 'monday', 'friday', 'holiday', 'birthday',
  'reminder', 'note', 'summary', 'draft', 'slides', 'document', 'spreadsheet', 'email', 'message', 'call',
  'apartment', 'rent', 'furniture', 'kitchen', 'balcony', 'plants', 'laundry', 'repair', 'electricity', 'internet',
  'camera', 'laptop', 'phone', 'charger', 'monitor', 'keyboard', 'headphones', 'battery', 'cable', 'adapter',
  'python', 'typescript', 'database', 'index', 'query', 'latency', 'throughput', 'crash', 'bug', 'patch',
  'certificate', 'audit', 'compliance', 'tax', 'insurance', 'salary', 'bonus', 'savings', 'mortgage', 'receipt',
  'museum', 'concert', 'movie', 'book', 'podcast', 'painting', 'garden', 'beach', 'mountain', 'river',
  'dns', 'ipv6', 'wifi', 'mesh', 'ota', 'telemetry', 'dashboard', 'rollout', 'pilot', 'prototype',
  'enclosure', 'antenna', 'thermal', 'yield', 'tolerance', 'mould', 'assembly', 'packaging', 'label', 'manual',
  'approve', 'cancel', 'confirm', 'postpone', 'prepare', 'discuss', 'remember', 'measure', 'compare', 'choose',
  'quiet', 'urgent', 'cheap', 'expensive', 'late', 'early', 'stable', 'broken', 'careful', 'simple',
  'shanghai', 'beijing', 'shenzhen', 'chengdu', 'hangzhou', 'tokyo', 'singapore', 'seoul', 'berlin', 'london',
];

/** English function words, mixed in for realistic text (and for the stop-word path). */
export const ENGLISH_FILLERS: readonly string[] = [
  'the', 'a', 'to', 'and', 'of', 'for', 'with', 'on', 'in', 'at', 'is', 'was', 'we', 'i', 'it', 'after', 'before',
];

/** Common Chinese words (two characters mostly); order matters as for ENGLISH_WORDS. */
export const CHINESE_WORDS: readonly string[] = [
  '项目', '会议', '计划', '预算', '客户', '报告', '进度', '风险', '决定', '更新',
  '问题', '截止', '反馈', '发布', '测试', '版本', '固件', '网关', '路由器', '网络',
  '设备', '服务器', '备份', '密码', '账号', '发票', '合同', '协议', '付款', '供应商',
  '工厂', '样品', '发货', '仓库', '订单', '价格', '金额', '采购', '质量', '良率',
  '出差', '航班', '酒店', '高铁', '机票', '签证', '机场', '行李', '预订', '行程',
  '医生', '医院', '膝盖', '跑步', '健身', '瑜伽', '睡眠', '维生素', '牙医', '过敏',
  '咖啡', '晚饭', '午饭', '早饭', '菜谱', '餐厅', '超市', '面条', '饺子', '茶叶',
  '经理', '同事', '伙伴', '妈妈', '爸爸', '姐姐', '朋友', '邻居', '房东', '小猫',
  '周末', '早上', '晚上', '今天', '明天', '昨天', '周一', '周五', '假期', '生日',
  '提醒', '笔记', '总结', '草稿', '幻灯片', '文档', '表格', '邮件', '消息', '电话',
  '公寓', '房租', '家具', '厨房', '阳台', '植物', '洗衣', '维修', '电费', '宽带',
  '相机', '电脑', '手机', '充电器', '显示器', '键盘', '耳机', '电池', '数据线', '转换头',
  '数据库', '索引', '查询', '延迟', '吞吐', '崩溃', '缺陷', '补丁', '日志', '监控',
  '证书', '审核', '合规', '个税', '保险', '工资', '奖金', '存款', '房贷', '收据',
  '博物馆', '音乐会', '电影', '书店', '播客', '画展', '花园', '海边', '爬山', '河边',
  '外壳', '天线', '散热', '公差', '模具', '组装', '包装', '标签', '说明书', '认证',
  '批准', '取消', '确认', '推迟', '准备', '讨论', '记住', '测量', '比较', '选择',
  '安静', '紧急', '便宜', '昂贵', '迟到', '提前', '稳定', '损坏', '仔细', '简单',
  '上海', '北京', '深圳', '成都', '杭州', '东京', '新加坡', '首尔', '柏林', '伦敦',
  '试点', '波次', '升级', '回滚', '告警', '体验', '用户', '需求', '方案', '评审',
];

/** Chinese function words and particles mixed into sentences. */
export const CHINESE_FILLERS: readonly string[] = ['的', '了', '和', '在', '是', '我们', '已经', '还要', '因为', '所以', '这个', '那个', '一下'];

export const PEOPLE: readonly string[] = [
  '林薇', '陈昊', '王磊', '赵婷', '周明', '刘建国', '李娜', '张伟', '孙悦', '吴医生',
  'Priya', 'Sarah', 'Daniel', 'Tom', 'Mei', 'Kenji', 'Anna', 'Omar', 'Lucas', 'Nora',
];

/** Slugs for dated file names and topic files. */
export const SLUGS: readonly string[] = [
  'weekly-sync', 'supplier-call', 'contract-review', 'trip-plan', 'gym-routine', 'budget-check', 'bug-triage',
  'release-notes', 'doctor-visit', 'family-dinner', 'home-network', 'reading-list', 'tax-filing', 'car-repair',
  'pilot-report', 'design-review', 'ota-plan', 'one-on-one', 'moving-house', 'birthday-gift',
];

/**
 * Common characters whose dictionary-word pairs form the Chinese long tail (see longTailWords()).
 * Everyday vocabulary of work and life, chosen by hand.
 */
export const CHINESE_TAIL_CHARS =
  '人民大中国家学生工作时间问题公司市场发展经济社会文化历史地方电话手机电脑网络数据系统管理服务产品技术设计开发测试用户客户' +
  '银行医院学校老师朋友妈妈孩子天气温度水平空气交通汽车火车飞机城市农村山水花草树木春夏秋冬早晚日月年周节目音乐电影图书' +
  '报纸新闻广告价格成本利润合同协议会议计划报告总结方案资料文件信息安全环境能源材料质量标准规则法律政策领导经理同事关系' +
  '感情健康运动饮食睡眠旅行酒店机场车站道路桥梁房屋公寓租金工资奖金保险税收投资股票基金理财';

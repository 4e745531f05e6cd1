#!/usr/bin/env python3
"""Source of truth for sample-queries.jsonl.

Every label below was written by reading the workspace files line by line
(cat -n / sed -n). Run:  python3 build/build_queries.py  (from bench/eval)
then:                     node check-labels.mjs
The "session" tag is added automatically when any relevant path is a transcript.
The first argument of q() is only a draft label; the emitted id is regenerated as
<language>-<first kind tag>-<nnn> in file order (see main()), so the two can differ.
"""
import json, os, re, sys
from collections import Counter, OrderedDict

# ---- path aliases ---------------------------------------------------------
M = 'MEMORY.md'
U = 'USER.md'
HT = 'memory/2026-06-12-hengtai-contract.md'
GYM = 'memory/2026-07-03-gym-reminder.md'
KNEE = 'memory/2026-07-20-knee-pain.md'
CD = 'memory/2026-08-18-chengdu-pilot.md'
NM = 'memory/2026-09-16-new-manager.md'
DNS1 = 'memory/2026-11-05-gateway-dns-bug.md'
DNS2 = 'memory/2026-11-05-gateway-dns-bug-2.md'
C0612 = 'memory/conversations/2026-06-12.md'
C0703 = 'memory/conversations/2026-07-03.md'
C0818 = 'memory/conversations/2026-08-18.md'
C0916 = 'memory/conversations/2026-09-16.md'
C1021 = 'memory/conversations/2026-10-21.md'
C1104 = 'memory/conversations/2026-11-04.md'
C1105 = 'memory/conversations/2026-11-05.md'
PREF = 'memory/facts/preferences.md'
PC = 'memory/facts/project-context.md'
UP = 'memory/facts/user-profile.md'
FIN = 'memory/finance.md'
HEA = 'memory/health.md'
TRV = 'memory/travel.md'
HGW = 'memory/projects/harbor-gateway.md'
HOME = 'memory/projects/home-network.md'
OTA = 'memory/projects/ota-rollout.md'
ACT = 'memory/tasks/active.md'
DONE = 'memory/tasks/completed.md'
D0612 = 'memory/summaries/daily/2026-06-12.md'
D0703 = 'memory/summaries/daily/2026-07-03.md'
D0818 = 'memory/summaries/daily/2026-08-18.md'
D0916 = 'memory/summaries/daily/2026-09-16.md'
D1021 = 'memory/summaries/daily/2026-10-21.md'
D1105 = 'memory/summaries/daily/2026-11-05.md'
MO06 = 'memory/summaries/monthly/2026-06.md'
MO07 = 'memory/summaries/monthly/2026-07.md'
MO08 = 'memory/summaries/monthly/2026-08.md'
MO09 = 'memory/summaries/monthly/2026-09.md'
MO10 = 'memory/summaries/monthly/2026-10.md'
W24 = 'memory/summaries/weekly/2026-w24.md'
W27 = 'memory/summaries/weekly/2026-w27.md'
W34 = 'memory/summaries/weekly/2026-w34.md'
W38 = 'memory/summaries/weekly/2026-w38.md'
W43 = 'memory/summaries/weekly/2026-w43.md'
W45 = 'memory/summaries/weekly/2026-w45.md'
S1 = 'sessions/3f6c1a2e-9d41-4b7a-8e25-6a0d2c9f1b37.jsonl'            # 2026-06-12
S2 = 'sessions/5a9e3c7d-2b8f-4d61-a0c4-9e7b1f5d3a28.jsonl.reset.2026-10-09T01-12-44.118Z'  # 09-24 / 10-08
S3 = 'sessions/8b2d6f40-1e9c-4a57-9c3d-7f05e2b8a614.jsonl'            # 2026-09-16
S4 = 'sessions/d2f81b6a-7c35-4e09-b1d2-4a6e8c0f9b53.jsonl'            # 2026-11-26 (after NOW)

# ---- evidence groups (same fact stated in several files) -------------------
G_AMOUNT = [(FIN, 8), (HT, 10), (C0612, 21), (S1, 7), (DONE, 14), (D0612, 16), (MO06, 12), (W24, 11), (C1021, 34)]
G_SPLIT = [(HT, 10), (C0612, 22), (FIN, 9, 12), (D0612, 16), (MO06, 12), (S1, 7)]
G_TERM45 = [(HT, 10), (C0612, 22), (FIN, 13), (S1, 7), (M, 43), (D0612, 17), (C0612, 33), (S1, 10)]
G_WHY_HT = [(M, 43), (HT, 11), (C0612, 33, 34), (D0612, 17), (S1, 10)]
G_HUALIAN = [(C0612, 33), (S1, 10)]
G_BATCH = [(HT, 14), (C0612, 20), (FIN, 7), (MO06, 12), (S1, 7)]
G_INST1_PAID = [(FIN, 10), (DONE, 16, 17), (MO07, 12)]
G_INST1_PLAN = [(HT, 15), (C0612, 44), (D0612, 21), (S1, 14), (W27, 20)]
G_PENALTY = [(HT, 16), (C0612, 23), (FIN, 13), (S1, 7)]
G_INST2 = [(FIN, 11), (DONE, 40, 41), (MO10, 15), (W43, 21)]
G_INST3_AMT = [(FIN, 19), (ACT, 38), (C1021, 34), (D1021, 14), (S4, 6)]
G_INST3_DUE = [(FIN, 12), (ACT, 36), (S4, 6)]
G_SUPP_INC = [(FIN, 16, 18), (DONE, 36, 38), (MO10, 14), (W43, 13), (C1021, 29), (C1021, 34), (C1021, 44), (D1021, 14), (HGW, 40, 41)]
G_SUPP_TOTAL = [(FIN, 18), (DONE, 38), (MO10, 14), (W43, 13), (C1021, 34), (C1021, 44), (D1021, 14)]
G_SIGNED = [(M, 29), (FIN, 6), (HT, 9), (C0612, 39), (S1, 11), (DONE, 12, 13), (W24, 11), (MO06, 12), (HGW, 30), (C0612, 44), (S1, 14)]
G_HT_CONTACT = [(M, 24, 25), (FIN, 14), (HT, 17), (D0612, 22)]
G_ZHAOTING = [(M, 23), (UP, 25), (FIN, 14)]
G_DINNER_NAME = [(C0612, 50), (S1, 16), (D0612, 18), (PREF, 32)]
G_MANAGER = [(M, 18), (UP, 24), (NM, 8), (C0916, 20), (C0916, 33), (S3, 4), (S3, 6), (D0916, 13), (MO09, 12), (W38, 13)]
G_ZHOU = [(M, 19, 20), (NM, 8, 9), (C0916, 15), (S3, 3), (D0916, 13), (MO09, 12), (W38, 13, 14)]
G_1ON1 = [(M, 19), (NM, 12), (C0916, 28), (C0916, 33), (S3, 5), (S3, 6), (D0916, 14), (MO09, 12), (W38, 15)]
G_STATUS = [(PREF, 26), (NM, 13), (NM, 19), (C0916, 28), (C0916, 33, 34), (S3, 5), (S3, 6), (D0916, 14), (MO09, 12), (W38, 15)]
G_REPORTLINE = [(NM, 15), (D0916, 19), (S3, 6)]
G_PILOT_N = [(M, 30), (CD, 8, 9), (C0818, 27), (C0818, 32), (D0818, 13), (PC, 14), (TRV, 14), (DONE, 22, 24), (MO08, 11), (W34, 12), (OTA, 6)]
G_PILOT_START = [(M, 30), (CD, 8, 9), (C0818, 27), (C0818, 32), (D0818, 13), (PC, 14), (TRV, 14), (DONE, 24), (MO08, 11), (W34, 12), (MO09, 22), (MO10, 12)]
G_IPV6SHARE = [(CD, 13), (C0818, 27), (D0818, 14), (C1105, 20)]
G_IPV6CONCERN = [(CD, 13), (C0818, 27), (C0818, 32), (D0818, 14), (W34, 13), (MO08, 11)]
G_BUDGET60 = [(CD, 14), (C0818, 38), (C0818, 43), (D0818, 15), (FIN, 27), (MO08, 13), (W34, 14)]
G_LUO = [(CD, 12), (D0818, 18), (TRV, 13), (C0818, 20), (DNS1, 19), (DNS2, 19)]
G_WEEK1 = [(C1021, 20, 23), (D1021, 13), (W43, 11)]
G_ROOT = [(DNS1, 13), (DNS2, 13), (C1105, 15), (D1105, 13), (W45, 15), (OTA, 19)]
G_CRASH = [(DNS1, 8, 9), (DNS2, 8, 9), (C1104, 38), (C1104, 43), (W45, 13, 14), (OTA, 17, 18), (HOME, 19, 21)]
G_FIX_DONE = [(M, 31), (M, 47), (OTA, 19, 20), (HOME, 21), (DONE, 43, 45), (W45, 16)]
G_FIX_PLAN = [(DNS1, 14), (DNS2, 14), (C1105, 20), (C1105, 31), (D1105, 18)]
G_IPV6DEC = [(M, 47), (DNS1, 15), (DNS2, 15), (C1105, 20, 21), (C1105, 26), (C1105, 31), (D1105, 14), (W45, 15), (HGW, 43)]
G_WAVE2PAUSE = [(DNS1, 12), (DNS2, 12), (C1104, 28), (C1104, 33), (C1104, 43), (W45, 14), (OTA, 17, 18), (D1105, 19)]
G_ABORT = [(OTA, 9), (C1104, 33)]
G_WAVES = [(M, 46), (OTA, 3, 9), (HGW, 42), (MO09, 13), (W38, 16), (PC, 21)]
G_WAVES_DATED = [(M, 46), (OTA, 3, 9), (HGW, 42), (MO09, 13), (W38, 16)]
G_SOAK = [(M, 46), (OTA, 6, 7), (OTA, 23), (HGW, 42), (MO09, 13), (W38, 16)]
G_MP = [(M, 28), (HGW, 27), (PC, 15), (U, 20), (ACT, 12, 15), (OTA, 13), (S4, 8)]
G_DVT = [(HGW, 25), (DONE, 33, 34), (MO10, 13), (W43, 12)]
G_EVT = [(HGW, 24), (DONE, 19, 20), (MO07, 11), (W27, 19)]
G_GYM_NOW = [(M, 50), (HEA, 19), (C0916, 39), (C0916, 44), (S3, 9), (S3, 12), (DONE, 30, 31), (MO09, 17), (W38, 21), (D0916, 15)]
G_GYM_REMIND = [(GYM, 13), (GYM, 17, 18), (GYM, 24), (C0703, 15, 20), (D0703, 12), (HEA, 20), (C0916, 44), (S3, 12)]
G_MOVE = [(M, 11), (UP, 20), (DONE, 26, 27), (MO09, 16), (MO08, 17), (W38, 20)]
G_RENT = [(FIN, 32), (MO09, 16)]
G_KNEE_DX = [(KNEE, 8, 9), (HEA, 10, 11), (MO07, 16), (UP, 36)]
G_PHYSIO = [(KNEE, 13), (HEA, 12), (MO08, 16), (W34, 17)]
G_RUN_NOW = [(M, 51), (HEA, 14, 15), (MO10, 20), (W43, 17), (U, 21), (MO09, 18)]
G_FOLLOWUP = [(HEA, 14), (MO09, 18), (UP, 36)]
G_ALLERGY = [(M, 32), (HEA, 4), (UP, 34), (KNEE, 16)]
G_LACTOSE = [(M, 32), (HEA, 5), (UP, 35)]
G_CAT = [(M, 16), (UP, 30)]
G_MOM_BDAY = [(M, 17), (UP, 31), (DONE, 47), (MO10, 23)]
G_SUNDAY = [(U, 15), (PREF, 21), (M, 17)]
G_CHENHAO_JOB = [(M, 14), (UP, 29)]
G_TOKYO_COST = [(TRV, 20), (S2, 12), (S2, 13)]
G_HAKONE = [(S2, 8), (S2, 9), (S2, 10), (TRV, 17), (S2, 4)]
G_SHENZHEN = [(TRV, 22, 24), (ACT, 18), (W45, 23), (MO10, 23)]
G_GAP = [(TRV, 24), (HGW, 35), (ACT, 19), (S4, 6)]
G_SRRC = [(HGW, 36), (S4, 6)]
G_GONOGO = [(ACT, 21), (S4, 3), (S4, 6)]
G_SG = [(TRV, 26, 28), (ACT, 23, 26)]
G_COFFEE = [(M, 40), (PREF, 30), (HEA, 5)]
G_CAFFEINE = [(PREF, 30), (HEA, 23)]
G_NOMEET = [(M, 39), (PREF, 24, 25)]
G_REMIND_RULES = [(M, 38), (PREF, 21)]
G_EVTREPORT = [(C0703, 36), (C0703, 41), (D0703, 14), (W27, 11)]
G_WIFI_REASON = [(HGW, 40, 41), (FIN, 17)]
G_WIFI6E_0722 = [(M, 44), (MO07, 13), (HGW, 40)]
G_MESH = [(HOME, 7), (U, 13, 14), (W38, 20)]


def R(*items):
    out = []
    for it in items:
        if isinstance(it, list):
            out.extend(it)
        else:
            out.append(it)
    # de-duplicate, keep order
    seen, res = set(), []
    for x in out:
        if x not in seen:
            seen.add(x)
            res.append(x)
    return res


Q = []


def q(id, query, rel, tags, note=None):
    Q.append((id, query, rel, tags, note))


# relative-date notes (NOW = 2026-11-06T10:00+08:00, Friday)
N_YEST = '昨天/yesterday = NOW-1 day = 2026-11-05..2026-11-05 (Thu)'
N_2D = '前天/two days ago = NOW-2 days = 2026-11-04..2026-11-04 (Wed)'
N_WEEK = '本周/this week = ISO week 45 = 2026-11-02..2026-11-08 (Mon-Sun)'
N_MONTH = '这个月/this month = 2026-11-01..2026-11-30'
N_LASTMONTH = '上个月/last month = 2026-10-01..2026-10-31'
N_2W = '上上周/two weeks ago = ISO week 43 = 2026-10-19..2026-10-25'
N_2WWED = '上上周三/Wednesday two weeks ago = NOW-16 days = 2026-10-21..2026-10-21'
N_2M = '两个月前/two months ago = 2026-09-01..2026-09-30'
N_3M = '三个月前/three months ago = 2026-08-01..2026-08-31'
N_4M = '四个月前/four months ago = 2026-07-01..2026-07-31'
N_5M = '五个月前/five months ago = 2026-06-01..2026-06-30'

# =========================== Chinese (zh) ===================================
q('zh-lex-001', '恒泰的合同金额是多少', G_AMOUNT, ['zh', 'lexical', 'number'],
  'same amount (12,345 万元) stated in 9 places; finance.md writes it without spaces: 合同金额是12,345万元')
q('zh-lex-002', '合同分几期付款，比例是多少', R(G_SPLIT, (W24, 11), (DONE, 14)), ['zh', 'lexical', 'number'])
q('zh-lex-003', '为什么选恒泰不选华联精密', G_WHY_HT, ['zh', 'lexical'])
q('zh-lex-004', '华联精密报价多少', G_HUALIAN, ['zh', 'lexical', 'number'])
q('zh-lex-005', '第一期付款多少钱，什么时候付', R(G_INST1_PAID, G_INST1_PLAN), ['zh', 'lexical', 'number'])
q('zh-lex-006', '延期交付罚款怎么算', G_PENALTY, ['zh', 'lexical', 'number'])
q('zh-lex-007', '首批多少台，交付时间', G_BATCH, ['zh', 'lexical', 'number'],
  'delivery window (2026-11 至 2027-04) only in hengtai-contract.md:14 and finance.md:7')
q('zh-lex-008', '补充协议加了多少钱', G_SUPP_INC, ['zh', 'lexical', 'number'])
q('zh-lex-009', '协议总额是多少', G_SUPP_TOTAL, ['zh', 'lexical', 'number'])
q('zh-lex-010', '第三期现在要付多少', G_INST3_AMT, ['zh', 'lexical', 'number'],
  'finance.md:12 still shows the original 3,703.5; the updated 4,408.5 is at :19')
q('zh-lex-011', '第二期付款是哪天付的', G_INST2, ['zh', 'lexical', 'number'])
q('zh-lex-012', '补充协议的PDF放在哪', [(FIN, 20)], ['zh', 'lexical'])
q('zh-para-001', '恒泰那边的对接人是谁', G_HT_CONTACT, ['zh', 'paraphrase'])
q('zh-lex-013', '谁负责采购和法务', G_ZHAOTING, ['zh', 'lexical'])
q('zh-lex-014', '和陈昊庆祝签约去的哪家日料', G_DINNER_NAME, ['zh', 'lexical'])
q('zh-lex-015', '我家猫叫什么', G_CAT, ['zh', 'lexical'])
q('zh-lex-016', '豆包是什么品种的猫', G_CAT, ['zh', 'lexical'])
q('zh-para-002', '豆包平时在哪家宠物医院看', [(M, 16), (ACT, 45)], ['zh', 'paraphrase'])
q('zh-lex-017', '妈妈生日是哪天', G_MOM_BDAY, ['zh', 'lexical', 'number'])
q('zh-lex-018', '妈妈生日送了什么礼物', [(DONE, 49)], ['zh', 'lexical'])
q('zh-lex-019', '周日晚上为什么不要安排事情', G_SUNDAY, ['zh', 'lexical'])
q('zh-para-003', '陈昊是做什么工作的', G_CHENHAO_JOB, ['zh', 'paraphrase'])
q('zh-para-004', '陈昊对猫过敏吃的什么药', [(M, 14, 15), (HEA, 27)], ['zh', 'paraphrase', 'cross-lingual'])
q('zh-para-005', '我有哪些药不能用', G_ALLERGY, ['zh', 'paraphrase'])
q('zh-para-006', '我是什么血型', [(HEA, 6)], ['zh', 'paraphrase', 'cross-lingual'])
q('zh-lex-020', '左膝髌腱炎是什么时候诊断的', G_KNEE_DX, ['zh', 'lexical', 'number'])
q('zh-lex-021', '膝盖复健每周几去，哪个医生', G_PHYSIO, ['zh', 'lexical'])
q('zh-para-007', '膝盖什么时候可以重新跑步', G_FOLLOWUP, ['zh', 'paraphrase', 'number'])
q('zh-para-008', '现在一周跑几次，每次跑多远', G_RUN_NOW, ['zh', 'paraphrase', 'number'])
q('zh-lex-022', '今年的上海半马还跑吗', [(KNEE, 12), (MO07, 17)], ['zh', 'lexical'])
q('zh-para-009', '现在去哪家健身房', G_GYM_NOW, ['zh', 'paraphrase'])
q('zh-lex-023', '健身提醒几点发', G_GYM_REMIND, ['zh', 'lexical', 'number'])
q('zh-lex-024', '乐刻的会员什么时候到期', [(HEA, 18), (MO08, 17)], ['zh', 'lexical', 'number'])
q('zh-lex-025', '我是哪天搬到愚园路的', G_MOVE, ['zh', 'lexical', 'number'])
q('zh-para-010', '现在每个月房租多少', G_RENT, ['zh', 'paraphrase', 'number', 'cross-lingual'])
q('zh-para-011', '今年攒钱的目标完成多少了', [(FIN, 31)], ['zh', 'paraphrase', 'number', 'cross-lingual'])
q('zh-lex-026', 'RSU 什么时候归属', [(FIN, 34)], ['zh', 'lexical', 'number', 'cross-lingual'])
q('zh-para-012', '年终奖几月发', [(FIN, 34)], ['zh', 'paraphrase', 'number', 'cross-lingual'])
q('zh-lex-027', '现在的直属经理是谁', G_MANAGER, ['zh', 'lexical'])
q('zh-lex-028', '周明调去哪了', G_ZHOU, ['zh', 'lexical'])
q('zh-lex-029', '和 Priya 的 1:1 是周几几点', G_1ON1, ['zh', 'lexical', 'number'])
q('zh-lex-030', '周报每周几发给 Priya', G_STATUS, ['zh', 'lexical'])
q('zh-lex-031', '我的汇报线是怎样的', G_REPORTLINE, ['zh', 'lexical'])
q('zh-lex-032', '川讯试点多少户，哪天开始', G_PILOT_START + [(OTA, 6)], ['zh', 'lexical', 'number'])
q('zh-para-013', '川讯那边最担心的是什么', G_IPV6CONCERN, ['zh', 'paraphrase'])
q('zh-lex-033', '试点路由器谁出钱，预算多少', G_BUDGET60, ['zh', 'lexical', 'number'])
q('zh-para-014', '试点怎样才算成功', [(CD, 15)], ['zh', 'paraphrase', 'cross-lingual'])
q('zh-para-015', '川讯那边是谁跟我们对接', G_LUO, ['zh', 'paraphrase'])
q('zh-para-016', '去成都出差住的哪家酒店', [(C0818, 22), (TRV, 13)], ['zh', 'paraphrase', 'cross-lingual'])
q('zh-para-017', '成都回上海的航班号', [(TRV, 12)], ['zh', 'paraphrase', 'cross-lingual', 'number'])
q('zh-lex-034', '罗工请吃的火锅怎么样', [(C0818, 48)], ['zh', 'lexical'])
q('zh-lex-035', '川讯试点第一周的数据', G_WEEK1, ['zh', 'lexical', 'number'])
q('zh-lex-036', 'DNS 探测失败率达标了吗', G_WEEK1, ['zh', 'lexical', 'number'])
q('zh-lex-037', 'DNS 问题的根因是什么', G_ROOT, ['zh', 'lexical'])
q('zh-lex-038', '哪个固件版本修好了 DNS 问题', R(G_FIX_DONE, G_FIX_PLAN), ['zh', 'lexical', 'number'])
q('zh-lex-039', '要不要默认关掉 IPv6，最后怎么定的', G_IPV6DEC, ['zh', 'lexical'])
q('zh-lex-040', 'OTA 第二波为什么暂停', G_WAVE2PAUSE, ['zh', 'lexical'])
q('zh-lex-041', '什么情况下要中止 OTA 波次', G_ABORT, ['zh', 'lexical'])
q('zh-lex-042', 'OTA 分几个波次，每波多少', G_WAVES, ['zh', 'lexical', 'number'])
q('zh-para-018', '家里上不了网怎么查原因', [(C1104, 15), (C1104, 20, 23)], ['zh', 'paraphrase'])
q('zh-para-019', '家里网关的 IP 地址是多少', [(HOME, 12), (C1104, 22)], ['zh', 'paraphrase', 'number', 'cross-lingual'])
q('zh-para-020', '书房那个 mesh 节点是什么型号', G_MESH, ['zh', 'paraphrase', 'cross-lingual'])
q('zh-lex-043', '家里的 NAS 是什么型号', [(HOME, 8)], ['zh', 'lexical', 'cross-lingual'])
q('zh-para-021', '访客网络叫什么名字', [(HOME, 14)], ['zh', 'paraphrase', 'cross-lingual'])
q('zh-para-022', '豆包的喂食器老掉线怎么办', [(HOME, 9), (HOME, 15)], ['zh', 'paraphrase', 'cross-lingual'])
q('zh-para-023', '以前住天钥桥路的时候用的什么宽带', [(HOME, 23, 24), (DONE, 28)], ['zh', 'lexical'])
q('zh-lex-044', 'HG-2 量产是哪天', G_MP, ['zh', 'lexical', 'number'])
q('zh-lex-045', 'DVT 是哪天 sign-off 的', G_DVT, ['zh', 'lexical', 'number'])
q('zh-lex-046', '恒泰外壳缝隙修好了吗', G_GAP, ['zh', 'lexical'])
q('zh-lex-047', 'SRRC 证书什么时候能下来', G_SRRC, ['zh', 'lexical', 'number'])
q('zh-lex-048', 'MP go/no-go 会议是哪天', G_GONOGO, ['zh', 'lexical', 'number'])
q('zh-para-024', '证书要是拿不到，量产还能按时开始吗', [(S4, 7), (S4, 8)], ['zh', 'paraphrase', 'cross-lingual'],
  'transcript dated 2026-11-26, i.e. after NOW')
q('zh-lex-049', '新加坡出差是几号', G_SG, ['zh', 'lexical', 'number'])
q('zh-lex-050', '东京一共花了多少钱', G_TOKYO_COST, ['zh', 'lexical', 'number'])
q('zh-para-025', '箱根订的是哪家温泉旅馆', G_HAKONE, ['zh', 'paraphrase', 'cross-lingual'])
q('zh-lex-051', '东京行程里看了哪些建筑', [(S2, 4), (TRV, 18)], ['zh', 'lexical'])
q('zh-lex-052', '我喝什么咖啡', G_COFFEE, ['zh', 'lexical'])
q('zh-lex-053', '下午几点以后不喝咖啡', G_CAFFEINE, ['zh', 'lexical', 'number'])
q('zh-para-026', '最早几点可以约我开会', G_NOMEET, ['zh', 'paraphrase', 'number'])
q('zh-para-027', '吃的方面有什么忌口', [(PREF, 31), (M, 32), (UP, 35), (HEA, 5)], ['zh', 'paraphrase'])
q('zh-lex-054', '坐飞机喜欢什么座位', [(PREF, 35), (TRV, 4)], ['zh', 'lexical'])
q('zh-lex-055', '差旅报销怎么走流程', [(TRV, 6)], ['zh', 'lexical', 'cross-lingual'])
q('zh-lex-056', '哪天可以在家办公', [(UP, 26)], ['zh', 'lexical'])
q('zh-lex-057', '维生素 D3 每天吃多少', [(HEA, 27), (MO06, 16)], ['zh', 'lexical', 'number'])
q('zh-para-028', '为什么无线模块改成 WiFi 7', G_WIFI_REASON, ['zh', 'paraphrase', 'cross-lingual'])
q('zh-para-029', '电源适配器是哪家供应的', [(HGW, 32)], ['zh', 'paraphrase', 'cross-lingual'])
q('zh-lex-058', '我的生日是哪天', [(UP, 16)], ['zh', 'paraphrase', 'number'])
q('zh-lex-059', '办公室在漕河泾几楼', [(UP, 26)], ['zh', 'lexical', 'number'])
q('zh-para-030', '出差时用什么渠道联系我', [(U, 8), (PREF, 20)], ['zh', 'lexical'])

# ---- zh relative-date
q('zh-rel-001', '昨天关于 IPv6 做了什么决定',
  [(C1105, 26), (C1105, 31), (C1105, 20, 21), (D1105, 14), (DNS1, 15), (DNS2, 15), (M, 47), (HGW, 43), (W45, 15)],
  ['zh', 'relative-date', 'lexical'], N_YEST)
q('zh-rel-002', '昨天王磊查出来的原因是什么', [(C1105, 15), (D1105, 13), (DNS1, 13), (DNS2, 13), (W45, 15)],
  ['zh', 'relative-date', 'paraphrase'], N_YEST)
q('zh-rel-003', '前天家里网络出了什么问题', [(C1104, 15), (C1104, 20, 23), (C1104, 28), (HOME, 19, 21)],
  ['zh', 'relative-date', 'paraphrase'], N_2D)
q('zh-rel-004', '前天 OTA 第二波为什么停了', [(C1104, 28), (C1104, 33), (C1104, 43), (W45, 14), (OTA, 17, 18)],
  ['zh', 'relative-date', 'lexical'], N_2D)
q('zh-rel-005', '这周 PVT 开始了没有', [(W45, 12), (HGW, 26), (MO10, 23)], ['zh', 'relative-date', 'lexical'],
  N_WEEK + '; PVT start 2026-11-03')
q('zh-rel-006', '上个月签的补充协议加了多少钱',
  [(MO10, 14), (FIN, 16, 18), (DONE, 36, 38), (C1021, 29), (C1021, 34), (D1021, 14), (W43, 13)],
  ['zh', 'relative-date', 'lexical', 'number'], N_LASTMONTH)
q('zh-rel-007', '上个月第二期付了多少', [(MO10, 15), (FIN, 11), (DONE, 40, 41), (W43, 21)],
  ['zh', 'relative-date', 'lexical', 'number'], N_LASTMONTH)
q('zh-rel-008', '上个月去东京玩了几天', [(TRV, 16), (MO10, 19), (S2, 12), (S2, 13), (MO09, 21)],
  ['zh', 'relative-date', 'paraphrase', 'number'], N_LASTMONTH + '; trip 10-01 → 10-07')
q('zh-rel-009', '上上周川讯试点周报的数据', G_WEEK1, ['zh', 'relative-date', 'lexical', 'number'], N_2W)
q('zh-rel-010', '两个月前换了新经理，她叫什么',
  [(NM, 8), (C0916, 20), (C0916, 33), (S3, 4), (S3, 6), (D0916, 13), (MO09, 12), (W38, 13), (M, 18), (UP, 24)],
  ['zh', 'relative-date', 'paraphrase'], N_2M)
q('zh-rel-011', '三个月前去成都谈成了什么',
  [(CD, 8, 9), (C0818, 27), (C0818, 32), (D0818, 13), (MO08, 11), (W34, 12), (TRV, 14), (DONE, 22, 24)],
  ['zh', 'relative-date', 'paraphrase'], N_3M)
q('zh-rel-012', '四个月前膝盖怎么了', [(KNEE, 8, 9), (MO07, 16), (HEA, 10, 11), (UP, 36)],
  ['zh', 'relative-date', 'paraphrase', 'cross-lingual'], N_4M)
q('zh-rel-013', '本周的事故总结', [(W45, 13, 16), (DNS1, 8, 9), (DNS2, 8, 9), (D1105, 13, 14), (HOME, 19, 21)],
  ['zh', 'relative-date', 'paraphrase', 'cross-lingual'],
  N_WEEK + '; w45 summary was created 2026-11-08 (after NOW) and mentions 11-07/11-08 events')
q('zh-rel-014', '这个月固件出了什么问题',
  [(C1104, 38), (C1104, 43), (DNS1, 8, 9), (DNS2, 8, 9), (W45, 13, 14), (HOME, 19, 21), (D1105, 13), (D1105, 18)],
  ['zh', 'relative-date', 'paraphrase'], N_MONTH)
q('zh-rel-015', '昨天给 Priya 发了什么', [(C1105, 26), (C1105, 31), (D1105, 15)], ['zh', 'relative-date', 'lexical'], N_YEST)
q('zh-rel-016', '上个月 DVT 是哪天签的', [(MO10, 13), (W43, 12), (HGW, 25), (DONE, 33, 34)],
  ['zh', 'relative-date', 'lexical', 'number'], N_LASTMONTH)
q('zh-rel-017', '上个月 0.9.3 是哪天发的', [(MO10, 16), (W43, 14), (OTA, 17)],
  ['zh', 'relative-date', 'lexical', 'number'], N_LASTMONTH)
q('zh-rel-018', '五个月前签合同那天晚上吃的什么', [(C0612, 50), (S1, 16), (D0612, 18), (W24, 16)],
  ['zh', 'relative-date', 'paraphrase'], N_5M)
q('zh-rel-019', '上上周三罗工要的周报数据', [(C1021, 15), (C1021, 20, 23), (D1021, 13)],
  ['zh', 'relative-date', 'paraphrase', 'number'], N_2WWED)
q('zh-rel-020', '昨天说 0.9.4 预计哪天发布', [(DNS1, 14), (DNS2, 14), (C1105, 20), (C1105, 31), (D1105, 18)],
  ['zh', 'relative-date', 'lexical', 'number'], N_YEST)

# ---- zh absolute-date
q('zh-abs-001', '10月21号川讯周报的数据', [(C1021, 15), (C1021, 20, 24), (D1021, 13), (D1021, 18)],
  ['zh', 'absolute-date', 'lexical', 'number'])
q('zh-abs-002', '2026-11-04 家里网络出了什么事', [(C1104, 15), (C1104, 20, 23), (C1104, 28), (HOME, 19, 21)],
  ['zh', 'absolute-date', 'paraphrase'])
q('zh-abs-003', '9月28号复诊结果', [(HEA, 14), (MO09, 18)], ['zh', 'absolute-date', 'paraphrase', 'cross-lingual'])
q('zh-abs-004', '7月22号关于 WiFi 的决定', G_WIFI6E_0722, ['zh', 'absolute-date', 'lexical', 'cross-lingual'])
q('zh-abs-005', '2026-09-20 定了什么方案', G_WAVES_DATED, ['zh', 'absolute-date', 'paraphrase', 'cross-lingual'])
q('zh-abs-006', '11月12号去深圳干什么', G_SHENZHEN, ['zh', 'absolute-date', 'paraphrase'])
q('zh-abs-007', '12月8号有什么安排', G_SG, ['zh', 'absolute-date', 'paraphrase'])
q('zh-abs-008', '10月8号记了什么', [(S2, 12), (S2, 13)], ['zh', 'absolute-date', 'paraphrase'],
  'only in the .jsonl.reset archive (message timestamps 2026-10-08)')
q('zh-abs-009', '9月16号第一次 1:1 准备了什么', [(C0916, 15), (C0916, 20, 23), (S3, 3), (S3, 4)],
  ['zh', 'absolute-date', 'paraphrase', 'cross-lingual'])
q('zh-abs-010', '8月18号在成都的安排', [(C0818, 15), (C0818, 20, 22), (TRV, 10, 13)], ['zh', 'absolute-date', 'paraphrase', 'cross-lingual'])
q('zh-abs-011', '7月10号要提醒我确认什么', [(HT, 21), (C0612, 45), (D0612, 25), (S1, 14), (W27, 20)],
  ['zh', 'absolute-date', 'lexical'])
q('zh-abs-012', '11-30 之前还有哪些风险没关', [(ACT, 17, 21), (S4, 6), (HGW, 34, 37)],
  ['zh', 'absolute-date', 'paraphrase'])
q('zh-abs-013', '5月18号体检结果怎么样', [(HEA, 7), (MO06, 16)], ['zh', 'absolute-date', 'lexical'])
q('zh-abs-014', '6月12号合同签了多少钱', G_AMOUNT, ['zh', 'absolute-date', 'lexical', 'number'])

# ---- zh multi-term-missing
q('zh-mtm-001', '恒泰合同总价含税吗', [(FIN, 8), (HT, 10), (C0612, 21), (S1, 7), (D0612, 16)],
  ['zh', 'multi-term-missing', 'lexical', 'number'], '"总价" appears nowhere; evidence says 合同金额 / 金额')
q('zh-mtm-002', '豆包年度体检预约哪家医院', [(ACT, 40, 45), (M, 16)], ['zh', 'multi-term-missing', 'lexical'],
  '"预约" appears nowhere; "医院" only in the knee notes (华山医院)')
q('zh-mtm-003', '王磊 IPv6 测试计划 文档链接',
  [(CD, 19), (C0818, 33), (C0818, 43), (D0818, 19), (MO08, 12), (W34, 13)],
  ['zh', 'multi-term-missing', 'lexical'], '"链接" appears nowhere; no link is recorded, only the plan')
q('zh-mtm-004', '超级猩猩 私教 上课时间', G_GYM_NOW, ['zh', 'multi-term-missing', 'lexical'], '"私教" appears nowhere')
q('zh-mtm-005', '川讯周报草稿 邮件附件', [(C1021, 24)], ['zh', 'multi-term-missing', 'lexical'],
  'the draft is in 飞书云文档, no email')
q('zh-mtm-006', '愚园路 房租 押金', G_RENT, ['zh', 'multi-term-missing', 'lexical', 'number'], '"押金" appears nowhere')
q('zh-mtm-007', '膝盖理疗 医保 每周几', G_PHYSIO, ['zh', 'multi-term-missing', 'paraphrase'], '"医保"/"理疗" appear nowhere (复健/physio)')
q('zh-mtm-008', 'DNS bug 修复 0.9.4 发布时间 公告', G_FIX_DONE, ['zh', 'multi-term-missing', 'lexical', 'number'])
q('zh-mtm-009', '陈昊 公司 获奖 庆祝晚饭', [(W45, 19)], ['zh', 'multi-term-missing', 'cross-lingual'])
q('zh-mtm-010', '第三期付款 发票 验收单 银行账户', [(ACT, 33, 38)], ['zh', 'multi-term-missing', 'lexical'],
  '"银行账户" appears nowhere')
q('zh-mtm-011', '东京 温泉旅馆 预算 人民币', [(S2, 5)], ['zh', 'multi-term-missing', 'cross-lingual', 'number'],
  'budget was given in yen (~8万 yen/night); 人民币 only appears for the total cost')

# =========================== English (en) ===================================
q('en-para-001', 'how much is the Hengtai contract worth', G_AMOUNT, ['en', 'paraphrase', 'cross-lingual', 'number'])
q('en-para-002', 'what is my cat called', G_CAT, ['en', 'paraphrase'])
q('en-lex-001', 'who is my manager now', G_MANAGER, ['en', 'lexical'],
  'MEMORY/user-profile give the current state; dated files record the change on 2026-09-16')
q('en-lex-002', 'when is my weekly 1:1 with Priya', G_1ON1, ['en', 'lexical', 'number'])
q('en-lex-003', 'where did Zhou Ming move to', G_ZHOU, ['en', 'lexical'])
q('en-lex-004', 'HG-2 mass production date', G_MP, ['en', 'lexical', 'number'])
q('en-para-003', 'when did the DNS bug get fixed', G_FIX_DONE, ['en', 'paraphrase', 'number'])
q('en-para-004', 'what caused the dnsmasq crash', G_ROOT, ['en', 'paraphrase'])
q('en-lex-005', 'which firmware version had the DNS forwarder crash', G_CRASH, ['en', 'lexical', 'number'])
q('en-lex-006', 'OTA rollout wave percentages', G_WAVES, ['en', 'lexical', 'number'])
q('en-lex-007', 'when to abort an OTA wave', G_ABORT, ['en', 'lexical'])
q('en-lex-008', 'how long is the soak between waves', G_SOAK, ['en', 'lexical', 'number'])
q('en-lex-009', 'pilot success criteria', [(CD, 15)], ['en', 'lexical'])
q('en-lex-010', 'how many households in the Chuanxun pilot', G_PILOT_N, ['en', 'lexical', 'number'])
q('en-lex-011', 'what share of Chuanxun subscribers have IPv6 enabled', G_IPV6SHARE, ['en', 'lexical', 'number'])
q('en-lex-012', 'pilot devices budget', G_BUDGET60, ['en', 'lexical', 'number'])
q('en-lex-013', 'flight numbers for the Chengdu trip', [(TRV, 12)], ['en', 'lexical', 'number'])
q('en-para-005', 'where did I stay in Chengdu', [(C0818, 22), (TRV, 13)], ['en', 'paraphrase'])
q('en-lex-014', 'who is our contact at Chuanxun', G_LUO, ['en', 'lexical'])
q('en-para-006', 'how reliable was DNS in the first week of the pilot', G_WEEK1, ['en', 'paraphrase', 'cross-lingual', 'number'])
q('en-lex-015', 'total contract value after the supplementary agreement', G_SUPP_TOTAL, ['en', 'lexical', 'number'])
q('en-lex-016', 'why switch to WiFi 7', G_WIFI_REASON, ['en', 'lexical'])
q('en-lex-017', 'which radio module does HG-2 use', [(HGW, 31), (FIN, 17)], ['en', 'lexical'])
q('en-lex-018', 'when is the third instalment due', G_INST3_DUE, ['en', 'lexical', 'number'])
q('en-lex-019', 'second payment amount to Hengtai', G_INST2, ['en', 'lexical', 'number'])
q('en-lex-020', 'first instalment paid date', G_INST1_PAID, ['en', 'lexical', 'number'])
q('en-lex-021', 'late-delivery penalty', G_PENALTY, ['en', 'lexical', 'number'])
q('en-lex-022', 'where is the supplementary agreement PDF', [(FIN, 20)], ['en', 'lexical'])
q('en-lex-023', 'who signed the supplementary agreement', [(FIN, 20)], ['en', 'lexical'])
q('en-para-007', 'how much did Hualian quote', G_HUALIAN, ['en', 'paraphrase', 'cross-lingual', 'number'])
q('en-para-008', 'why did we pick Hengtai as the board supplier', G_WHY_HT, ['en', 'paraphrase'])
q('en-para-009', 'Japanese restaurant for celebrating with Chen Hao', G_DINNER_NAME + [(W24, 16)],
  ['en', 'paraphrase', 'cross-lingual'])
q('en-lex-024', 'what coffee do I drink', G_COFFEE, ['en', 'lexical'])
q('en-lex-025', 'caffeine cut-off time', G_CAFFEINE, ['en', 'lexical', 'number'])
q('en-lex-026', 'am I lactose intolerant', G_LACTOSE, ['en', 'lexical'])
q('en-lex-027', 'penicillin allergy', G_ALLERGY, ['en', 'lexical'])
q('en-lex-028', 'what medicines do we keep at home', [(HEA, 26, 27)], ['en', 'lexical'])
q('en-lex-029', "what's my blood type", [(HEA, 6)], ['en', 'lexical'])
q('en-lex-030', 'annual check-up result', [(HEA, 7), (MO06, 16)], ['en', 'lexical'])
q('en-para-010', 'what is wrong with my knee', G_KNEE_DX, ['en', 'paraphrase'])
q('en-lex-031', 'physio therapist name', [(HEA, 12), (KNEE, 13)], ['en', 'lexical'])
q('en-para-011', 'how far am I allowed to run now', G_RUN_NOW, ['en', 'paraphrase', 'number'])
q('en-lex-032', 'gym class schedule', G_GYM_NOW, ['en', 'lexical'])
q('en-para-012', 'when did I move to Yuyuan Road', G_MOVE + [(HOME, 3)], ['en', 'paraphrase', 'cross-lingual', 'number'])
q('en-lex-033', 'how much is the rent', G_RENT, ['en', 'lexical', 'number'])
q('en-lex-034', 'savings goal progress', [(FIN, 31)], ['en', 'lexical', 'number'])
q('en-lex-036', 'mesh node in the study', G_MESH, ['en', 'lexical'])
q('en-lex-037', 'home LAN subnet', [(HOME, 12)], ['en', 'lexical', 'number'])
q('en-lex-038', 'which DNS servers does the home gateway forward to', [(HOME, 13)], ['en', 'lexical'])
q('en-lex-039', 'guest WiFi name', [(HOME, 14)], ['en', 'lexical'])
q('en-para-013', "why does Doubao's feeder keep going offline", [(HOME, 15), (HOME, 9)], ['en', 'paraphrase'])
q('en-para-014', 'who is our home internet provider', [(HOME, 4)], ['en', 'paraphrase'])
q('en-lex-040', 'Tokyo trip cost', G_TOKYO_COST, ['en', 'lexical', 'number'])
q('en-lex-041', 'Hakone ryokan', G_HAKONE, ['en', 'lexical'])
q('en-lex-042', 'ryokan budget per night', [(S2, 5)], ['en', 'lexical', 'number'])
q('en-lex-043', 'what did we do in Tokyo', [(TRV, 18), (S2, 4)], ['en', 'lexical'])
q('en-para-015', 'what did we find at the Hengtai factory', [(TRV, 23, 24), (HGW, 35), (ACT, 18, 19)],
  ['en', 'paraphrase'])
q('en-lex-044', 'Singapore trip dates', G_SG, ['en', 'lexical', 'number'])
q('en-lex-067', 'do I need a visa for Singapore', [(TRV, 28)], ['en', 'lexical'])
q('en-lex-045', 'SRRC certificate expected date', G_SRRC, ['en', 'lexical', 'number'])
q('en-lex-046', 'what if SRRC slips', [(S4, 7), (S4, 8)], ['en', 'lexical'], 'transcript dated 2026-11-26, after NOW')
q('en-lex-047', 'warehouse cost per week', [(S4, 8)], ['en', 'lexical', 'number'])
q('en-lex-048', 'open risks before the MP go/no-go', [(S4, 6), (ACT, 17, 21), (HGW, 34, 37)], ['en', 'lexical'])
q('en-lex-049', 'DVT sign-off date', G_DVT, ['en', 'lexical', 'number'])
q('en-lex-050', 'EVT report due date', G_EVTREPORT, ['en', 'lexical', 'number'])
q('en-lex-051', 'who owns the companion app setup flow', [(M, 22), (HGW, 19), (W24, 13), (MO06, 13)], ['en', 'lexical'])
q('en-lex-052', 'who knows the dnsmasq code best', [(M, 21)], ['en', 'lexical'])
q('en-lex-053', 'reporting line to VP Hardware', G_REPORTLINE, ['en', 'lexical'])
q('en-lex-054', 'what does Priya want in the weekly status', [(NM, 13), (PREF, 26), (C0916, 28), (S3, 5)], ['en', 'lexical'])
q('en-para-017', 'what time is the earliest I take calls', G_NOMEET, ['en', 'paraphrase', 'number'])
q('en-para-018', 'when should you not ping me', G_REMIND_RULES, ['en', 'paraphrase'])
q('en-lex-055', "which channel to use when I'm travelling", [(U, 8), (PREF, 20)], ['en', 'lexical'])
q('en-lex-056', 'preferred hotels for work trips', [(TRV, 5), (PREF, 36)], ['en', 'lexical'])
q('en-lex-057', 'what to always pack', [(TRV, 7), (S2, 10)], ['en', 'lexical'])
q('en-para-019', 'how do I get my travel expenses paid back', [(TRV, 6)], ['en', 'paraphrase'])
q('en-lex-058', "mom's birthday", G_MOM_BDAY, ['en', 'lexical', 'number'])
q('en-para-020', 'what does my partner do for a living', G_CHENHAO_JOB, ['en', 'paraphrase'])
q('en-lex-059', 'HG-2 marketing name', [(HGW, 12)], ['en', 'lexical'])
q('en-para-021', 'how many ethernet ports does the gateway have', [(HGW, 16, 17)], ['en', 'paraphrase', 'number'])
q('en-lex-060', 'power adapter supplier', [(HGW, 32)], ['en', 'lexical'])
q('en-lex-061', 'pilot start build version', [(OTA, 16), (MO10, 12)], ['en', 'lexical', 'number'])
q('en-lex-062', 'DNS health probe in telemetry', [(OTA, 24), (W45, 16)], ['en', 'lexical'])
q('en-lex-063', "what did Chen Hao's studio win", [(W45, 19)], ['en', 'lexical'])
q('en-lex-064', 'Doubao vaccination month', [(U, 22), (W45, 20)], ['en', 'lexical'], 'evidence writes the name as 豆包')
q('en-lex-065', 'what is my sleep target', [(HEA, 23)], ['en', 'lexical', 'number'])
q('en-para-022', 'mesh problem when we changed apartments', [(HOME, 18)], ['en', 'paraphrase'])

# ---- en inflection
q('en-inf-001', 'meetings with Chuanxun in Chengdu', [(CD, 8), (C0818, 20)], ['en', 'inflection', 'lexical'],
  'evidence says "meeting"')
q('en-inf-002', 'reversing the WiFi 6E decision', [(M, 44, 45), (HGW, 40, 41)], ['en', 'inflection', 'lexical'],
  'evidence says "Reversed"/"reversed"')
q('en-inf-003', 'dnsmasq crashes with IPv6', G_CRASH, ['en', 'inflection', 'lexical'], 'evidence says "crash"/"dies"/崩溃')
q('en-inf-004', 'why did we pause wave 2', G_WAVE2PAUSE, ['en', 'inflection', 'lexical'], 'evidence says "paused"')
q('en-inf-005', 'who installs the pilot routers', [(CD, 14)], ['en', 'inflection', 'lexical'], 'evidence says "they install"')
q('en-inf-006', 'Wang Lei reproducing the DNS bug', [(C1104, 38)], ['en', 'inflection', 'lexical'],
  'evidence says "reproduced" (家里和川讯"复现了" in dns-bug files is the same fact in Chinese)')
q('en-inf-007', 'what was my knee diagnosed with', [(KNEE, 9), (HEA, 11), (MO07, 16)], ['en', 'inflection', 'lexical'],
  'evidence says "Diagnosis"/"diagnosis"')
q('en-inf-008', 'squatting exercises for the knee', [(KNEE, 14), (HEA, 13)], ['en', 'inflection', 'lexical'])
q('en-inf-009', 'booking Singapore flights', [(ACT, 29), (S4, 10), (S4, 11)], ['en', 'inflection', 'lexical'],
  'evidence "Book flights"; transcript lines ask for a flight-booking reminder (2026-11-26)')
q('en-inf-010', 'soaking time between OTA waves', G_SOAK, ['en', 'inflection', 'lexical'])
q('en-inf-011', 'home DNS resolution failing', [(HOME, 19, 20), (C1104, 20)], ['en', 'inflection', 'paraphrase'],
  'evidence says "DNS stopped resolving"')
q('en-inf-012', 'weekly DNS reporting for Chuanxun', [(CD, 12), (D0818, 18)], ['en', 'inflection', 'lexical'],
  'evidence says "reports"')
q('en-inf-013', 'visiting the Chuanxun ISP', [(TRV, 11)], ['en', 'inflection', 'lexical'], 'evidence says "Visit"')
q('en-inf-014', 'the day I ran 10 km and hurt my knee', [(HEA, 10), (KNEE, 8)], ['en', 'inflection', 'paraphrase', 'number'],
  'evidence says "run"; answer 07-18 (Saturday)')
q('en-inf-015', 'warming up before running', [(U, 21)], ['en', 'inflection', 'lexical'], 'evidence says "warm up"')
q('en-inf-016', 'EVT sign-offs', G_EVT, ['en', 'inflection', 'lexical', 'number'])
q('en-inf-017', 'holding shipments until certified', [(S4, 8)], ['en', 'inflection', 'lexical'])
q('en-inf-018', 'cat feeder dropping off WiFi', [(HOME, 15)], ['en', 'inflection', 'lexical'], 'evidence says "it drops"')
q('en-inf-019', 'architecture walks in Omotesando', [(TRV, 18)], ['en', 'inflection', 'lexical'])
q('en-inf-020', 'certifications budget', [(FIN, 26)], ['en', 'inflection', 'lexical', 'number'])
q('en-inf-021', 'when was the Hengtai supply contract signing', G_SIGNED, ['en', 'inflection', 'lexical', 'number'])
q('en-inf-022', 'reminders for gym days', G_GYM_REMIND, ['en', 'inflection', 'lexical'],
  'evidence health.md:20 "Reminder at 15:00 on gym days"; the other lines are Chinese (提醒)')

# ---- en multi-term-missing
q('en-mtm-001', 'Priya 1:1 meeting room', G_1ON1, ['en', 'multi-term-missing', 'lexical'], '"room" appears nowhere')
q('en-mtm-002', 'Chengdu return flight receipt reimbursement deadline',
  [(CD, 20), (TRV, 6), (D0818, 22)], ['en', 'multi-term-missing', 'lexical'],
  '"deadline" appears nowhere; travel.md:6 says receipts within 30 days')
q('en-mtm-003', 'DNS incident postmortem timeline sent to Chuanxun', [(DNS2, 19), (DNS1, 19)],
  ['en', 'multi-term-missing', 'cross-lingual'],
  '"postmortem" appears nowhere (事故说明); dns-bug-2.md says it was sent, dns-bug.md still lists it open')
q('en-mtm-004', 'Doubao annual checkup vet clinic', [(ACT, 40, 45), (M, 16)], ['en', 'multi-term-missing', 'lexical'],
  '"clinic" appears nowhere')
q('en-mtm-005', 'knee physio schedule and insurance', G_PHYSIO, ['en', 'multi-term-missing', 'lexical'])
q('en-mtm-006', 'WiFi 7 supplementary agreement cost increase approval', G_SUPP_INC,
  ['en', 'multi-term-missing', 'lexical', 'number'], '"approval" appears nowhere')
q('en-mtm-007', 'OTA wave plan slide deck', G_WAVES, ['en', 'multi-term-missing', 'lexical'], '"slide deck" appears nowhere')
q('en-mtm-008', 'pilot week 1 latency numbers spreadsheet', G_WEEK1, ['en', 'multi-term-missing', 'cross-lingual', 'number'])
q('en-mtm-009', 'Chen Hao anniversary dinner restaurant reservation', [(PREF, 32), (C0612, 50), (S1, 16), (D0612, 18)],
  ['en', 'multi-term-missing', 'cross-lingual'], '"reservation" appears nowhere (预订 / 订)')
q('en-mtm-010', 'dnsmasq crash fix ticket number', [(C1104, 43), (DONE, 43)], ['en', 'multi-term-missing', 'lexical'],
  'tracked as T-029; "ticket" appears nowhere')
q('en-mtm-011', 'penicillin allergy reaction symptoms', [(HEA, 4)], ['en', 'multi-term-missing', 'lexical'],
  'answer: rash in 2019; "reaction"/"symptoms" appear nowhere')
q('en-mtm-012', 'vitamin D dosage prescription', [(HEA, 27), (MO06, 16)], ['en', 'multi-term-missing', 'lexical', 'number'])
q('en-mtm-013', 'RSU vest dates stock grant', [(FIN, 34)], ['en', 'multi-term-missing', 'lexical', 'number'])
q('en-mtm-014', 'gym membership cancellation LeFit end date', [(HEA, 18), (MO08, 17)],
  ['en', 'multi-term-missing', 'lexical', 'number'], '"cancellation" appears nowhere')

# ---- en relative-date
q('en-rel-001', 'what did I decide yesterday about IPv6',
  [(C1105, 26), (C1105, 31), (C1105, 20, 21), (D1105, 14), (DNS1, 15), (DNS2, 15), (M, 47), (HGW, 43), (W45, 15)],
  ['en', 'relative-date', 'lexical', 'cross-lingual'], N_YEST)
q('en-rel-002', 'what did Wang Lei find yesterday', [(C1105, 15), (D1105, 13), (DNS1, 13), (DNS2, 13), (W45, 15)],
  ['en', 'relative-date', 'paraphrase', 'cross-lingual'], N_YEST)
q('en-rel-003', 'what broke at home two days ago', [(C1104, 15), (C1104, 20, 23), (C1104, 28), (HOME, 19, 21)],
  ['en', 'relative-date', 'paraphrase', 'cross-lingual'], N_2D)
q('en-rel-004', 'what happened with the OTA rollout this week',
  [(W45, 14), (W45, 16), (C1104, 28), (C1104, 33), (C1104, 43), (DNS1, 12), (DNS2, 12), (D1105, 19), (OTA, 17, 18)],
  ['en', 'relative-date', 'lexical'], N_WEEK + '; w45 mentions 11-07/11-08 events, after NOW')
q('en-rel-005', 'what did I do last month about the supplementary agreement',
  [(MO10, 14), (C1021, 29), (C1021, 34), (C1021, 39), (C1021, 44), (D1021, 14), (W43, 13), (W43, 20), (FIN, 16, 20), (DONE, 36, 38)],
  ['en', 'relative-date', 'lexical'], N_LASTMONTH)
q('en-rel-006', "last month's pilot week 1 numbers", G_WEEK1, ['en', 'relative-date', 'lexical', 'cross-lingual', 'number'], N_LASTMONTH)
q('en-rel-007', 'how much did I pay Hengtai last month', [(MO10, 15), (FIN, 11), (DONE, 40, 41), (W43, 21)],
  ['en', 'relative-date', 'paraphrase', 'number'], N_LASTMONTH)
q('en-rel-008', 'what happened at work two weeks ago', [(W43, 11, 14), (D1021, 13, 15), (C1021, 20, 23), (C1021, 34), (HGW, 25)],
  ['en', 'relative-date', 'paraphrase'], N_2W)
q('en-rel-009', 'what did I put on the 1:1 agenda on Wednesday two weeks ago', [(C1021, 39), (C1021, 44), (D1021, 15)],
  ['en', 'relative-date', 'lexical'], N_2WWED)
q('en-rel-010', 'how much did the Tokyo holiday last month cost', [(S2, 12), (S2, 13), (TRV, 20)],
  ['en', 'relative-date', 'lexical', 'number'], N_LASTMONTH + '; cost recorded 2026-10-08')
q('en-rel-011', 'who became my manager two months ago',
  [(NM, 8), (C0916, 20), (C0916, 33), (S3, 4), (S3, 6), (D0916, 13), (MO09, 12), (W38, 13), (M, 18), (UP, 24)],
  ['en', 'relative-date', 'lexical'], N_2M)
q('en-rel-012', 'which gym did I switch to two months ago',
  [(C0916, 39), (C0916, 44), (S3, 9), (S3, 12), (D0916, 15), (MO09, 17), (W38, 21), (DONE, 30, 31), (HEA, 19), (M, 50)],
  ['en', 'relative-date', 'paraphrase', 'cross-lingual'], N_2M)
q('en-rel-013', "what did the knee doctor say at the follow-up two months ago", [(MO09, 18), (HEA, 14)],
  ['en', 'relative-date', 'lexical'], N_2M + '; follow-up on 2026-09-28')
q('en-rel-014', 'what did I agree with Chuanxun three months ago',
  [(CD, 8, 9), (C0818, 27), (C0818, 32), (D0818, 13), (MO08, 11), (W34, 12), (TRV, 14)],
  ['en', 'relative-date', 'paraphrase'], N_3M)
q('en-rel-015', 'what happened to my knee four months ago', [(KNEE, 8, 9), (MO07, 16), (HEA, 10, 11)],
  ['en', 'relative-date', 'paraphrase'], N_4M)
q('en-rel-016', 'when did PVT start this month', [(W45, 12), (HGW, 26), (MO10, 23)],
  ['en', 'relative-date', 'lexical', 'number'], N_MONTH)
q('en-rel-017', 'what did I tell Priya yesterday', [(C1105, 26), (C1105, 31), (D1105, 15)],
  ['en', 'relative-date', 'paraphrase', 'cross-lingual'], N_YEST)
q('en-rel-018', "yesterday's expected release date for the DNS fix", R(G_FIX_PLAN),
  ['en', 'relative-date', 'paraphrase', 'cross-lingual', 'number'], N_YEST)
q('en-rel-019', "this week's incident root cause", [(W45, 15), (C1105, 15), (D1105, 13), (DNS1, 13), (DNS2, 13)],
  ['en', 'relative-date', 'lexical'], N_WEEK)
q('en-rel-020', 'DVT sign-off last month', [(MO10, 13), (W43, 12), (HGW, 25), (DONE, 33, 34)],
  ['en', 'relative-date', 'lexical', 'number'], N_LASTMONTH)
q('en-rel-021', 'which firmware builds went to the pilot last month', [(MO10, 12), (MO10, 16), (OTA, 16), (OTA, 17), (W43, 14)],
  ['en', 'relative-date', 'paraphrase', 'number'], N_LASTMONTH)
q('en-rel-022', 'what did the assistant plan for the Tokyo trip two months ago', [(S2, 3), (S2, 4), (S2, 8), (S2, 10), (MO09, 21)],
  ['en', 'relative-date', 'paraphrase'], N_2M + '; planning chat 2026-09-24 in the .reset archive')

# ---- en absolute-date
q('en-abs-001', 'what happened on 2026-11-04', [(C1104, 15), (C1104, 28), (C1104, 38), (HOME, 19, 21), (W45, 13, 14), (OTA, 17, 18)],
  ['en', 'absolute-date', 'paraphrase'])
q('en-abs-002', 'Oct 21st pilot weekly report', [(C1021, 15), (C1021, 20, 24), (D1021, 13)],
  ['en', 'absolute-date', 'lexical', 'cross-lingual'])
q('en-abs-003', 'what was decided on Thursday, October 22nd', [(W43, 12, 13), (HGW, 25), (DONE, 33, 34), (MO10, 13)],
  ['en', 'absolute-date', 'paraphrase', 'cross-lingual'], '2026-10-22 is a Thursday (1:1 day): DVT sign-off + WiFi 7 decision')
q('en-abs-004', 'what got paid on October 30', G_INST2, ['en', 'absolute-date', 'paraphrase', 'number'])
q('en-abs-005', 'what was released on Nov 7th', G_FIX_DONE, ['en', 'absolute-date', 'paraphrase', 'number'],
  '2026-11-07 is after NOW; memory already records it (files updated later)')
q('en-abs-006', 'what happened on July 20', [(KNEE, 8, 9), (HEA, 10, 11), (MO07, 16)], ['en', 'absolute-date', 'paraphrase'])
q('en-abs-007', 'where did I move on September 6th', G_MOVE, ['en', 'absolute-date', 'paraphrase', 'cross-lingual'])
q('en-abs-008', 'what broke on 2026-09-07', [(HOME, 18)], ['en', 'absolute-date', 'paraphrase'])
q('en-abs-009', 'plans for 2026-12-08', G_SG, ['en', 'absolute-date', 'paraphrase'])
q('en-abs-010', 'June 12 dinner', [(C0612, 50), (S1, 16), (S1, 17), (D0612, 18), (W24, 16)],
  ['en', 'absolute-date', 'lexical', 'cross-lingual'])
q('en-abs-011', 'MP risks discussed on 2026-11-26', [(S4, 3), (S4, 6), (S4, 7), (S4, 8)],
  ['en', 'absolute-date', 'paraphrase', 'cross-lingual'], 'transcript only; dated after NOW')
q('en-abs-012', 'what did I decide on 2026-07-22', G_WIFI6E_0722, ['en', 'absolute-date', 'paraphrase'])
q('en-abs-013', 'what was agreed on September 20th', G_WAVES_DATED, ['en', 'absolute-date', 'paraphrase'])

# =========================== mixed ==========================================
q('mixed-lex-001', 'HG-2 量产 date', G_MP, ['mixed', 'lexical', 'number'])
q('mixed-lex-002', 'Priya 的 weekly status 什么时候发', G_STATUS, ['mixed', 'lexical'])
q('mixed-lex-003', 'OTA 第二波 paused 原因', G_WAVE2PAUSE, ['mixed', 'lexical'])
q('mixed-lex-004', 'DNS bug 根因 AAAA', G_ROOT, ['mixed', 'lexical'])
q('mixed-lex-005', 'WiFi 7 补充协议 total amount', G_SUPP_TOTAL, ['mixed', 'lexical', 'number'])
q('mixed-lex-006', 'dnsmasq 崩溃 firmware version', G_CRASH, ['mixed', 'lexical', 'number'])
q('mixed-para-001', '豆包 vet 在哪', [(M, 16), (ACT, 45)], ['mixed', 'paraphrase'])
q('mixed-lex-007', 'gym 提醒 time', G_GYM_REMIND, ['mixed', 'lexical', 'number'])
q('mixed-rel-001', '昨天 IPv6 decision',
  [(C1105, 26), (C1105, 31), (C1105, 20, 21), (D1105, 14), (DNS1, 15), (DNS2, 15), (M, 47), (HGW, 43), (W45, 15)],
  ['mixed', 'relative-date', 'lexical'], N_YEST)
q('mixed-rel-002', '上个月 Tokyo 花了多少', [(S2, 12), (S2, 13), (TRV, 20)], ['mixed', 'relative-date', 'lexical', 'number'], N_LASTMONTH)
q('mixed-abs-001', '10-22 1:1 agenda WiFi 7', [(C1021, 39), (C1021, 44), (D1021, 15), (W43, 13)],
  ['mixed', 'absolute-date', 'lexical'])
q('mixed-lex-008', 'SRRC 证书 expected date', G_SRRC, ['mixed', 'lexical', 'number'])
q('mixed-lex-009', '川讯 pilot success criteria NPS', [(CD, 15)], ['mixed', 'lexical', 'number'])
q('mixed-lex-010', 'home router 型号', [(HOME, 5, 7), (U, 13, 14), (W38, 20)], ['mixed', 'lexical'])
q('mixed-lex-011', 'Hakone 温泉 ryokan 哪天住', [(S2, 4), (S2, 8), (S2, 9), (S2, 10), (TRV, 17), (MO10, 19)], ['mixed', 'lexical', 'number'])
q('mixed-lex-012', 'first instalment 第一期 paid 了吗', G_INST1_PAID, ['mixed', 'lexical', 'number'])
q('mixed-lex-013', 'MP go/no-go 风险 list', [(S4, 3), (S4, 6), (ACT, 17, 21)], ['mixed', 'lexical'])
q('mixed-abs-002', 'Oct 28 补充协议 signed by 谁', [(FIN, 20)], ['mixed', 'absolute-date', 'lexical'],
  'date 2026-10-28 is in the section header finance.md:16; signatories at :20')
q('mixed-rel-003', '两周前 pilot 周报 DNS 失败率', [(C1021, 22), (D1021, 13), (W43, 11)],
  ['mixed', 'relative-date', 'lexical', 'number'], N_2W)
q('mixed-para-002', 'knee 复诊 result', G_FOLLOWUP, ['mixed', 'paraphrase'])
q('mixed-mtm-001', '恒泰 contract 付款 schedule 银行', [(HT, 10), (C0612, 22), (FIN, 9, 12), (FIN, 19), (D0612, 16), (MO06, 12), (S1, 7), (DONE, 16, 17), (MO07, 12), (DONE, 40, 41), (MO10, 15), (W43, 21)],
  ['mixed', 'multi-term-missing', 'lexical', 'number'], '"银行" appears nowhere')
q('mixed-para-003', 'Chen Hao 喜欢吃什么', [(PREF, 32)], ['mixed', 'lexical'])


# ---- zh additions (balance)
q('zh-lex-061', '华联精密的良率是多少', [(C0612, 33), (HT, 11), (D0612, 17), (S1, 10)], ['zh', 'lexical', 'number'])
q('zh-lex-062', '恒泰的账期多久', G_TERM45, ['zh', 'lexical', 'number'])
q('zh-para-031', '我什么时候换的健身房', [(DONE, 30, 31), (HEA, 19), (M, 50), (MO09, 17), (C0916, 39), (S3, 9), (D0916, 15), (W38, 21)],
  ['zh', 'paraphrase', 'number'])
q('zh-para-032', '东京住在哪个区', [(TRV, 17), (S2, 4)], ['zh', 'paraphrase', 'cross-lingual'])
q('zh-lex-063', '七月定的跑步计划每次跑几公里', [(GYM, 12), (C0703, 25), (C0703, 30), (D0703, 13), (W27, 15)], ['zh', 'lexical', 'number'],
  'the July plan (10 km) was superseded after the knee injury; current runs are 5 km')
q('zh-para-033', '家里宽带是哪家的', [(HOME, 4), (DONE, 28)], ['zh', 'paraphrase', 'cross-lingual'])
q('zh-para-034', 'OTA 第一波推多少台设备', [(OTA, 6)], ['zh', 'paraphrase', 'cross-lingual', 'number'])
q('zh-lex-064', '周报 W1 要发给谁', [(D1021, 18), (C1021, 15)], ['zh', 'lexical'])
q('zh-para-035', 'PVT 什么时候结束', [(HGW, 26)], ['zh', 'paraphrase', 'cross-lingual', 'number'])
q('zh-rel-021', '这周三家里网络又挂了是怎么回事', [(C1104, 15), (C1104, 20, 23), (C1104, 28), (HOME, 19, 21)],
  ['zh', 'relative-date', 'lexical'], '这周三/this Wednesday = 2026-11-04..2026-11-04')
q('zh-rel-022', '上个月国庆去哪玩了', [(TRV, 16), (MO10, 19), (MO09, 21), (S2, 12), (S2, 13)],
  ['zh', 'relative-date', 'paraphrase', 'cross-lingual'], N_LASTMONTH + '; 国庆 holiday 10-01 → 10-07')
q('zh-rel-023', '昨天还剩哪些待办', [(D1105, 22), (DNS1, 18, 19), (DNS2, 18)], ['zh', 'relative-date', 'paraphrase'],
  N_YEST + '; dns-bug-2.md marks the 罗工 note as already sent, dns-bug.md still lists it open')
q('zh-para-036', '试点退货率要求多少', [(CD, 15)], ['zh', 'paraphrase', 'cross-lingual', 'number'])
q('zh-para-037', '乳糖不耐受的话咖啡怎么点', [(M, 40), (HEA, 5), (PREF, 30)], ['zh', 'paraphrase', 'cross-lingual'])

# ---- mixed additions (balance)
q('mixed-lex-015', 'Sarah Kim 负责什么', [(M, 22), (HGW, 19), (W24, 13), (MO06, 13), (UP, 25)], ['mixed', 'lexical'])
q('mixed-lex-016', 'Daniel Tan 是谁', G_REPORTLINE, ['mixed', 'lexical'])
q('mixed-lex-017', '罗工 weekly report 要什么数据', [(CD, 12), (D0818, 18)], ['mixed', 'lexical'])
q('mixed-lex-018', 'dnsmasq fix 哪天 release 的', G_FIX_DONE, ['mixed', 'lexical', 'number'])
q('mixed-rel-004', 'this week 的 PVT 进展', [(W45, 12), (HGW, 26)], ['mixed', 'relative-date', 'lexical'],
  N_WEEK + '; harbor-gateway.md:26 shows PVT from 2026-11-03 (running)')
q('mixed-lex-019', 'Chengdu 出差 flight 几点', [(TRV, 12)], ['mixed', 'lexical', 'number'])
q('mixed-lex-020', '豆包 feeder WiFi 设置', [(HOME, 15), (HOME, 9)], ['mixed', 'lexical'])
q('mixed-lex-021', 'EVT report 几号交', G_EVTREPORT, ['mixed', 'lexical', 'number'])
q('mixed-abs-003', '11月5号的 decision record', [(C1105, 26), (C1105, 31), (D1105, 14, 15), (DNS1, 15), (DNS2, 15), (M, 47), (HGW, 43)],
  ['mixed', 'absolute-date', 'paraphrase'])
q('mixed-para-004', 'Priya 喜欢怎么写 decisions', [(NM, 14), (PREF, 27)], ['mixed', 'paraphrase'])
q('mixed-lex-022', 'knee sleeve 出差要带吗', [(TRV, 7), (S2, 10), (S2, 4)], ['mixed', 'lexical'])
q('mixed-rel-005', '两个月前 gym 换成了哪家',
  [(C0916, 39), (C0916, 44), (S3, 9), (S3, 12), (D0916, 15), (MO09, 17), (W38, 21), (DONE, 30, 31), (HEA, 19), (M, 50)],
  ['mixed', 'relative-date', 'paraphrase'], N_2M)

# ---- emit ------------------------------------------------------------------
SESSION_RE = re.compile(r'^sessions/')


def to_obj(item):
    if len(item) == 2:
        return OrderedDict([('path', item[0]), ('line', item[1])])
    p, a, b = item
    if a == b:
        return OrderedDict([('path', p), ('line', a)])
    return OrderedDict([('path', p), ('startLine', a), ('endLine', b)])


def main():
    out_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'sample-queries.jsonl')
    ids = set()
    lines = []
    KIND = {'lexical': 'lex', 'paraphrase': 'para', 'relative-date': 'rel', 'absolute-date': 'abs',
            'multi-term-missing': 'mtm', 'inflection': 'inf'}
    counters = Counter()
    for _id, query, rel, tags, note in Q:
        # id = <language>-<first kind tag>-<nnn>, numbered in file order
        lang = tags[0]
        assert lang in ('zh', 'en', 'mixed'), (_id, tags)
        kind = next(KIND[t] for t in tags[1:] if t in KIND)
        counters[(lang, kind)] += 1
        id = '%s-%s-%03d' % (lang, kind, counters[(lang, kind)])
        assert id not in ids, id
        ids.add(id)
        rel = R(rel)
        tags = list(tags)
        if any(SESSION_RE.match(x[0]) for x in rel) and 'session' not in tags:
            tags.append('session')
        o = OrderedDict([('id', id), ('query', query), ('relevant', [to_obj(x) for x in rel]), ('tags', tags)])
        if note:
            o['note'] = note
        lines.append(json.dumps(o, ensure_ascii=False, separators=(',', ':')))
    with open(out_path, 'w', encoding='utf-8') as f:
        f.write('\n'.join(lines) + '\n')
    c = Counter(t for _, _, _, tags, _ in Q for t in tags)
    print(len(Q), 'queries ->', os.path.normpath(out_path))


if __name__ == '__main__':
    main()

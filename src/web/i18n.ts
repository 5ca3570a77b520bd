// English and Chinese labels for the page. Static text carries `data-i18n="key"`; code asks `t()`.
// The choice is kept in localStorage (no cookie, nothing sent anywhere).

export type Lang = 'en' | 'zh';

const EN = {
  title: 'fairdeal — shuffle and deal cards fairly',
  tagline: 'Deal, verify and audit shuffles, all in your browser.',
  'tab.deal': 'Deal',
  'tab.verify': 'Verify',
  'tab.audit': 'Will it shuffle?',
  'lang.switch': '中文',
  'lang.switchLabel': 'Switch to Chinese',
  'deal.preset': 'Game',
  'deal.seats': 'Seats',
  'deal.fair': 'Provably fair (fairdeal-v2 transcript)',
  'deal.go': 'Deal',
  'deal.seed': 'Your seed for seat 1 (optional)',
  'deal.fairNote':
    'Fair mode: the page plays the dealer and every seat. Each seat commits to a secret seed (Web Crypto; seat 1 may use yours) before any seed is revealed; the deck key mixes them all. The transcript is verified here by the library.',
  'deal.seat': 'Seat',
  'deal.cards': 'cards',
  'deal.kitty': 'Kitty',
  'deal.board': 'Board',
  'deal.burns': 'Burnt',
  'deal.stock': 'Stock',
  'deal.undealt': 'cards left in the stock',
  'deal.commitment': 'Dealer commitment (announced before the seeds)',
  'deal.verified': 'Verified in this browser',
  'deal.notVerified': 'Verification failed',
  'deal.transcript': 'Transcript (JSON)',
  'deal.copy': 'Copy transcript',
  'deal.download': 'Download',
  'deal.toVerify': 'Open in Verify',
  'deal.copied': 'Copied.',
  'verify.intro':
    'Paste or upload a fairdeal transcript (v2 or v1). The library re-deals it from the revealed seeds here, in your browser; nothing is sent to the server.',
  'verify.input': 'Transcript',
  'verify.file': 'Or upload a file',
  'verify.commitment': 'Announced commitment (optional)',
  'verify.go': 'Verify',
  'verify.ok': 'Genuine: every card is where the seeds put it',
  'verify.bad': 'Does not verify',
  'verify.playersContributed': 'players contributed seeds: the dealer could not choose the deck',
  'verify.dealerAlone':
    'no player seed: consistent, but the dealer alone chose the deck (not proven fair)',
  'verify.contributors': 'seeds from players',
  'verify.missing': 'never revealed',
  'verify.position': '#',
  'verify.card': 'Card',
  'verify.to': 'To',
  'verify.check': 'Check',
  'verify.problems': 'Problems',
  'verify.empty': 'Paste a transcript first.',
  'audit.intro':
    'Will it shuffle? Run a shuffle thousands of times in a Web Worker and test whether every card lands in every position equally often. Red: too often; blue: too rarely.',
  'audit.algorithm': 'Algorithm',
  'audit.fairdeal': "fairdeal's shuffle (Fisher–Yates, exact)",
  'audit.custom': 'My own function (below)',
  'audit.code': 'Your shuffle function (takes an array, shuffles it or returns a new one)',
  'audit.cards': 'Cards',
  'audit.trials': 'Trials',
  'audit.go': 'Run audit',
  'audit.stop': 'Stop',
  'audit.flawed': 'The founding documents’ flawed shuffles:',
  'audit.heatmap': 'Card × position heatmap',
  'audit.axes': 'rows: card (its place before), columns: position after (0 = top)',
  'audit.uniform': 'UNIFORM — no evidence of bias',
  'audit.biased': 'BIASED',
  'audit.broken': 'BROKEN',
  'audit.running': 'Running…',
  'audit.test': 'Test',
  'audit.statistic': 'Statistic',
  'audit.df': 'df',
  'audit.p': 'p-value',
  'audit.worst': 'Worst cells',
  'audit.threshold': 'per-test threshold (Bonferroni)',
  'audit.stopped': 'Stopped.',
  'audit.uniformTag': 'uniform',
  'audit.flawedTag': 'flawed',
  'tab.table': 'Sit at a table',
  'table.intro':
    'Open a Dou Dizhu table at the dealer service and send each player their own link. Each seat sees only its own cards; its seed is made, committed and revealed in its own browser, and every finished hand is verified here.',
  'table.player': 'Player',
  'table.open': 'Open a table',
  'table.links':
    'One link per seat — each carries that seat’s secret token after the #, which browsers never send to a server. Send each to its player only.',
  'table.loading': 'Loading…',
  'table.committing': 'Committing seeds',
  'table.revealing': 'Revealing seeds',
  'table.ended': 'Hand over',
  'table.wins': 'wins',
  'table.allPassed': 'everyone passed: redeal',
  'table.yourTurn': 'your turn',
  'table.turnOf': 'waiting for',
  'table.bidding': 'Bidding for landlord',
  'table.playing': 'Playing',
  'table.landlord': 'landlord',
  'table.toAct': 'to act',
  'table.faceDown': 'cards face down',
  'table.onTable': 'On the table',
  'table.passed': 'pass',
  'table.lastPlay': 'last play',
  'table.you': 'You',
  'table.hand': 'Hand',
  'table.noToken': 'This browser tab has no token for that seat: open the seat’s link again.',
  'table.selectFirst': 'Select cards first.',
  'table.bid': 'Bid:',
  'table.bidPass': 'No bid',
  'table.call': 'Call landlord',
  'table.rob': 'Rob the landlord',
  'table.play': 'Play selected',
  'table.pass': 'Pass',
  'table.hint': 'Hint',
  'table.next': 'Next hand',
  'table.yourCards': 'Your cards (press to select)',
  'footer.api': 'The dealer API',
  'error.prefix': 'Error',
};

/** A label's key. */
export type Key = keyof typeof EN;

const ZH: Record<Key, string> = {
  title: 'fairdeal — 公平洗牌发牌',
  tagline: '发牌、验证、审计洗牌算法，全部在你的浏览器里完成。',
  'tab.deal': '发牌',
  'tab.verify': '验证',
  'tab.audit': '洗得匀吗？',
  'lang.switch': 'English',
  'lang.switchLabel': '切换到英文',
  'deal.preset': '游戏',
  'deal.seats': '座位',
  'deal.fair': '可证明公平（fairdeal-v2 记录）',
  'deal.go': '发牌',
  'deal.seed': '座位 1 的种子（可选，你自己定）',
  'deal.fairNote':
    '公平模式：本页同时扮演庄家和每个座位。每个座位先提交秘密种子的承诺（Web Crypto；座位 1 可以用你的种子），再公开种子；牌序由所有种子共同决定。记录由本库在此验证。',
  'deal.seat': '座位',
  'deal.cards': '张',
  'deal.kitty': '底牌',
  'deal.board': '公共牌',
  'deal.burns': '烧牌',
  'deal.stock': '牌堆',
  'deal.undealt': '张留在牌堆',
  'deal.commitment': '庄家承诺（在种子之前公布）',
  'deal.verified': '已在本浏览器验证',
  'deal.notVerified': '验证失败',
  'deal.transcript': '记录（JSON）',
  'deal.copy': '复制记录',
  'deal.download': '下载',
  'deal.toVerify': '去验证',
  'deal.copied': '已复制。',
  'verify.intro':
    '粘贴或上传一份 fairdeal 记录（v2 或 v1）。本库在你的浏览器里用公开的种子重新发牌核对，不向服务器发送任何内容。',
  'verify.input': '记录',
  'verify.file': '或上传文件',
  'verify.commitment': '公布过的承诺（可选）',
  'verify.go': '验证',
  'verify.ok': '真实：每张牌都在种子决定的位置',
  'verify.bad': '验证不通过',
  'verify.playersContributed': '玩家提供了种子：庄家无法挑选牌序',
  'verify.dealerAlone': '没有玩家种子：记录一致，但牌序由庄家单独决定（不能证明公平）',
  'verify.contributors': '个玩家种子',
  'verify.missing': '未公开',
  'verify.position': '#',
  'verify.card': '牌',
  'verify.to': '去向',
  'verify.check': '核对',
  'verify.problems': '问题',
  'verify.empty': '请先粘贴记录。',
  'audit.intro':
    '洗得匀吗？在 Web Worker 里把一个洗牌函数运行成千上万次，检验每张牌落在每个位置的频率是否相同。红：太多；蓝：太少。',
  'audit.algorithm': '算法',
  'audit.fairdeal': 'fairdeal 的洗牌（Fisher–Yates，精确）',
  'audit.custom': '我自己的函数（见下）',
  'audit.code': '你的洗牌函数（接收一个数组，原地打乱或返回新数组）',
  'audit.cards': '牌数',
  'audit.trials': '次数',
  'audit.go': '开始审计',
  'audit.stop': '停止',
  'audit.flawed': '原始文章里有缺陷的洗牌：',
  'audit.heatmap': '牌 × 位置 热力图',
  'audit.axes': '行：牌（洗牌前的位置），列：洗牌后的位置（0 = 顶）',
  'audit.uniform': '均匀 — 没有偏差的证据',
  'audit.biased': '有偏差',
  'audit.broken': '出错',
  'audit.running': '运行中…',
  'audit.test': '检验',
  'audit.statistic': '统计量',
  'audit.df': '自由度',
  'audit.p': 'p 值',
  'audit.worst': '偏差最大的格子',
  'audit.threshold': '单项检验阈值（Bonferroni）',
  'audit.stopped': '已停止。',
  'audit.uniformTag': '均匀',
  'audit.flawedTag': '有缺陷',
  'tab.table': '入座',
  'table.intro':
    '在发牌服务上开一张斗地主牌桌，把每个座位的链接分别发给各位玩家。每个座位只看得到自己的牌；种子在各自的浏览器里生成、承诺、公开，每局结束后在此验证。',
  'table.player': '玩家',
  'table.open': '开桌',
  'table.links':
    '每个座位一个链接 — # 后面是该座位的秘密令牌，浏览器从不把它发给服务器。请只发给对应的玩家。',
  'table.loading': '加载中…',
  'table.committing': '正在提交种子承诺',
  'table.revealing': '正在公开种子',
  'table.ended': '本局结束',
  'table.wins': '获胜',
  'table.allPassed': '无人叫地主：重新发牌',
  'table.yourTurn': '轮到你',
  'table.turnOf': '等待',
  'table.bidding': '叫地主',
  'table.playing': '出牌中',
  'table.landlord': '地主',
  'table.toAct': '出牌',
  'table.faceDown': '张暗牌',
  'table.onTable': '桌上',
  'table.passed': '不要',
  'table.lastPlay': '上一手',
  'table.you': '你',
  'table.hand': '局',
  'table.noToken': '此标签页没有该座位的令牌：请重新打开该座位的链接。',
  'table.selectFirst': '请先选牌。',
  'table.bid': '叫分：',
  'table.bidPass': '不叫',
  'table.call': '叫地主',
  'table.rob': '抢地主',
  'table.play': '出选中的牌',
  'table.pass': '不要',
  'table.hint': '提示',
  'table.next': '下一局',
  'table.yourCards': '你的牌（点击选中）',
  'footer.api': '发牌服务 API',
  'error.prefix': '错误',
};

let current: Lang = 'en';
const listeners: Array<() => void> = [];

/** The current language. */
export function lang(): Lang {
  return current;
}

/** The label `key` in the current language. */
export function t(key: Key): string {
  return (current === 'zh' ? ZH : EN)[key];
}

/** Calls `fn` after every language change (views re-render their dynamic parts). */
export function onLanguageChange(fn: () => void): void {
  listeners.push(fn);
}

/** Sets the language: `<html lang>`, every `[data-i18n]` element, then the listeners. */
export function setLanguage(next: Lang): void {
  current = next;
  document.documentElement.lang = next === 'zh' ? 'zh-CN' : 'en';
  document.title = t('title');
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-i18n]'))) {
    const key = el.dataset.i18n as Key;
    if (key in EN) el.textContent = t(key);
  }
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-i18n-label]'))) {
    const key = el.dataset.i18nLabel as Key;
    if (key in EN) el.setAttribute('aria-label', t(key));
  }
  try {
    localStorage.setItem('fairdeal-lang', next);
  } catch {
    // Storage may be disabled (private mode): the choice then lasts for this page only.
  }
  for (const fn of listeners) fn();
}

/** The saved language, else the browser's (Chinese when it prefers any zh). */
export function initialLanguage(): Lang {
  try {
    const saved = localStorage.getItem('fairdeal-lang');
    if (saved === 'en' || saved === 'zh') return saved;
  } catch {
    // ignore: see setLanguage
  }
  return navigator.language.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

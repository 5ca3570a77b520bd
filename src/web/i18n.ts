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
  'lang.switchLabel': '中文 (switch to Chinese)',
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
    'Open a Dou Dizhu table at the dealer service and send each player their own invite. Each player claims their seat in their own browser, which makes the seat’s key there: you, the host, never hold a seat. Each seat sees only its own cards; its seed is made, committed and revealed in its own browser, and every finished hand is verified there.',
  'table.player': 'Player',
  'table.namesNote':
    'Leave the names empty to let each player choose their own name when they join.',
  'table.timeout': 'Seconds to commit and reveal',
  'table.open': 'Open a table',
  'table.links':
    'One invite per seat. It works once, for the first browser that opens it; the secret after the # is never sent to a server in an address. Send each invite to its player only.',
  'table.inviteFor': 'Invite for {seat}',
  'table.joined': '{name} has joined (key {key}…)',
  'table.hostLink':
    'Your host link: keep it to yourself. It lets you follow the table, void a hand after its deadline and kick a seat — never play one.',
  'table.hostLinkText': 'Host link for this table',
  'table.hostTitle': 'You are the host',
  'table.kick': 'Kick {name}',
  'table.kickConfirm':
    'Kick {name}? Their browser loses the seat at once, a hand in progress is void (recorded publicly as kicked), and the seat gets a new invite.',
  'table.kickYes': 'Yes, kick {name}',
  'table.kickNo': 'Cancel',
  'table.kickedInvite': '{name} was kicked. New invite for seat {seat}:',
  'table.joinIntro':
    'You are invited to seat {seat}. Your seat’s key is made in this browser and never leaves it; only its public half goes to the dealer.',
  'table.joining': 'Taking seat {seat}: making your seat’s key in this browser…',
  'table.joinName': 'Your name at the table',
  'table.joinGo': 'Take the seat',
  'table.seatTaken': 'This seat has been taken. Ask the host for a new invite.',
  'table.badInvite': 'This invite is not valid for this seat. Ask the host for a new invite.',
  'table.nameTaken': 'Another player at this table has that name: choose another.',
  'table.badName': 'A name is 1 to 64 letters, digits, . _ or -.',
  'table.noKey':
    'This browser does not hold this seat’s key, so it cannot commit or reveal for it: open the seat in the browser that claimed it.',
  'table.lostSeed':
    'This browser no longer holds the seed it committed for this hand, so it cannot reveal: the hand will be void after the deadline.',
  'table.kicked': 'The host removed you from this seat: this browser’s token no longer works.',
  'table.badAnnouncement':
    'The dealer’s announcement failed the check — this seat does not commit:',
  'table.badRoster': 'The roster failed the check — this seat does not reveal:',
  'table.badReceipt': 'The dealer’s receipt for your {kind} does not verify.',
  'table.waiting': 'Waiting for',
  'table.waitJoin': 'Waiting for every seat to be claimed',
  'table.seatOpen': 'not joined yet',
  'table.seatJoined': 'joined',
  'table.toCommit': 'has not committed yet',
  'table.committed': 'committed',
  'table.toReveal': 'has not revealed yet',
  'table.revealed': 'revealed',
  'table.youMark': '(you)',
  'table.timeLeft': 'Time left for seeds: {time}',
  'table.timeUp': 'The time for seeds is up.',
  'table.voidWhyCommit':
    '{names} did not commit in time. Without every seat’s seed there is no fair deck, so this hand will never be dealt. Voiding it records it publicly as void, naming {names}, and a fresh hand opens at once. (The service also does this by itself within a few seconds.)',
  'table.voidWhyReveal':
    '{names} did not reveal in time. Without every seat’s seed there is no fair deck, so this hand will never be dealt. Voiding it records it publicly as void, naming {names}, and a fresh hand opens at once. (The service also does this by itself within a few seconds.)',
  'table.voidGo': 'Void this hand',
  'table.handN': 'Hand {n}',
  'table.voidHand': 'Hand void',
  'table.abandoned': 'ended early: {names} kicked by the host',
  'table.verdicts': 'Verdicts of the hands, checked in this browser',
  'table.checking': 'Checking hand {n}…',
  'table.disputed': 'The dealer dropped a message it acknowledged:',
  'verdict.proven-fair': 'Proven fair among {n} independently keyed seats',
  'verdict.void': 'Void — never dealt',
  'verdict.practice': 'Practice — not proven fair',
  'verdict.single-seat': 'One seat only — not proven fair among players',
  'verdict.dealer-alone': 'Dealer alone — not proven fair',
  'verdict.unsigned': 'Consistent but unsigned — not proven fair to a stranger',
  'verdict.failed': 'Does not verify',
  'verdict.detail.proven-fair':
    "proven fair among {n} independently keyed seats: the dealer committed first, every seat signed its commitment before any seed was revealed, and every seat's seed decided the deck",
  'verdict.detail.single-seat':
    "dealt from one seat's seed ({seats}): the dealer could not choose the deck against that seat's key, but nobody else's seed counted — not proven fair among players",
  'verdict.detail.practice':
    'a practice hand: no seat committed, the dealer alone chose the deck — not proven fair',
  'verdict.detail.void': 'the hand was voided and never dealt: {seats} {why}',
  'verdict.why.withheld': 'withheld its seed',
  'verdict.why.kicked': 'was kicked by the host',
  'verdict.seat': 'seat {n} ({name})',
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
  'table.noToken':
    'This browser holds no token for that seat: open your invite link, or ask the host for a new invite.',
  'table.noHostToken': 'This browser holds no host token for that table: open your host link.',
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
  'lang.switchLabel': 'English（切换到英文）',
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
    '在发牌服务上开一张斗地主牌桌，把邀请分别发给各位玩家。每位玩家在自己的浏览器里认领座位，座位密钥就在那里生成：你作为房主，从不持有任何座位。每个座位只看得到自己的牌；种子在各自的浏览器里生成、承诺、公开，每局结束后在那里验证。',
  'table.player': '玩家',
  'table.namesNote': '名字留空，则由每位玩家在加入时自己取名。',
  'table.timeout': '承诺和公开种子的时限（秒）',
  'table.open': '开桌',
  'table.links':
    '每个座位一个邀请。它只能用一次，归第一个打开它的浏览器；# 后面的秘密不会出现在发给服务器的地址里。请只发给对应的玩家。',
  'table.inviteFor': '{seat} 的邀请',
  'table.joined': '{name} 已加入（密钥 {key}…）',
  'table.hostLink':
    '你的房主链接：请自己保管。用它可以关注牌桌、在时限过后作废一局、踢出座位 — 但不能替任何座位出牌。',
  'table.hostLinkText': '本桌的房主链接',
  'table.hostTitle': '你是房主',
  'table.kick': '踢出 {name}',
  'table.kickConfirm':
    '确定踢出 {name}？其浏览器立即失去座位，进行中的一局作废（公开记录为被踢出），该座位会得到新的邀请。',
  'table.kickYes': '确定踢出 {name}',
  'table.kickNo': '取消',
  'table.kickedInvite': '{name} 已被踢出。座位 {seat} 的新邀请：',
  'table.joinIntro':
    '你被邀请入座座位 {seat}。座位密钥在本浏览器里生成，永不离开；只有公钥发给庄家。',
  'table.joining': '正在入座座位 {seat}：在本浏览器里生成座位密钥…',
  'table.joinName': '你在牌桌上的名字',
  'table.joinGo': '入座',
  'table.seatTaken': '这个座位已经有人了。请向房主要一个新的邀请。',
  'table.badInvite': '这个邀请对该座位无效。请向房主要一个新的邀请。',
  'table.nameTaken': '本桌已有玩家用了这个名字：请换一个。',
  'table.badName': '名字为 1 到 64 个字母、数字、. _ 或 -。',
  'table.noKey': '本浏览器没有该座位的密钥，无法替它承诺或公开种子：请在认领该座位的浏览器里打开。',
  'table.lostSeed': '本浏览器已不再持有本局承诺过的种子，无法公开：时限过后本局将作废。',
  'table.kicked': '房主已将你移出该座位：本浏览器的令牌已失效。',
  'table.badAnnouncement': '庄家的公告未通过检查 — 本座位不提交承诺：',
  'table.badRoster': '名单未通过检查 — 本座位不公开种子：',
  'table.badReceipt': '庄家为你的{kind}签发的回执验证不通过。',
  'table.waiting': '正在等待',
  'table.waitJoin': '等待所有座位被认领',
  'table.seatOpen': '尚未加入',
  'table.seatJoined': '已加入',
  'table.toCommit': '尚未提交承诺',
  'table.committed': '已提交承诺',
  'table.toReveal': '尚未公开种子',
  'table.revealed': '已公开种子',
  'table.youMark': '（你）',
  'table.timeLeft': '种子剩余时间：{time}',
  'table.timeUp': '提交种子的时间已到。',
  'table.voidWhyCommit':
    '{names} 没有按时提交承诺。缺少任何一个座位的种子就没有公平的牌序，所以本局永远不会发牌。作废本局会公开记录它为作废，并写明 {names}，随后立即开始新的一局。（服务本身也会在几秒内自动这样做。）',
  'table.voidWhyReveal':
    '{names} 没有按时公开种子。缺少任何一个座位的种子就没有公平的牌序，所以本局永远不会发牌。作废本局会公开记录它为作废，并写明 {names}，随后立即开始新的一局。（服务本身也会在几秒内自动这样做。）',
  'table.voidGo': '作废本局',
  'table.handN': '第 {n} 局',
  'table.voidHand': '本局作废',
  'table.abandoned': '提前结束：{names} 被房主踢出',
  'table.verdicts': '各局的结论，在本浏览器中核验',
  'table.checking': '正在核验第 {n} 局…',
  'table.disputed': '庄家丢弃了它已签收的消息：',
  'verdict.proven-fair': '在 {n} 个独立密钥的座位之间可证明公平',
  'verdict.void': '作废 — 未发牌',
  'verdict.practice': '练习局 — 不能证明公平',
  'verdict.single-seat': '只有一个座位 — 不能证明玩家之间公平',
  'verdict.dealer-alone': '庄家独自决定 — 不能证明公平',
  'verdict.unsigned': '记录一致但没有签名 — 无法向旁人证明公平',
  'verdict.failed': '验证不通过',
  'verdict.detail.proven-fair':
    '在 {n} 个独立密钥的座位之间可证明公平：庄家先做出承诺，每个座位在任何种子公开之前签署了自己的承诺，每个座位的种子都参与决定了牌序',
  'verdict.detail.single-seat':
    '只由一个座位的种子发牌（{seats}）：庄家无法针对该座位的密钥挑选牌序，但没有其他人的种子参与 — 不能证明玩家之间公平',
  'verdict.detail.practice': '练习局：没有座位提交承诺，牌序由庄家独自决定 — 不能证明公平',
  'verdict.detail.void': '本局作废，从未发牌：{seats} {why}',
  'verdict.why.withheld': '扣留了种子',
  'verdict.why.kicked': '被房主踢出',
  'verdict.seat': '座位 {n}（{name}）',
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
  'table.noToken': '本浏览器没有该座位的令牌：请打开你的邀请链接，或向房主要一个新的邀请。',
  'table.noHostToken': '本浏览器没有该牌桌的房主令牌：请打开你的房主链接。',
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

/**
 * The label `key` in language `language` (pure: the tests read both languages with it).
 *
 * @example
 * ```ts
 * label('zh', 'table.voidGo'); // '作废本局'
 * ```
 */
export function label(language: Lang, key: Key): string {
  return (language === 'zh' ? ZH : EN)[key];
}

/** The label `key` in the current language. */
export function t(key: Key): string {
  return label(current, key);
}

/**
 * The label `key` in the current language with its `{name}` slots filled from `vars`.
 *
 * @example
 * ```ts
 * tf('table.kick', { name: 'bob' }); // 'Kick bob'
 * ```
 */
export function tf(key: Key, vars: Readonly<Record<string, string | number>>): string {
  return fill(t(key), vars);
}

/** `{name}` slots of `text` filled from `vars` (a slot without a value stays as it is). */
export function fill(text: string, vars: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (slot, name: string) =>
    name in vars ? String(vars[name]) : slot,
  );
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

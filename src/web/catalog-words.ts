// The catalogue of the founding documents' shuffles (fairdeal/catalog) in the page's words. The
// English is the catalogue's own; the Chinese is here, one entry per algorithm (a new entry
// without it fails src/web/catalog-words.test.ts). A source is named by its document's title
// (the catalogue gives its number), never by the name of a file a copy of it was kept in.
import type { CatalogEntry, CatalogSource } from '../shuffle/catalog/index.ts';
import { fill, isKey, type Lang, label } from './i18n.ts';

/** What the page says about one algorithm. `` `code` `` parts are shown as code. */
export interface CatalogWords {
  /** A few words for a button. */
  readonly short: string;
  readonly title: string;
  readonly time: string;
  readonly why: string;
  /** Where it comes from: each document's title and what the document calls it. */
  readonly sources: readonly string[];
}

interface ZhEntry {
  readonly short: string;
  readonly title: string;
  readonly time: string;
  readonly why: string;
  /** What each source calls it, in the order of the entry's `sources`. */
  readonly calls: readonly string[];
}

const ZH: Readonly<Record<string, ZhEntry>> = {
  'draw-and-retry': {
    short: '抽牌重试（`* 51`）',
    title: '抽牌重试，`* 51`（永不结束）',
    time: '永不结束（n ≥ 2）',
    why: '`Math.floor(Math.random() * 51)` 永远得不到 51，所以最后一张牌永远抽不到，等待凑齐 52 张不同牌的循环会一直运行下去。',
    calls: ['方法一：硬幹'],
  },
  'draw-and-retry-full': {
    short: '抽牌重试（全范围）',
    title: '抽牌重试，全范围',
    time: '期望 `O(n² log n)`',
    why: '每次被接受的抽取在尚未抽到的牌中均匀分布（抽到抽过的就重抽），这正是 Fisher–Yates；代价是集卡式的反复重抽。',
    calls: [
      '随机抽牌，放在另一组；再次抽取，抽到空牌则重复抽',
      '方法一：硬幹（用 `* 52` 代替 `* 51`）',
    ],
  },
  'draw-splice': {
    short: '抽牌并删除',
    title: '抽牌，并从数组中删去抽到的牌',
    time: '`O(n²)`',
    why: '第 k 次抽取在剩下的 n − k 张牌中均匀选择：n·(n−1)·…·1 条等可能的路径，每种顺序一条。',
    calls: ['`shuffle_pick_1` 抽牌法', '`Fisher_Yates` 算法（`List.RemoveAt`）'],
  },
  'draw-move-last': {
    short: '抽牌并补空位',
    title: '抽牌后把最后一张牌移到空位',
    time: '`O(n)`',
    why: '抽取与“抽牌并删除”相同（在剩下的牌中均匀选择）；不同的只是哪个位置放哪张剩下的牌，这不改变概率。',
    calls: ['`shuffle_pick` 抽牌法优化牌'],
  },
  'swap-forward': {
    short: '向前交换',
    title: '与 [0, i] 中的位置交换（向前）',
    time: '`O(n)`',
    why: '归纳法：若前 i 张牌是它们自身的均匀排列，把第 i 张换到 [0, i] 中的均匀位置后，前 i + 1 张也是均匀的（每步 i + 1 种等可能结果，共 n! 种）。',
    calls: ['`shuffle_swap` 换牌法', '`Inside_Out` 算法（`Swap(i, Random.Range(0, i + 1))`）'],
  },
  'insert-splice': {
    short: '插牌',
    title: '把每张牌插入到随机的空隙',
    time: '`O(n²)`',
    why: '第 i 张牌以相同的概率落在它的 i + 1 个空隙之一：1·2·…·n 条等可能的路径，每种顺序一条。',
    calls: ['`shuffle_insert_1` 插牌法'],
  },
  'inside-out': {
    short: '由内向外',
    title: '由内向外',
    time: '`O(n)`',
    why: '文章自己的归纳证明：第 i 步之后前 i + 1 张牌是均匀排列，i + 1 种选择各给出不同的顺序。',
    calls: ['`shuffle_insert` 插牌法优化版'],
  },
  'swap-random-pairs': {
    short: '随机交换两张，n 次',
    title: '随机交换两个位置，共 n 次',
    time: '`O(n)`',
    why: '一张牌在全部 n 次交换中都没被动到的概率是 (1 − 2/n)^n ≈ e^−2 ≈ 13.5%，远高于均匀洗牌中留在原位的 1/n；而且 (n²)^n 条路径也无法平均分到 n! 种顺序上。',
    calls: ['《百度文库-洗牌算法》换牌思路：随机交换两个位置，共交换n次'],
  },
  'last-to-random': {
    short: '末张随机插入',
    title: '取最后一张牌随机插入，共 n 次',
    time: '`O(n²)`',
    why: 'n^n 条等可能的路径无法平均覆盖 n! 种顺序；更糟的是，n 次“底牌随机插入”远未洗匀（大约需要 `n·ln n` 次），所以从未到过底部的牌保持原来的相对顺序。',
    calls: ['抽牌洗牌'],
  },
  'off-by-one-draw': {
    short: '差一的抽牌',
    title: '差一的抽牌（只乘以剩余张数减一）',
    time: '`O(n²)`',
    why: '每次抽取只覆盖剩下 `left + 1` 张牌中的前 `left` 张，所以原来的最后一张牌永远不会被提前抽到：它总是留在最后一个位置，其他牌也永远到不了那里。',
    calls: ['方法二：隨機抽牌'],
  },
  'swap-any': {
    short: '随机交换',
    title: '每个位置与任意位置交换',
    time: '`O(n)`',
    why: 'n^n 种等可能的交换序列无法平均分到 n! 种顺序上（n ≥ 3 时 n! 不整除 n^n）；牌倾向于移到起始位置稍后的地方（第 i 张牌过于频繁地出现在 i 之后不远处）。',
    calls: ['方法三：隨機交換（按文中的描述）'],
  },
  'swap-any-51': {
    short: '随机交换（`* 51`）',
    title: '每个位置与除最后一个以外的任意位置交换（`* 51`）',
    time: '`O(n)`',
    why: '朴素的 n^n 交换偏差，再加上 `* 51` 从不选最后一个位置作为目标：最后的位置只在最后一次交换（i = 51）时被填上，而那次交换总把那里的牌换走，所以原来的最后一张牌永远不会留在最后。',
    calls: ['方法三：隨機交換（按文中印出的代码）'],
  },
  'fisher-yates-original': {
    short: '原始 Fisher–Yates',
    title: '原始 Fisher–Yates（划掉第 k 个）',
    time: '`O(n²)`',
    why: '第 k 步在尚未划掉的 n − k 个数中均匀选择：n! 条等可能的路径，每种顺序一条。',
    calls: ['原始洗牌算法（Fisher–Yates `shuffle` 原始版）'],
  },
  'knuth-durstenfeld': {
    short: 'Knuth–Durstenfeld',
    title: 'Knuth–Durstenfeld（反向 Fisher–Yates）',
    time: '`O(n)`',
    why: '位置 i 在尚未放好的 i + 1 张牌中均匀地得到一张：n! 条等可能的路径，每种顺序一条。',
    calls: ['`shuffle`（从后往前遍历）', '`Knuth_Durstenfeld` 算法', '现代优化算法（`shuffle`）'],
  },
  'sort-random': {
    short: '随机比较排序',
    title: '用随机比较函数排序',
    time: '`O(n log n)`',
    why: '随机的比较函数前后矛盾，结果取决于排序算法；插入和归并步骤会提前停下，让牌停留在起始位置附近（在 V8 中洗 52 张牌时，第一张牌过于频繁地留在顶部附近）。',
    calls: ['`sort(() => Math.random() - 0.5)`'],
  },
};

/**
 * The algorithms the page has Chinese words for (the test holds the catalogue to it).
 *
 * @example
 * ```ts
 * CATALOG_WORDED.includes('swap-any'); // true
 * ```
 */
export const CATALOG_WORDED: readonly string[] = Object.freeze(Object.keys(ZH));

/**
 * A founding document by its title, in `language`: `003` is founding document 003, "Interesting
 * shuffle algorithms"; `issue 4` is fairdeal's issue 4.
 *
 * @example
 * ```ts
 * documentTitle('003', 'zh'); // '原始文章 003《有趣的洗牌演算法》'
 * ```
 */
export function documentTitle(document: string, language: Lang): string {
  const numbered = /^(\d{3})(?:_[0-9a-f]+\.txt)?$/.exec(document);
  if (numbered !== null) {
    const key = `audit.doc.${numbered[1]}`;
    if (isKey(key)) return label(language, key);
  }
  const issue = /^issue (\d+)$/.exec(document);
  if (issue !== null) return fill(label(language, 'audit.doc.issue'), { n: issue[1]! });
  // A document the page has no title for: as the catalogue names it, never as a file.
  return document.replace(/_[0-9a-f]+\.txt$/, '');
}

function source(s: CatalogSource, calls: string, language: Lang): string {
  return fill(label(language, 'audit.source'), {
    document: documentTitle(s.document, language),
    calls,
  });
}

/**
 * What the page says about `entry` in `language`.
 *
 * @example
 * ```ts
 * catalogWords(catalogEntry('swap-any'), 'zh').title; // '每个位置与任意位置交换'
 * ```
 */
export function catalogWords(entry: CatalogEntry, language: Lang): CatalogWords {
  const zh = language === 'zh' ? ZH[entry.name] : undefined;
  if (zh === undefined) {
    return {
      short: entry.name,
      title: entry.title,
      time: entry.time,
      why: entry.why,
      sources: entry.sources.map((s) => source(s, s.calls, language)),
    };
  }
  return {
    short: zh.short,
    title: zh.title,
    time: zh.time,
    why: zh.why,
    sources: entry.sources.map((s, i) => source(s, zh.calls[i] ?? s.calls, language)),
  };
}

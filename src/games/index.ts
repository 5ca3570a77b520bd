// Public entry of the games layer (re-exported by src/index.ts).
export type { Vulnerability } from './bridge-board.ts';
export { boardDealer, boardVulnerability } from './bridge-board.ts';
export { deal } from './deal.ts';
export { DEAL_ALGORITHM, dealFromDeck } from './deal-from-deck.ts';
export type {
  Deal,
  DealInfo,
  DealOptions,
  DealRecord,
  Destination,
  RecordedOption,
} from './deal-types.ts';
export type { CardRef, DealerOptions, WhenStockEmpty } from './dealer.ts';
export { Dealer } from './dealer.ts';
export type { DealStep, Preset, PresetOptionName, PresetVariant } from './preset.ts';
export { PRESET_NAMES, PRESETS } from './presets.ts';
export type { DealPlan } from './resolve-plan.ts';
export { getPreset, resolvePlan } from './resolve-plan.ts';
export type { SortName, SortOptions } from './sort-hand.ts';
export { SORT_NAMES, sortHand } from './sort-hand.ts';

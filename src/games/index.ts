// Entry of the games layer, for the library's own layers (fair); the public root entry,
// src/index.ts, picks its names from here one by one.
export type { Vulnerability } from './bridge-board.ts';
export { boardDealer, boardVulnerability } from './bridge-board.ts';
export { deal } from './deal.ts';
export { DEAL_ALGORITHM, dealFromDeck } from './deal-from-deck.ts';
export type { DealInfoJSON, DealJSON } from './deal-json.ts';
export { dealToJSON } from './deal-json.ts';
export type {
  Deal,
  DealInfo,
  DealOptions,
  DealRecord,
  Destination,
  RecordedOption,
} from './deal-types.ts';
export type { CardRef, DealerOptions, DealerSnapshot, WhenStockEmpty } from './dealer.ts';
export { Dealer } from './dealer.ts';
export type { DealStep, Preset, PresetOptionName, PresetVariant } from './preset.ts';
export { presetDeck } from './preset-deck.ts';
export { PRESET_NAMES, PRESETS } from './presets.ts';
export type { DealPlan } from './resolve-plan.ts';
export { getPreset, resolvePlan } from './resolve-plan.ts';
export type { SeatView } from './seat-view.ts';
export { seatView } from './seat-view.ts';
export type { SortName, SortOptions } from './sort-hand.ts';
export { SORT_NAMES, sortHand } from './sort-hand.ts';

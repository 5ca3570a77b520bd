import type { Command } from '../io.ts';

// Placeholder until this command lands; replaced by its owner.
export const verify: Command = async (_args, io) => {
  io.err('fairdeal verify: not implemented yet\n');
  return 1;
};

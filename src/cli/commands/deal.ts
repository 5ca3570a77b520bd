import type { Command } from '../io.ts';

// Placeholder until this command lands; replaced by its owner.
export const deal: Command = async (_args, io) => {
  io.err('fairdeal deal: not implemented yet\n');
  return 1;
};

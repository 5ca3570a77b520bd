import type { Command } from '../io.ts';

// Placeholder until this command lands; replaced by its owner.
export const fair: Command = async (_args, io) => {
  io.err('fairdeal fair: not implemented yet\n');
  return 1;
};

import type { Command } from '../io.ts';

// Placeholder until this command lands; replaced by its owner.
export const complexity: Command = async (_args, io) => {
  io.err('fairdeal complexity: not implemented yet\n');
  return 1;
};

import type { Command } from '../io.ts';

// Placeholder until this command lands; replaced by its owner.
export const audit: Command = async (_args, io) => {
  io.err('fairdeal audit: not implemented yet\n');
  return 1;
};

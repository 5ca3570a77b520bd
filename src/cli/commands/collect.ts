import type { Command } from '../io.ts';

// Placeholder until this command lands; replaced by its owner.
export const collect: Command = async (_args, io) => {
  io.err('fairdeal collect: not implemented yet\n');
  return 1;
};

import { z } from 'zod';

/**
 * A host's name is its SSH destination as the user typed it: `user@box`, `box`, a `Host` alias
 * of the ssh config, `user@10.0.0.5`, `[::1]`. Never an option: no leading `-`, no spaces.
 */
export const HostNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .regex(/^(?!-)[A-Za-z0-9._@%:[\]-]+$/, 'Type an SSH destination: user@box, or a Host alias from your ssh config.');
export type HostName = z.infer<typeof HostNameSchema>;

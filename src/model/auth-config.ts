/** Body of `GET /api/config`: the OpenID provider the page signs in with (the SPA is built once and learns it at run time). */
import { z } from 'zod';

export const authConfigSchema = z.object({ issuer: z.string(), clientId: z.string(), scope: z.string() });

export type AuthConfig = z.infer<typeof authConfigSchema>;

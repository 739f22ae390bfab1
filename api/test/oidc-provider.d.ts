// oidc-provider ships no types; these are the few parts the tests' local issuer uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface AccountClaims {
    sub: string;
    [claim: string]: unknown;
  }

  export interface ProviderConfiguration {
    clients: Record<string, unknown>[];
    findAccount(context: unknown, id: string): Promise<{ accountId: string; claims(): Promise<AccountClaims> } | undefined>;
    claims: Record<string, string[]>;
    features?: Record<string, unknown>;
    interactions?: { url(context: unknown, interaction: { uid: string }): string };
    cookies?: { keys: string[] };
    pkce?: { required(): boolean };
    ttl?: Record<string, number>;
    [setting: string]: unknown;
  }

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: ProviderConfiguration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<{ uid: string; params: { client_id: string } }>;
    interactionFinished(
      request: IncomingMessage,
      response: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    Grant: new (values: {
      accountId: string;
      clientId: string;
    }) => Grant;
  }
}

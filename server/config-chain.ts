// The on-chain crypto rail's options (docs/decisions/0109-crypto-rail.md), parsed for server/config.ts: the EVM
// node's JSON-RPC URL and chain id, the tokens accepted, the confirmations a deposit needs and the deposit xpub.
// The web server holds no private key: the xpub must be an extended *public* key, and an xprv is refused.
import { HDKey } from '@scure/bip32';
import { type Address, getAddress, isAddress } from 'viem';
import { z } from 'zod';

/** A token the rail accepts: the chain's own coin (`native`, 18 decimals) or an ERC-20 by its contract address. */
export type ChainToken = { symbol: string; kind: 'native'; decimals: 18 } | { symbol: string; kind: 'erc20'; address: Address; decimals: number };

export type ChainConfig = {
  rpcUrl: string;
  chainId: number;
  tokens: ChainToken[];
  /** Blocks on top of a deposit's own (counting it) before it is credited: CHAIN_CONFIRMATIONS, 12 by default. */
  confirmations: number;
  /** The account-level extended public key (m/44'/60'/account'); players' addresses are its 0/index children. */
  depositXpub: string;
  /** How often the chain watcher reads new blocks. */
  pollSeconds: number;
  /**
   * The signer process that pays approved withdrawals (docs/decisions/0123-signer.md): its URL and the shared secret
   * requests to it are signed with. Unset: no on-chain withdrawal is offered.
   */
  signer?: { url: string; secret: string } | undefined;
};

const SYMBOL = /^[A-Z0-9]{2,11}$/;

/** `ETH:native,USDC:0xA0b8…eB48:6`: each token as SYMBOL:native or SYMBOL:contract address:decimals. */
export function parseChainTokens(value: string): { tokens: ChainToken[] } | { problem: string } {
  const tokens: ChainToken[] = [];
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length === 0) return { problem: 'must list at least one token' };
  for (const item of items) {
    const [symbol = '', where = '', decimals, ...rest] = item.split(':').map((part) => part.trim());
    if (!SYMBOL.test(symbol)) return { problem: `has "${item}": a token must start with its symbol (2 to 11 capital letters or digits)` };
    if (where === 'native' && decimals === undefined) {
      tokens.push({ symbol, kind: 'native', decimals: 18 });
    } else if (isAddress(where, { strict: false }) && decimals !== undefined && rest.length === 0) {
      // A mixed-case address must carry a valid EIP-55 checksum: a mistyped one is refused, not guessed.
      if (!isAddress(where, { strict: true })) return { problem: `has "${item}": the contract address's checksum (EIP-55) is wrong` };
      if (!/^\d{1,2}$/.test(decimals) || Number(decimals) > 36) return { problem: `has "${item}": decimals must be a whole number from 0 to 36` };
      tokens.push({ symbol, kind: 'erc20', address: getAddress(where), decimals: Number(decimals) });
    } else {
      return { problem: `has "${item}": each token must be SYMBOL:native or SYMBOL:0x<contract address>:<decimals>` };
    }
  }
  if (tokens.filter((token) => token.kind === 'native').length > 1) return { problem: 'may name the native coin only once' };
  if (new Set(tokens.map((token) => token.symbol)).size !== tokens.length) return { problem: 'names a symbol twice' };
  const addresses = tokens.flatMap((token) => (token.kind === 'erc20' ? [token.address] : []));
  if (new Set(addresses).size !== addresses.length) return { problem: 'names a contract twice' };
  return { tokens };
}

/** The xpub's problem, or null when it is an extended public key this rail can derive addresses from. */
export function depositXpubProblem(value: string): string | null {
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(value);
  } catch {
    return 'must be a BIP-32 extended public key (xpub…)';
  }
  if (key.privateKey) return 'must be an extended public key (xpub…), never a private one: the web server holds no private key';
  return null;
}

/** The variables, spread into the environment schema of server/config.ts. */
export const chainEnvironment = {
  CHAIN_RPC_URL: z
    .url({ message: 'must be a URL' })
    .refine((value) => ['http:', 'https:'].includes(new URL(value).protocol), { message: 'must start with http:// or https://' })
    .optional(),
  CHAIN_ID: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(2 ** 32)
    .optional(),
  CHAIN_TOKENS: z
    .string()
    .transform((value, context) => {
      const parsed = parseChainTokens(value);
      if ('problem' in parsed) {
        context.addIssue({ code: 'custom', message: parsed.problem });
        return z.NEVER;
      }
      return parsed.tokens;
    })
    .optional(),
  CHAIN_CONFIRMATIONS: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(10_000)
    .default(12),
  CHAIN_DEPOSIT_XPUB: z
    .string()
    .superRefine((value, context) => {
      const problem = depositXpubProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  CHAIN_POLL_SECONDS: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(60).default(10),
  /** The signer (docs/decisions/0123): where it listens, and the secret both sides sign requests with (32+ characters). */
  SIGNER_URL: z
    .url({ message: 'must be a URL' })
    .refine((value) => ['http:', 'https:'].includes(new URL(value).protocol), { message: 'must start with http:// or https://' })
    .optional(),
  SIGNER_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
};

const REQUIRED = ['CHAIN_RPC_URL', 'CHAIN_ID', 'CHAIN_TOKENS', 'CHAIN_DEPOSIT_XPUB'] as const;

type ChainEnvironment = {
  CHAIN_RPC_URL?: string | undefined;
  CHAIN_ID?: number | undefined;
  CHAIN_TOKENS?: ChainToken[] | undefined;
  CHAIN_CONFIRMATIONS: number;
  CHAIN_DEPOSIT_XPUB?: string | undefined;
  CHAIN_POLL_SECONDS: number;
  SIGNER_URL?: string | undefined;
  SIGNER_SECRET?: string | undefined;
};

/** All four set, or none (the rail is off). Run in superRefine. */
export function checkChainEnvironment(e: ChainEnvironment, context: z.RefinementCtx): void {
  const anySet = REQUIRED.some((name) => e[name] !== undefined);
  if (anySet) {
    for (const name of REQUIRED.filter((required) => e[required] === undefined)) {
      context.addIssue({
        code: 'custom',
        path: [name],
        message: `must be set for the crypto rail, with ${REQUIRED.filter((other) => other !== name).join(', ')}`,
      });
    }
  }
  if ((e.SIGNER_URL === undefined) !== (e.SIGNER_SECRET === undefined)) {
    context.addIssue({ code: 'custom', path: [e.SIGNER_URL ? 'SIGNER_SECRET' : 'SIGNER_URL'], message: 'must be set with SIGNER_URL and SIGNER_SECRET both' });
  }
}

export function chainConfigOf(e: ChainEnvironment): ChainConfig | undefined {
  if (!e.CHAIN_RPC_URL || !e.CHAIN_ID || !e.CHAIN_TOKENS || !e.CHAIN_DEPOSIT_XPUB) return undefined;
  return {
    rpcUrl: e.CHAIN_RPC_URL,
    chainId: e.CHAIN_ID,
    tokens: e.CHAIN_TOKENS,
    confirmations: e.CHAIN_CONFIRMATIONS,
    depositXpub: e.CHAIN_DEPOSIT_XPUB,
    pollSeconds: e.CHAIN_POLL_SECONDS,
    signer: e.SIGNER_URL && e.SIGNER_SECRET ? { url: e.SIGNER_URL, secret: e.SIGNER_SECRET } : undefined,
  };
}

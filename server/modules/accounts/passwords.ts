import { readFileSync } from 'node:fs';
import argon2 from 'argon2';

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;

/**
 * argon2id through the maintained native binding. The parameters come from config (production never
 * below m = 19 MiB, t = 2, p = 1); hashes made with weaker ones are upgraded at the next login.
 */
export function createPasswordHasher({ memoryKib, timeCost }: { memoryKib: number; timeCost: number }) {
  const options = { type: argon2.argon2id, memoryCost: memoryKib, timeCost, parallelism: 1 } as const;
  // Verified against when the e-mail is unknown, so both failures take as long as each other.
  let dummy: Promise<string> | undefined;

  return {
    options,
    hash: (password: string) => argon2.hash(password, options),

    async verify(hash: string, password: string): Promise<boolean> {
      try {
        return await argon2.verify(hash, password);
      } catch {
        return false;
      }
    },

    /** Spends the same effort as a real verification and always fails. */
    async verifyNothing(password: string): Promise<false> {
      dummy ??= argon2.hash('not a password of anyone', options);
      await argon2.verify(await dummy, password).catch(() => false);
      return false;
    },

    needsRehash: (hash: string) => argon2.needsRehash(hash, options),
  };
}

let commonPasswords: Set<string> | undefined;

/**
 * The 19,640 most common passwords (Royce Williams' list as shipped by Django, lowercased), loaded
 * once. Compared case-insensitively, so "Password1!" is refused when "password1!" is listed.
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
  return commonPasswords.has(password.trim().toLowerCase());
}

export const commonPasswordCount = () => {
  isCommonPassword('');
  return commonPasswords?.size ?? 0;
};

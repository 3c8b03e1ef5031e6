import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playerRefusal, type Requirement } from './player-standing.ts';

const requirements: Requirement[] = ['signed-in', 'not-blocked', 'active'];

describe('playerRefusal', () => {
  it('answers 401 Unauthenticated. to nobody, whatever the requirement', () => {
    for (const requirement of requirements) {
      expect(playerRefusal(null, requirement)).toEqual({ status: 401, body: { message: 'Unauthenticated.' } });
      expect(playerRefusal(undefined, requirement)).toEqual({ status: 401, body: { message: 'Unauthenticated.' } });
    }
  });

  it('lets any signed-in player through a signed-in requirement', () => {
    expect(playerRefusal({ blocked: true, active: false }, 'signed-in')).toBeNull();
  });

  it('answers 423 blocked to a blocked player, before asking whether the account is active', () => {
    const blocked = { status: 423, body: { message: 'Your account is blocked.', type: 'blocked' } };
    expect(playerRefusal({ blocked: true, active: true }, 'not-blocked')).toEqual(blocked);
    expect(playerRefusal({ blocked: true, active: false }, 'active')).toEqual(blocked);
  });

  it('answers 403 inactive to a player who has not activated, only where activation is required', () => {
    expect(playerRefusal({ blocked: false, active: false }, 'active')).toEqual({
      status: 403,
      body: { message: 'Your account is not activated.', type: 'inactive' },
    });
    expect(playerRefusal({ blocked: false, active: false }, 'not-blocked')).toBeNull();
    expect(playerRefusal({ blocked: false, active: true }, 'active')).toBeNull();
  });

  it('only ever tightens: whoever meets a stricter requirement meets the looser ones', () => {
    fc.assert(
      fc.property(fc.option(fc.record({ blocked: fc.boolean(), active: fc.boolean() }), { nil: null }), (player) => {
        const passes = requirements.map((requirement) => playerRefusal(player, requirement) === null);
        expect(passes).toEqual([...passes].sort((a, b) => Number(b) - Number(a)));
      }),
    );
  });
});

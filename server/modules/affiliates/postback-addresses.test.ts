// Which postback addresses an affiliate may save (docs/decisions/0107-affiliates.md).
import { describe, expect, it } from 'vitest';
import { postbackAddressProblem } from './postbacks.ts';

describe('postback addresses an affiliate may save', () => {
  const production = { httpsOnly: true, internalAllowed: false };
  const development = { httpsOnly: false, internalAllowed: true };

  it('in production: https, and on the internet', () => {
    expect(postbackAddressProblem('https://tracker.example/pb?c={click_id}', production)).toBeNull();
    expect(postbackAddressProblem('http://tracker.example/pb', production)).toContain('https://');
    for (const internal of ['https://localhost/pb', 'https://127.0.0.1/pb', 'https://10.0.0.5/pb', 'https://169.254.169.254/latest', 'https://[::1]/pb'])
      expect(postbackAddressProblem(internal, production), internal).toContain('on the internet');
  });

  it('in development: local receivers too', () => {
    expect(postbackAddressProblem('http://127.0.0.1:9000/pb', development)).toBeNull();
  });
});

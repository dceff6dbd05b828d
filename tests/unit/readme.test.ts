import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_PATHS, ENDPOINTS } from '../../src/lib/api/contract.ts';

const readme = readFileSync('README.md', 'utf8');

describe('README', () => {
  it('lists every endpoint of the commerce contract with its method', () => {
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      expect(readme, name).toContain(`| \`${endpoint.method}\` | \`/api${endpoint.path}\` | ${endpoint.auth ? 'member' : '—'} | \`${name}\` |`);
    }
    for (const path of ANALYTICS_PATHS) expect(readme).toContain(`\`${path}\``);
  });
  it('keeps the two commands', () => {
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
  });
});

/** The README and docs/ stay true: the two commands, a short README, links that resolve, and the API table generated from the contract. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_DOC, apiTable, documentedTable } from '../../scripts/docs/api-table.ts';
import { STATES_DOC, statesDocument } from '../../scripts/docs/state-diagram.ts';

const readme = readFileSync('README.md', 'utf8');

describe('README', () => {
  it('keeps the two commands', () => {
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
  });

  it('fits on a few screens: longer material goes in docs/', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
  });

  it('links only to files that exist', () => {
    // Every doc, so a new one is checked the day it is written.
    const docs = readdirSync('docs', { recursive: true })
      .map(String)
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`);
    for (const file of ['README.md', ...docs]) {
      const text = readFileSync(file, 'utf8');
      for (const [, target] of text.matchAll(/\]\(((?!https?:|#)[^)#\s]+)(?:#[^)]*)?\)/g)) {
        expect(existsSync(join(dirname(file), target!)), `${file} links to ${target}`).toBe(true);
      }
    }
  });
});

describe('docs/commerce-api.md', () => {
  it('lists every endpoint of the contract as the generator writes it (npm run docs:api)', () => {
    const table = apiTable();
    expect(table).toContain('| `POST` | `/api/auth/login` | — | `login` |');
    expect(table).toContain('`/datarcvr/event`');
    expect(table).toContain('| `POST` | `/datarcvr/vitals` |');
    expect(documentedTable(readFileSync(API_DOC, 'utf8'))).toBe(table);
  });
});

describe('docs/order-states.md', () => {
  it('is drawn from the state machine as the generator writes it (npm run docs:states)', () => {
    const document = statesDocument();
    expect(document).toContain('  UNPAID --> WAIT_SHIP: pay (PAYMENT)');
    expect(document).toContain('| WAIT_REFUND_TO_BUYER | paidBack | SUCCESS | PAYMENT |');
    expect(readFileSync(STATES_DOC, 'utf8')).toBe(document);
  });
});

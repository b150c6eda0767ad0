// The 400s a newcomer meets first say what to send: a shape by example (never a bare regular expression), and for a
// name sent where a person or organisation id belongs, the look-up request that finds the id.
import { describe, expect, it } from 'vitest';
import { parseListQuery } from '../../api/query/params.ts';
import { ApiError } from '../../api/errors.ts';
import type { ListRoute, ParamDef } from '../../api/routes/types.ts';
import { routesOfKind } from '../../api/routes.ts';

const ctx = { exportId: '2026-11-20-abcd1234', cursorSecret: 'secret' };
const lists = routesOfKind('list');
const route = (id: string) => lists.find((r) => r.id === id)!;

function messageOf(r: ListRoute, qs: string): string {
  try {
    parseListQuery(r, new URLSearchParams(qs), ctx);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    return (error as ApiError).message;
  }
  throw new Error(`${r.path}?${qs} was accepted`);
}

/** The other required parameters of a route, with values that pass. */
function required(r: ListRoute, except: string): string {
  return r.params.filter((p) => p.required && p.name !== except).map((p) => `${p.name}=1`).join('&');
}

const withPattern: [ListRoute, ParamDef][] = lists.flatMap((r) => r.params.filter((p) => p.pattern && !p.format).map((p) => [r, p] as [ListRoute, ParamDef]));

describe('a malformed value is answered with an example of the shape', () => {
  it('the quarter: 2025-1 is answered with 2025Q1, not the regular expression', () => {
    const message = messageOf(route('insights.office-contacts'), 'quarter=2025-1');
    expect(message).toContain('2025Q1');
    expect(message).toContain('"2025-1"');
    expect(message).not.toMatch(/[\\^$]/);
  });

  it('every parameter with a pattern has an example of it, and its 400 shows the example and no regular expression', () => {
    expect(withPattern.length).toBeGreaterThan(10);
    for (const [r, p] of withPattern) {
      expect(p.example, `${r.path} ${p.name}`).toBeDefined();
      expect(new RegExp(p.pattern!, 'u').test(p.example!), `${r.path} ${p.name}: ${p.example}`).toBe(true);
      const others = required(r, p.name);
      const message = messageOf(r, `${others ? `${others}&` : ''}${p.name}=${encodeURIComponent('not a valid value!')}`);
      expect(message, `${r.path} ${p.name}`).toContain(p.example!);
      expect(message, `${r.path} ${p.name}`).not.toContain(p.pattern!);
    }
  });

  it('a date gives an example day', () => {
    expect(messageOf(route('communications.list'), 'from=2025-1-1')).toMatch(/YYYY-MM-DD, such as \d{4}-\d{2}-\d{2}/);
  });
});

describe('a name sent for an id says where the id is found', () => {
  it('member=Wong points to /people?q=Wong', () => {
    const message = messageOf(route('communications.list'), 'member=Wong');
    expect(message).toContain('GET /people?q=Wong');
  });

  it('the name is URL-encoded in the look-up', () => {
    const message = messageOf(route('communications.list'), `member=${encodeURIComponent('Josh Matlow & co')}`);
    expect(message).toContain(`/people?q=${encodeURIComponent('Josh Matlow & co')}`);
  });

  it('every integer person filter does the same, organisation ids point to /organizations', () => {
    const persons = lists.flatMap((r) => r.params.filter((p) => p.lookup === '/people').map((p) => [r, p] as const));
    const names = new Set(persons.map(([, p]) => p.name));
    for (const name of ['member', 'candidate', 'person', 'office']) expect(names, name).toContain(name);
    for (const [r, p] of persons) {
      const others = required(r, p.name);
      expect(messageOf(r, `${others ? `${others}&` : ''}${p.name}=Wong`), `${r.path} ${p.name}`).toContain('GET /people?q=Wong');
    }
    expect(messageOf(route('registrations.list'), 'client=Acme')).toContain('GET /organizations?q=Acme');
  });

  it('digits out of range are no name: no look-up is offered', () => {
    expect(messageOf(route('communications.list'), 'member=99999999999')).not.toContain('/people');
  });
});
